// Turbo::StreamsHelper and Turbo::Streams::TagBuilder (turbo-rails 2.0.0):
//   turbo_stream.append "messages", @message            -> turboStream(view).append("messages", message)
//   turbo_stream.replace @message, partial: "m/x", locals: {...}
//                                                        -> turboStream(view).replace(message, { partial: "m/x", locals: {...} })
//   turbo_stream.update("flash") { ... }                 -> turboStream(view).update("flash", () => ...)
//   turbo_stream.remove_all ".messages"                  -> turboStream(view).removeAll(".messages")
//   turbo_stream_from @room, :messages, class: "x"       -> turboStreamFrom(room, "messages", { class: "x" })
// The template of an action is, in order: a component's render_in, the content (a record renders its partial),
// a block (captured), the rendering options (render formats: [:html]), or the target record's own partial.
// String content is trusted as HTML, exactly as turbo-rails trusts it (`template.to_s.html_safe`).
import { signedStreamName } from "./stream-name.js";
import { isPlainObject, toS, truthy } from "../../ruby/ruby.js";
import { isViewRecord, type ViewHost } from "../../active-model/host.js";
import { capture, htmlEscape, htmlSafe, type Block, type SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../../action-view/tag-options.js";
import { tagElement } from "../../action-view/tag.js";
import { turboStreamActionTag, turboStreamRefreshTag } from "./turbo-stream-tags.js";

/** A view that can render partials (ActionView's `render`), as the tag builder and broadcasts need. */
export interface RenderingViewHost extends ViewHost {
  /** `render(options, &block)` with Rails' option keys: partial (a name or a record), locals, collection, formats, layout. */
  render(options: unknown, locals?: unknown, block?: Block): unknown;
}

/** An object rendering itself into a view (ViewComponent's `render_in`). */
interface Renderable {
  renderIn(view: ViewHost, block?: Block | null): unknown;
}

function isRenderable(v: unknown): v is Renderable {
  return v !== null && typeof v === "object" && typeof (v as Renderable).renderIn === "function";
}

interface ActionArgs {
  content: unknown;
  rendering: Attributes;
  block: Block | null;
}

/** Splits `(content = nil, **rendering, &block)` from the arguments after the target. */
function actionArgs(args: unknown[]): ActionArgs {
  const rest = [...args];
  const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as Block) : null;
  const rendering = rest.length > 0 && isPlainObject(rest[rest.length - 1]) ? { ...(rest.pop() as Attributes) } : {};
  return { content: rest[0] ?? null, rendering, block };
}

export class TurboStreamTagBuilder {
  /** TagBuilder#initialize: `@view_context.formats |= [:html]`, so a turbo_stream template's partials are found in
   *  html too from the first `turbo_stream` on (a view that cannot render partials has no lookup to widen). */
  constructor(readonly view: ViewHost) {
    (view as { addFormats?: (formats: string[]) => void }).addFormats?.(["html"]);
  }

  remove(target: unknown): SafeString {
    return this.action("remove", target, { allow_inferred_rendering: false });
  }
  removeAll(targets: unknown): SafeString {
    return this.actionAll("remove", targets, { allow_inferred_rendering: false });
  }
  replace(target: unknown, ...args: unknown[]): SafeString {
    return this.action("replace", target, ...args);
  }
  replaceAll(targets: unknown, ...args: unknown[]): SafeString {
    return this.actionAll("replace", targets, ...args);
  }
  update(target: unknown, ...args: unknown[]): SafeString {
    return this.action("update", target, ...args);
  }
  updateAll(targets: unknown, ...args: unknown[]): SafeString {
    return this.actionAll("update", targets, ...args);
  }
  append(target: unknown, ...args: unknown[]): SafeString {
    return this.action("append", target, ...args);
  }
  appendAll(targets: unknown, ...args: unknown[]): SafeString {
    return this.actionAll("append", targets, ...args);
  }
  prepend(target: unknown, ...args: unknown[]): SafeString {
    return this.action("prepend", target, ...args);
  }
  prependAll(targets: unknown, ...args: unknown[]): SafeString {
    return this.actionAll("prepend", targets, ...args);
  }
  before(target: unknown, ...args: unknown[]): SafeString {
    return this.action("before", target, ...args);
  }
  beforeAll(targets: unknown, ...args: unknown[]): SafeString {
    return this.actionAll("before", targets, ...args);
  }
  after(target: unknown, ...args: unknown[]): SafeString {
    return this.action("after", target, ...args);
  }
  afterAll(targets: unknown, ...args: unknown[]): SafeString {
    return this.actionAll("after", targets, ...args);
  }
  refresh(options: Attributes = {}): SafeString {
    return turboStreamRefreshTag(options);
  }
  turboStreamActionTag(action: unknown, options: Attributes = {}): SafeString {
    return turboStreamActionTag(action, options);
  }

  /** `action(name, target, content = nil, allow_inferred_rendering: true, **rendering, &block)`. */
  action(name: unknown, target: unknown, ...args: unknown[]): SafeString {
    return turboStreamActionTag(name, { target, template: this.renderTemplate(target, actionArgs(args)) });
  }

  /** `action_all(name, targets, content = nil, allow_inferred_rendering: true, **rendering, &block)`. */
  actionAll(name: unknown, targets: unknown, ...args: unknown[]): SafeString {
    return turboStreamActionTag(name, { targets, template: this.renderTemplate(targets, actionArgs(args)) });
  }

  private renderTemplate(target: unknown, a: ActionArgs): unknown {
    const { allow_inferred_rendering: inferred = true, ...rendering } = a.rendering;
    const allowInferred = truthy(inferred);
    if (isRenderable(target) && a.content === null) return target.renderIn(this.view, a.block);
    if (isRenderable(a.content)) return a.content.renderIn(this.view, a.block);
    if (truthy(a.content)) return allowInferred ? (this.renderRecord(a.content) ?? a.content) : a.content;
    if (a.block && ("partial" in rendering || "layout" in rendering)) {
      return this.render({ formats: ["html"], layout: rendering.partial, ...rendering }, a.block);
    }
    if (a.block) return capture(a.block);
    if (Object.keys(rendering).length > 0) return this.render({ formats: ["html"], ...rendering });
    return allowInferred ? this.renderRecord(target) : null;
  }

  private renderRecord(possibleRecord: unknown): unknown {
    return isViewRecord(possibleRecord) ? this.render({ partial: possibleRecord, formats: ["html"] }) : null;
  }

  private render(options: Attributes, block?: Block): unknown {
    return renderInView(this.view, options, block);
  }
}

/**
 * `view_context.render(**options)` for what a stream template holds: `html:` (escaped unless safe), `plain:` and
 * `body:` (as-is) need no template; partials and templates go to the view.
 */
export function renderInView(view: ViewHost, options: Attributes, block?: Block): unknown {
  if ("html" in options) return htmlEscape(options.html);
  if ("plain" in options) return htmlSafe(toS(options.plain));
  if ("body" in options) return htmlSafe(toS(options.body));
  const renderer = view as Partial<RenderingViewHost>;
  if (typeof renderer.render !== "function") throw new Error("this view cannot render partials (render is missing)");
  return block ? renderer.render(options, undefined, block) : renderer.render(options);
}

/** `turbo_stream`: a tag builder over this view. */
export function turboStream(view: ViewHost): TurboStreamTagBuilder {
  return new TurboStreamTagBuilder(view);
}

/** A channel given as a class names itself by its Ruby class name (see runtime/cable's Channel.rubyName). */
function channelName(channel: unknown): unknown {
  if (typeof channel === "function") {
    const klass = channel as { rubyName?: string | null; name: string };
    return klass.rubyName ?? klass.name;
  }
  return channel === null || channel === undefined ? channel : toS(channel);
}

/** `turbo_stream_from(*streamables, **attributes)`: the <turbo-cable-stream-source> subscribing to the signed stream. */
export function turboStreamFrom(...args: unknown[]): SafeString {
  const streamables = [...args];
  const attributes: Attributes = isPlainObject(streamables[streamables.length - 1]) ? { ...(streamables.pop() as Attributes) } : {};
  attributes.channel = channelName(attributes.channel) ?? "Turbo::StreamsChannel";
  attributes["signed-stream-name"] = signedStreamName(streamables);
  return tagElement("turbo_cable_stream_source", attributes);
}
