// Turbo::StreamsChannel with Turbo::Streams::Broadcasts (turbo-rails 2.0.0): the channel every
// <turbo-cable-stream-source> subscribes to, and the class-level broadcasts that feed it.
//   Turbo::StreamsChannel.broadcast_append_to room, :messages, target: "messages", partial: "messages/message", locals: {...}
//     -> TurboStreamsChannel.broadcastAppendTo(room, "messages", { target: "messages", partial: ..., locals: {...} })
//   broadcast_remove_to / replace / update / before / after / prepend / action / refresh / render / stream
//   broadcast_*_later_to -> the same on a later turn (Rails enqueues a job; see turboBroadcastConfig.enqueue)
// Broadcast content: `content:` or `html:` as given (trusted HTML), else the partial rendered by the app's
// ApplicationController.render (turboBroadcastConfig.render), wrapped by turbo_stream_action_tag.
import { isBlank, isPlainObject, toS, truthy } from "../../ruby/ruby.js";
import type { Attributes } from "../../action-view/tag-options.js";
import { convertToTurboStreamDomId, currentRequestId, turboStreamActionTag, turboStreamRefreshTag } from "./turbo-stream-tags.js";
import { Channel } from "../../action-cable/channel.js";
import { actionCableServer } from "../../action-cable/global.js";
import { streamNameFrom, verifiedStreamName } from "./stream-name.js";

/** What broadcasts need from the app. */
export const turboBroadcastConfig: {
  /** ApplicationController.render(formats: [...], partial:/template:/locals: ...): the broadcast render (host example.org, no CSRF). */
  render: ((options: Attributes) => unknown) | null;
  /** ActiveJob's perform_later for Turbo's broadcast jobs; default: the next turn of the event loop. */
  enqueue: (job: () => unknown) => void;
  /** Turbo::ThreadDebouncer's delay for broadcast_refresh_later_to. */
  refreshDebounceMs: number;
} = {
  render: null,
  enqueue: (job) => void setImmediate(() => void Promise.resolve().then(job).catch((e) => console.error(e))),
  refreshDebounceMs: 500,
};

function renderFormat(format: string, rendering: Attributes): unknown {
  if (!turboBroadcastConfig.render) throw new Error("Turbo broadcasts cannot render: set turboBroadcastConfig.render");
  return turboBroadcastConfig.render({ formats: [format], ...rendering });
}

/** Splits `(*streamables, **opts)`. */
function splitArgs(args: unknown[]): { streamables: unknown[]; opts: Attributes } {
  const streamables = [...args];
  const opts = isPlainObject(streamables[streamables.length - 1]) ? { ...(streamables.pop() as Attributes) } : {};
  return { streamables, opts };
}

// `streamables.flatten!; streamables.compact_blank!`.
function compactStreamables(streamables: unknown[]): unknown[] {
  return (streamables.flat(Infinity) as unknown[]).filter((s) => !isBlank(s));
}

export class TurboStreamsChannel extends Channel {
  static override rubyName = "Turbo::StreamsChannel";
  // turbo-rails defines `subscribed` publicly, so a client may perform it as an action (and stream twice).
  static override publicMethods: readonly string[] = ["subscribed"];

  override subscribed(): void {
    const name = verifiedStreamName(this.params.signed_stream_name);
    if (truthy(name)) this.streamFrom(name);
    else this.reject();
  }

  static broadcastRemoveTo(...args: unknown[]): void {
    this.broadcastNamedAction("remove", args);
  }
  static broadcastReplaceTo(...args: unknown[]): void {
    this.broadcastNamedAction("replace", args);
  }
  static broadcastUpdateTo(...args: unknown[]): void {
    this.broadcastNamedAction("update", args);
  }
  static broadcastBeforeTo(...args: unknown[]): void {
    this.broadcastNamedAction("before", args);
  }
  static broadcastAfterTo(...args: unknown[]): void {
    this.broadcastNamedAction("after", args);
  }
  static broadcastAppendTo(...args: unknown[]): void {
    this.broadcastNamedAction("append", args);
  }
  static broadcastPrependTo(...args: unknown[]): void {
    this.broadcastNamedAction("prepend", args);
  }

  /** `broadcast_<action>[_later]_to`: broadcast_action[_later]_to with `action:` merged last. */
  private static broadcastNamedAction(action: string, args: unknown[], later = false): void {
    const { streamables, opts } = splitArgs(args);
    if (later) this.broadcastActionLaterTo(...streamables, { ...opts, action });
    else this.broadcastActionTo(...streamables, { ...opts, action });
  }

  /** `broadcast_refresh_to(*streamables, **opts)`: 2.0.0 ignores opts (the request id comes from Turbo.current_request_id). */
  static broadcastRefreshTo(...args: unknown[]): void {
    const { streamables } = splitArgs(args);
    this.broadcastStreamTo(...streamables, { content: turboStreamRefreshTag() });
  }

  /** `broadcast_action_to(*streamables, action:, target: nil, targets: nil, attributes: {}, **rendering)`. */
  static broadcastActionTo(...args: unknown[]): void {
    const { streamables, opts } = splitArgs(args);
    const { action, target = null, targets = null, attributes = {}, ...rendering } = opts;
    const template = renderBroadcastAction(rendering);
    const content = turboStreamActionTag(action, { target, targets, template, ...(attributes as Attributes) });
    this.broadcastStreamTo(...streamables, { content });
  }

  /** `broadcast_render_to(*streamables, **rendering)`: a turbo_stream template rendered and sent whole. */
  static broadcastRenderTo(...args: unknown[]): void {
    const { streamables, opts } = splitArgs(args);
    this.broadcastStreamTo(...streamables, { content: renderFormat("turbo_stream", opts) });
  }

  /** `broadcast_stream_to(*streamables, content:)`: nothing is sent when every streamable is blank. */
  static broadcastStreamTo(...args: unknown[]): void {
    const { streamables, opts } = splitArgs(args);
    const list = compactStreamables(streamables);
    if (list.length === 0) return;
    actionCableServer().broadcast(streamNameFrom(list), opts.content);
  }

  static broadcastReplaceLaterTo(...args: unknown[]): void {
    this.broadcastNamedAction("replace", args, true);
  }
  static broadcastUpdateLaterTo(...args: unknown[]): void {
    this.broadcastNamedAction("update", args, true);
  }
  static broadcastBeforeLaterTo(...args: unknown[]): void {
    this.broadcastNamedAction("before", args, true);
  }
  static broadcastAfterLaterTo(...args: unknown[]): void {
    this.broadcastNamedAction("after", args, true);
  }
  static broadcastAppendLaterTo(...args: unknown[]): void {
    this.broadcastNamedAction("append", args, true);
  }
  static broadcastPrependLaterTo(...args: unknown[]): void {
    this.broadcastNamedAction("prepend", args, true);
  }

  /** `broadcast_action_later_to`: targets become DOM ids now, the stream name is fixed now, the render happens in the job. */
  static broadcastActionLaterTo(...args: unknown[]): void {
    const { streamables, opts } = splitArgs(args);
    const list = compactStreamables(streamables);
    if (list.length === 0) return;
    const { target = null, targets = null, ...rest } = opts;
    const name = streamNameFrom(list);
    const job = { ...rest, target: convertToTurboStreamDomId(target), targets: convertToTurboStreamDomId(targets, true) };
    turboBroadcastConfig.enqueue(() => this.broadcastActionTo(name, job));
  }

  /** `broadcast_render_later_to(*streamables, **rendering)`. */
  static broadcastRenderLaterTo(...args: unknown[]): void {
    const { streamables, opts } = splitArgs(args);
    const name = streamNameFrom(streamables);
    turboBroadcastConfig.enqueue(() => this.broadcastRenderTo(name, opts));
  }

  /** `broadcast_refresh_later_to(*streamables, request_id: Turbo.current_request_id, **opts)`, debounced per stream and request. */
  static broadcastRefreshLaterTo(...args: unknown[]): void {
    const { streamables, opts } = splitArgs(args);
    const { request_id: requestId = currentRequestId(), ...rest } = opts;
    const name = streamNameFrom(streamables);
    const key = `turbo-refresh-debouncer-${toS(streamNameFrom([...streamables, requestId]))}`;
    debounce(key, () => {
      const content = turboStreamRefreshTag({ request_id: requestId, ...rest }).toString();
      turboBroadcastConfig.enqueue(() => this.broadcastStreamTo(name, { content }));
    });
  }
}

// render_broadcast_action (2.0.0): content, else html, else a render unless `render: false`.
function renderBroadcastAction(rendering: Attributes): unknown {
  const { content, html, ...rest } = rendering;
  if (truthy(content)) return content;
  if (truthy(html)) return html;
  if (rest.render === false || Object.keys(rest).length === 0) return null;
  return renderFormat("html", rest);
}

const debouncers = new Map<string, ReturnType<typeof setTimeout>>();

// Turbo::ThreadDebouncer: the last call within the delay wins.
function debounce(key: string, fn: () => void): void {
  const pending = debouncers.get(key);
  if (pending) clearTimeout(pending);
  debouncers.set(key, setTimeout(() => {
    debouncers.delete(key);
    fn();
  }, turboBroadcastConfig.refreshDebounceMs));
}
