// An app's reopening of ActionText::Attachment whose `from_node` tries lookups of its own before Action Text's
// (lib/rails_ext in some apps), declined by the compiler, raising exactly where the override would answer
// differently from Action Text's default, and nowhere else:
//   new(node, attachable || Embed.from_node(node) || helper(node["sgid"]) || ActionText::Attachable.from_node(node))
//   Embed.from_node(node) (an app class, lowered)    claims the node (not nil)       -> raises (not rendered as one)
//   helper(node["sgid"]) (declined: unverified decode) the sgid verifies and finds    -> that record (what both answer)
//                                                      it does not, yet its payload
//                                                      names a record that exists    -> raises (the helper would decode it)
//                                                      otherwise                       -> Action Text's default
import { declinedError } from "../ruby/not-lowered.js";
import { marshalLoad } from "../ruby/marshal.js";
import { truthy } from "../ruby/ruby.js";
import { locateGlobalId } from "../gems/globalid/global-id.js";
import { RecordNotFound } from "../active-record/exceptions.js";
import { actionTextConfig } from "./attachment.js";
import type { ActionTextNode } from "./node.js";

export interface DeclinedAttachmentLookups {
  site: string;
  diagnostic: string;
  /** The override's lookups by an app class of its own (`Embed.from_node(node)`), lowered. */
  classLookups: Array<(node: ActionTextNode) => unknown>;
  /** Whether the override reads the node's sgid with a lookup of its own that does not verify it. */
  unverifiedSgid: boolean;
  /** An override the compiler could not read: every attachment raises where it is resolved. */
  whole?: boolean;
}

export function declineAttachmentLookups(d: DeclinedAttachmentLookups): void {
  actionTextConfig.attachmentAttachableFromNode = (node) => {
    if (d.whole) throw declinedError(d.site, d.diagnostic);
    for (const lookup of d.classLookups) if (truthy(lookup(node))) throw declinedError(d.site, d.diagnostic);
    const sgid = node.get("sgid");
    if (!d.unverifiedSgid || sgid === null) return null;
    const record = actionTextConfig.locateSignedAttachable?.(sgid);
    if (record !== null && record !== undefined) return record;
    if (unverifiedRecord(sgid) !== null) throw declinedError(d.site, d.diagnostic);
    return null;
  };
}

/**
 * The record an sgid's payload names, read without verifying it (the legacy envelope: JSON of `_rails.message`, the
 * urlsafe Base64 of Marshal.dump(gid)); null when it does not read or the record is gone.
 */
export function unverifiedRecord(sgid: string): unknown {
  try {
    const envelope = JSON.parse(Buffer.from(sgid.split("--")[0] ?? "", "base64").toString("utf8")) as { _rails?: { message?: unknown; data?: unknown } };
    const inner = envelope._rails?.message;
    const gid = typeof inner === "string" ? marshalLoad(Buffer.from(inner, "base64url")) : envelope._rails?.data;
    return typeof gid === "string" ? (locateGlobalId(gid) ?? null) : null;
  } catch (error) {
    if (error instanceof RecordNotFound || error instanceof SyntaxError || error instanceof TypeError) return null;
    throw error;
  }
}
