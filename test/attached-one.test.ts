// ActiveStorage::Attached::One's declared delegations (runtime/active-storage/attached.ts): `delegate_missing_to
// :attachment, allow_nil: true` in activestorage 7.2's attached/one.rb, so each answers what the attachment's
// method answers, nil when nothing is attached, and raises where the attachment has no such member; the same as
// send finds by name.
import { describe, expect, it } from "vitest";
import { AttachedOne } from "../runtime/active-storage/attached.js";
import { send } from "../runtime/active-support/core-ext/ops.js";

const recordWith = (attachment: object | null) => ({ cover_attachment: attachment });

describe("ActiveStorage::Attached::One's attachment methods", () => {
  it("answers the attachment's method, with its arguments", () => {
    const attachment = { isVideo: () => true, representation: (t: unknown) => ["rep", t] };
    const one = new AttachedOne("cover", recordWith(attachment));
    expect(one.isVideo()).toBe(true);
    expect(one.representation("thumb")).toEqual(["rep", "thumb"]);
    expect(send(one, "video?")).toBe(one.isVideo());
  });

  it("answers nil when nothing is attached", () => {
    const one = new AttachedOne("cover", recordWith(null));
    expect(one.isPreviewable()).toBeNull();
    expect(one.filename()).toBeNull();
  });

  it("raises where the attachment has no such method, as by name", () => {
    const one = new AttachedOne("cover", recordWith({}));
    expect(() => one.metadata()).toThrow(/Attachment#metadata needs the storage service/);
    expect(() => send(one, "metadata")).toThrow(/Attachment#metadata needs the storage service/);
  });
});
