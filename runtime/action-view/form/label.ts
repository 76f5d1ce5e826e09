// Tags::Label: `label(:post, :title)` -> label(view, "post", "title").
// Text comes from the block, the given content, I18n helpers.label.<object>.<method>, the model's
// human_attribute_name, or the humanized method name, in that order.
import { humanize } from "../../active-support/inflector.js";
import { isPlainObject, isPresent, toS } from "../../ruby/ruby.js";
import { sanitizeToId } from "../form-tag.js";
import type { ViewHost } from "../../active-model/host.js";
import { capture, type Block, type SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import { assertMutable } from "../../active-support/core-ext/frozen.js";
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
  const givenOptions = (given as Attributes | null) ?? {};
  // (Rails merges a content_or_options Hash into the caller's options Hash in place: a frozen one raises.)
  if (isPlainObject(contentOrOptions)) assertMutable(givenOptions);
  // The instance tag copies what it is given, so the caller's hashes are merged into a new one only when both count.
  const options: Attributes = isPlainObject(contentOrOptions) ? Object.assign({}, givenOptions, contentOrOptions) : givenOptions;
  const content: unknown = isPlainObject(contentOrOptions) ? null : contentOrOptions;
  const t = new InstanceTag(view, objectName, method, options);
  const tagValue = t.opts.value ?? null;
  // The tag's options but value, copied past it (a deleted key would slow every later read of the hash).
  const opts: Attributes = {};
  for (const k in t.opts) if (Object.hasOwn(t.opts, k) && k !== "value") opts[k] = t.opts[k];
  const nameAndId: Attributes = Object.assign({}, opts);
  if (nameAndId.for !== null && nameAndId.for !== undefined && nameAndId.for !== false) nameAndId.id = nameAndId.for;
  else delete nameAndId.id;
  t.addDefaultNameAndIdForValue(tagValue, nameAndId);
  if ("index" in opts) delete opts.index;
  if ("namespace" in opts) delete opts.namespace;
  if (!("for" in opts)) opts.for = nameAndId.id;
  const builder = new LabelBuilder(t, tagValue);
  const text = block ? capture(block, builder) : isPresent(content) ? toS(content) : builder.translation();
  return labelTagOf(t, nameAndId.id, text, opts);
}

/** FormTagHelper#label_tag as called from the tag object (so its content_tag wraps errors). */
function labelTagOf(t: InstanceTag, name: unknown, content: unknown, options: Attributes): SafeString {
  const opts = Object.assign({}, options);
  if (isPresent(name) && !("for" in opts)) opts.for = sanitizeToId(name);
  return t.contentTag("label", content !== null && content !== undefined && content !== false ? content : humanize(toS(name)), opts);
}
