// Object-bound selects (Tags::Select, CollectionSelect, GroupedCollectionSelect + SelectRenderer):
//   select(:post, :category, choices, { include_blank: true }, { class: "s" })
//     -> select(view, "post", "category", choices, { include_blank: true }, { class: "s" })
//   collection_select / grouped_collection_select likewise.
import { isBlank, RubyRange, toArray, toS } from "../../ruby/ruby.js";
import {
  groupedOptionsForSelect, optionGroupsFromCollectionForSelect, optionsForSelect, optionsFromCollectionForSelect,
  promptText, type CollectionMethod,
} from "../form-options.js";
import type { ViewHost } from "../../active-model/host.js";
import { capture, SafeString, type Block } from "../../active-support/safe.js";
import { contentTagString } from "../tag.js";
import type { Attributes } from "../tag-options.js";
import { InstanceTag } from "./instance-tag.js";

/** SelectRenderer#add_options: the blank and prompt options in front of the list. */
function addOptions(optionTags: unknown, options: Attributes, value: unknown): string {
  let tags = toS(optionTags);
  if (options.include_blank) {
    const content = typeof options.include_blank === "string" ? options.include_blank : null;
    tags = `${contentTagString("option", content, { value: "", label: content === null ? " " : null })}\n${tags}`;
  }
  if (isBlank(value) && options.prompt) {
    const promptOptions: Attributes = { value: "" };
    if (options.disabled === "") promptOptions.disabled = true;
    if (options.selected === "") promptOptions.selected = true;
    tags = `${contentTagString("option", promptText(options.prompt), promptOptions)}\n${tags}`;
  }
  return tags;
}

/** SelectRenderer#select_content_tag. */
export function selectContentTag(t: InstanceTag, optionTags: unknown, options: Attributes, htmlOptions: Attributes): SafeString {
  const html: Attributes = Object.assign({}, htmlOptions);
  for (const prop of ["required", "multiple", "size"]) {
    if (prop in options && !(prop in html)) {
      html[prop] = options[prop];
      delete options[prop];
    }
  }
  t.addDefaultNameAndId(html);
  const size = html.size === undefined || html.size === null ? 1 : Number.parseInt(toS(html.size), 10) || 0;
  if (html.required && !html.multiple && size === 1) {
    if (options.include_blank === false) throw new Error("include_blank cannot be false for a required field.");
    if (!options.prompt) options.include_blank ||= true;
  }
  const value = "selected" in options ? options.selected : t.value();
  const select = t.contentTag("select", new SafeString(addOptions(optionTags, options, value)), html);
  const includeHidden = "include_hidden" in options ? options.include_hidden : true;
  if (!html.multiple || includeHidden === null || includeHidden === false) return select;
  const hidden = t.tag("input", { disabled: html.disabled, name: html.name, type: "hidden", value: "", autocomplete: "off" });
  return new SafeString(hidden.toString() + select.toString());
}

function isGrouped(choices: unknown): boolean {
  if (isBlank(choices) || typeof choices === "string" || choices instanceof SafeString) return false;
  const first = toArray(choices)[0];
  return Array.isArray(first) && Array.isArray(first[1]);
}

/** select(object, method, choices = nil, options = {}, html_options = {}, &block). */
export function select(view: ViewHost, objectName: unknown, method: unknown, ...args: unknown[]): SafeString {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  const [choicesArg = null, options = {}, htmlOptions = {}] = args;
  let choices = block ? (capture(block) ?? "") : choicesArg;
  if (choices instanceof RubyRange) choices = choices.toArray();
  const t = new InstanceTag(view, objectName, method, options as Attributes);
  const opts = Object.assign({}, t.opts);
  const value = t.value();
  const tagsOptions = { selected: "selected" in opts ? opts.selected : value === null ? "" : value, disabled: opts.disabled ?? null };
  const optionTags = isGrouped(choices) ? groupedOptionsForSelect(choices, tagsOptions) : optionsForSelect(choices, tagsOptions);
  return selectContentTag(t, optionTags, opts, htmlOptions as Attributes);
}

/** collection_select(object, method, collection, value_method, text_method, options = {}, html_options = {}). */
export function collectionSelect(view: ViewHost, objectName: unknown, method: unknown, collection: unknown,
  valueMethod: CollectionMethod, textMethod: CollectionMethod, options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
  const t = new InstanceTag(view, objectName, method, options);
  const opts = Object.assign({}, t.opts);
  const tagsOptions = { selected: "selected" in opts ? opts.selected : t.value(), disabled: opts.disabled ?? null };
  const tags = optionsFromCollectionForSelect(collection, valueMethod, textMethod, tagsOptions);
  return selectContentTag(t, tags, opts, htmlOptions);
}

/** grouped_collection_select(object, method, collection, group_method, group_label_method, key, value, options, html). */
export function groupedCollectionSelect(view: ViewHost, objectName: unknown, method: unknown, collection: unknown,
  groupMethod: CollectionMethod, groupLabelMethod: CollectionMethod, optionKeyMethod: CollectionMethod,
  optionValueMethod: CollectionMethod, options: Attributes = {}, htmlOptions: Attributes = {}): SafeString {
  const t = new InstanceTag(view, objectName, method, options);
  const opts = Object.assign({}, t.opts);
  const tagsOptions = { selected: "selected" in opts ? opts.selected : t.value(), disabled: opts.disabled ?? null };
  const tags = optionGroupsFromCollectionForSelect(collection, groupMethod, groupLabelMethod, optionKeyMethod, optionValueMethod, tagsOptions);
  return selectContentTag(t, tags, opts, htmlOptions);
}
