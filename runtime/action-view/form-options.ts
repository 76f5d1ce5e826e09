// FormOptionsHelper's option lists:
//   options_for_select([["A", 1]], 1)                       -> optionsForSelect([["A", 1]], 1)
//   options_from_collection_for_select(c, :id, :name, 2)    -> optionsFromCollectionForSelect(c, "id", "name", 2)
//   grouped_options_for_select(h, sel, prompt: "P")         -> groupedOptionsForSelect(h, sel, { prompt: "P" })
//   option_groups_from_collection_for_select(...)
// Collection "methods" are attribute names read from records (or first/last of arrays), or functions.
import { translate } from "../active-support/i18n.js";
import { allTimeZones, type TimeZone } from "../active-support/time-zone.js";
import { isPlainObject, RubyRange, toArray, toS } from "../ruby/ruby.js";
import { isViewRecord } from "../active-model/host.js";
import { SafeString } from "../active-support/safe.js";
import { contentTag, contentTagString } from "./tag.js";
import type { Attributes } from "./tag-options.js";

export type CollectionMethod = string | ((item: unknown) => unknown);

/** FormOptionsHelper#value_for_collection: `item.public_send(method)` or `method.call(item)`. */
export function valueForCollection(item: unknown, method: CollectionMethod): unknown {
  if (typeof method === "function") return method(item);
  if (Array.isArray(item)) {
    if (method === "first") return item[0] ?? null;
    if (method === "last") return item[item.length - 1] ?? null;
    if (method === "second") return item[1] ?? null;
  }
  if (isViewRecord(item)) {
    if (method === "to_param") return item.toParam();
    const v = item.readAttribute(method);
    if (v !== undefined) return v;
  }
  if (method === "to_s") return toS(item);
  if (item !== null && typeof item === "object" && method in item) {
    const v = (item as Record<string, unknown>)[method];
    return typeof v === "function" ? (v as () => unknown).call(item) : v;
  }
  throw new Error(`undefined method '${method}' for ${toS(item)}`);
}

/** FormOptionsHelper#option_html_attributes: the Hashes inside an option array, merged. */
export function optionHtmlAttributes(element: unknown): Attributes {
  return Array.isArray(element) ? Object.assign({}, ...element.filter(isPlainObject)) : {};
}

function optionTextAndValue(option: unknown): [unknown, unknown] {
  if (Array.isArray(option)) {
    const parts = option.filter((e) => !isPlainObject(e));
    return [parts[0] ?? null, parts[parts.length - 1] ?? null];
  }
  if (option instanceof RubyRange) return [option.first, option.last];
  return [option, option];
}

/** FormOptionsHelper#extract_selected_and_disabled. */
function extractSelectedAndDisabled(selected: unknown): [unknown, unknown] {
  if (typeof selected === "function") return [selected, null];
  const list = selected === null || selected === undefined ? [] : Array.isArray(selected) ? [...selected] : [selected];
  const options = isPlainObject(list[list.length - 1]) ? (list.pop() as Attributes) : {};
  return ["selected" in options ? options.selected : list, options.disabled ?? null];
}

const asStrings = (v: unknown) => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]).map((x) => toS(x));

/** options_for_select(container, selected = nil). */
export function optionsForSelect(container: unknown, selected: unknown = null): SafeString {
  if (typeof container === "string" || container instanceof SafeString) return container as SafeString;
  const [sel, dis] = extractSelectedAndDisabled(selected);
  const selectedValues = asStrings(sel);
  const disabledValues = dis === null || dis === undefined ? null : asStrings(dis);
  return new SafeString(toArray(container).map((element) => {
    const attrs = optionHtmlAttributes(element);
    const [text, value] = optionTextAndValue(element).map((x) => toS(x)) as [string, string];
    attrs.selected ||= selectedValues.includes(value);
    attrs.disabled ||= disabledValues !== null && disabledValues.includes(value);
    attrs.value = value;
    return contentTagString("option", text, attrs).toString();
  }).join("\n"));
}

function extractValuesFromCollection(collection: unknown[], valueMethod: CollectionMethod, selected: unknown): unknown {
  if (typeof selected !== "function") return selected;
  return collection.filter((e) => (selected as (x: unknown) => unknown)(e)).map((e) => valueForCollection(e, valueMethod));
}

/** options_from_collection_for_select(collection, value_method, text_method, selected = nil). */
export function optionsFromCollectionForSelect(collection: unknown, valueMethod: CollectionMethod, textMethod: CollectionMethod,
  selected: unknown = null): SafeString {
  const items = toArray(collection);
  const options = items.map((e) => [valueForCollection(e, textMethod), valueForCollection(e, valueMethod), optionHtmlAttributes(e)]);
  const [sel, dis] = extractSelectedAndDisabled(selected);
  return optionsForSelect(options, {
    selected: extractValuesFromCollection(items, valueMethod, sel),
    disabled: extractValuesFromCollection(items, valueMethod, dis),
  });
}

/** option_groups_from_collection_for_select(collection, group_method, group_label_method, key, value, selected). */
export function optionGroupsFromCollectionForSelect(collection: unknown, groupMethod: CollectionMethod, groupLabelMethod: CollectionMethod,
  optionKeyMethod: CollectionMethod, optionValueMethod: CollectionMethod, selectedKey: unknown = null): SafeString {
  return new SafeString(toArray(collection).map((group) => {
    const tags = optionsFromCollectionForSelect(valueForCollection(group, groupMethod), optionKeyMethod, optionValueMethod, selectedKey);
    return contentTag("optgroup", tags, { label: valueForCollection(group, groupLabelMethod) }).toString();
  }).join(""));
}

/** FormOptionsHelper#prompt_text. */
export function promptText(prompt: unknown): unknown {
  return typeof prompt === "string" ? prompt : translate("helpers.select.prompt", { default: "Please select" });
}

/** grouped_options_for_select(grouped_options, selected_key = nil, options = {}). */
export function groupedOptionsForSelect(grouped: unknown, selectedKey: unknown = null, options: Attributes = {}): SafeString {
  let body = "";
  if (options.prompt) body += contentTag("option", promptText(options.prompt), { value: "" }).toString();
  for (const entry of toArray(grouped)) {
    const attrs = optionHtmlAttributes(entry);
    let label: unknown;
    let container: unknown = entry;
    if (options.divider) label = options.divider;
    else [label, container] = entry as [unknown, unknown];
    body += contentTag("optgroup", optionsForSelect(container, selectedKey), { label, ...attrs }).toString();
  }
  return new SafeString(body);
}

/** time_zone_options_for_select(selected = nil, priority_zones = nil): priority zones, a divider, then all. */
export function timeZoneOptionsForSelect(selected: unknown = null, priorityZones: TimeZone[] | RegExp | null = null): SafeString {
  let zones = allTimeZones();
  const convert = (list: TimeZone[]) => list.map((z) => [z.toRubyString(), z.name]);
  let out = "";
  if (priorityZones) {
    const priority = priorityZones instanceof RegExp ? zones.filter((z) => priorityZones.test(z.toRubyString())) : priorityZones;
    out += optionsForSelect(convert(priority), selected).toString();
    out += contentTag("option", "-------------", { value: "", disabled: true }).toString() + "\n";
    const names = new Set(priority.map((z) => z.name));
    zones = zones.filter((z) => !names.has(z.name));
  }
  return new SafeString(out + optionsForSelect(convert(zones), selected).toString());
}
