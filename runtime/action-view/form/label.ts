// Tags::Label: `label(:post, :title)` -> label(view, "post", "title").
// Text comes from the block, the given content, I18n helpers.label.<object>.<method>, the model's
// human_attribute_name, or the humanized method name, in that order.
import { humanize } from "../../active-support/inflector.js";
import { isPlainObject, isPresent, toS } from "../../ruby/ruby.js";
import { sanitizeToId } from "../form-tag.js";
import type { ViewHost } from "../../active-model/host.js";
import { capture, type Block, type SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import { InstanceTag } from "./instance-tag.js";

/** Tags::Label::LabelBuilder: what a label block receives (`b.translation`, `b.object`). */
export class LabelBuilder {
  constructor(
    private readonly tag: InstanceTag,
    readonly tagValue: unknown,
  ) {}
  get object(): unknown {
    return this.tag.object;
  }
  translation(): string {
    const methodAndValue = isPresent(this.tagValue) ? `${this.tag.methodName}.${toS(this.tagValue)}` : this.tag.methodName;
    return this.tag.translate(methodAndValue, "helpers.label") ?? humanize(this.tag.methodName);
  }
  toRubyString(): string {
    return this.translation();
  }
}

/** label(object_name, method, content_or_options = nil, options = nil, &block). */
export function label(view: ViewHost, objectName: unknown, method: unknown, ...args: unknown[]): SafeString {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  const [contentOrOptions = null, given = null] = args;
  const options: Attributes = { ...((given as Attributes | null) ?? {}) };
  let content: unknown = contentOrOptions;
  if (isPlainObject(contentOrOptions)) {
    Object.assign(options, contentOrOptions);
    content = null;
  }
  const t = new InstanceTag(view, objectName, method, options);
  const opts = { ...t.opts };
  const tagValue = opts.value ?? null;
  delete opts.value;
  const nameAndId: Attributes = { ...opts };
  if (nameAndId.for !== null && nameAndId.for !== undefined && nameAndId.for !== false) nameAndId.id = nameAndId.for;
  else delete nameAndId.id;
  t.addDefaultNameAndIdForValue(tagValue, nameAndId);
  delete opts.index;
  delete opts.namespace;
  if (!("for" in opts)) opts.for = nameAndId.id;
  const builder = new LabelBuilder(t, tagValue);
  const text = block ? capture(block, builder) : isPresent(content) ? toS(content) : builder.translation();
  return labelTagOf(t, nameAndId.id, text, opts);
}

/** FormTagHelper#label_tag as called from the tag object (so its content_tag wraps errors). */
function labelTagOf(t: InstanceTag, name: unknown, content: unknown, options: Attributes): SafeString {
  const opts = { ...options };
  if (isPresent(name) && !("for" in opts)) opts.for = sanitizeToId(name);
  return t.contentTag("label", content !== null && content !== undefined && content !== false ? content : humanize(toS(name)), opts);
}
