// Turbo::FramesHelper (turbo-rails 2.0.0):
//   turbo_frame_tag "tray", src: tray_path(t), target: "_top"   -> turboFrameTag(view, "tray", { src: ..., target: "_top" })
//   turbo_frame_tag @room, :messages { ... }                      -> turboFrameTag(view, room, "messages", () => ...)
//   turbo_frame_tag [user_id, "tray"]                             -> ids joined with "_" (Array#join flattens)
// The id is dom_id(*ids) when the first id is a record, else the ids joined with "_"; src goes through url_for
// when present; the attributes keep the caller's order with id, src and target merged in (nil ones dropped).
import { isPlainObject, isPresent, toS } from "../../ruby/ruby.js";
import { isViewRecord, type ViewHost } from "../../active-model/host.js";
import { domId } from "../../action-view/record-identifier.js";
import type { Block, SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../../action-view/tag-options.js";
import { tagElement } from "../../action-view/tag.js";

/** Splits Ruby's `(*ids, src: nil, target: nil, **attributes, &block)` from the lowered argument list. */
function frameArgs(args: unknown[]): { ids: unknown[]; options: Attributes; block: Block | null } {
  const ids = [...args];
  const block = typeof ids[ids.length - 1] === "function" ? (ids.pop() as Block) : null;
  const options = isPlainObject(ids[ids.length - 1]) ? { ...(ids.pop() as Attributes) } : {};
  return { ids, options, block };
}

// Array#join("_"): nested arrays flatten, nil is "", anything else its to_s.
function joinIds(ids: unknown[]): string {
  return ids.map((id) => (Array.isArray(id) ? joinIds(id) : toS(id))).join("_");
}

/** The frame id: `dom_id(*ids)` for a record (optionally with a prefix), else the joined ids. */
export function turboFrameId(ids: unknown[]): string {
  const [first] = ids;
  if (!isViewRecord(first)) return joinIds(ids);
  if (ids.length > 2) throw new Error(`wrong number of arguments (given ${ids.length}, expected 1..2)`);
  return domId(first, ids[1] ?? null);
}

/** `turbo_frame_tag(*ids, src: nil, target: nil, **attributes, &block)`. */
export function turboFrameTag(view: ViewHost, ...args: unknown[]): SafeString {
  const { ids, options, block } = frameArgs(args);
  const { src = null, target = null, ...attributes } = options;
  const merged: Attributes = { ...attributes, id: turboFrameId(ids), src: isPresent(src) ? view.urlFor(src) : src, target };
  // `.compact`: only nil values go; "" and false stay.
  for (const key of Object.keys(merged)) if (merged[key] === null || merged[key] === undefined) delete merged[key];
  return block ? tagElement("turbo_frame", merged, block) : tagElement("turbo_frame", merged);
}
