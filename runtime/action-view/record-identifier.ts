// ActionView::RecordIdentifier: DOM ids and classes for records and model classes.
//   dom_id(@post)           -> domId(post)             "post_1" / "new_post"
//   dom_id(@post, :edit)    -> domId(post, "edit")     "edit_post_1"
//   dom_class(Post, :new)   -> domClass(PostClass, "new")
import { toS } from "../ruby/ruby.js";
import { isViewRecord, type ModelClass, type ViewRecord } from "../active-model/host.js";

const JOIN = "_";
const NEW = "new";

/** dom_class(record_or_class, prefix = nil). */
export function domClass(recordOrClass: ViewRecord | ModelClass, prefix: unknown = null): string {
  const singular = recordOrClass.modelName.paramKey;
  return prefix !== null && prefix !== undefined ? `${toS(prefix)}${JOIN}${singular}` : singular;
}

/** record_key_for_dom_id(record): the to_key parts joined with "_" (nil for new records). */
export function recordKeyForDomId(record: ViewRecord): string | null {
  const key = record.toKey();
  if (key && key.length === 1) {
    // One primary key (the usual record): its to_s, without building the list of parts.
    const only = key[0];
    return only !== null && only !== undefined && only !== false ? toS(only) : null;
  }
  return key && key.every((k) => k !== null && k !== undefined && k !== false) ? key.map((k) => toS(k)).join(JOIN) : null;
}

/** dom_id(record_or_class, prefix = nil): classes and new records get the "new" prefix. */
export function domId(recordOrClass: ViewRecord | ModelClass, prefix: unknown = null): string {
  const key = isViewRecord(recordOrClass) ? recordKeyForDomId(recordOrClass) : null;
  if (key) return `${domClass(recordOrClass, prefix)}${JOIN}${key}`;
  return domClass(recordOrClass, prefix ?? NEW);
}
