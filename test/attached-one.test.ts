// ActiveStorage::Attached::One's declared delegations (runtime/active-storage/attached.ts): `delegate_missing_to
// :attachment, allow_nil: true` in activestorage 7.2's attached/one.rb, so each answers what the attachment's
// method answers, nil when nothing is attached, and raises where the attachment has no such member; the same as
// send finds by name.
import { describe, expect, it } from "vitest";
import { AttachedOne } from "../runtime/active-storage/attached.js";
import { ActiveStorageFilename } from "../runtime/active-storage/filename.js";
import { send } from "../runtime/active-support/core-ext/ops.js";
import { coreBinop } from "../runtime/active-support/core-ext/core-operators.js";
import { encodeJson } from "../runtime/active-support/json.js";
import { eq } from "../runtime/active-support/core-ext/equality.js";
import { toS } from "../runtime/ruby/ruby.js";

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

// Blob#filename is ActiveStorage::Filename.new(self[:filename]), reached from the attached one through the
// attachment's delegate_missing_to :blob. Each row: [name, to_s, base, extension_with_delimiter, extension, to_json],
// recorded from activestorage 7.2.4's filename.rb in the chroot (Ruby 3.3).
const FILENAMES: Array<[string, string, string, string, string, string]> = [
  ["racecar.jpg", "racecar.jpg", "racecar", ".jpg", "jpg", '"racecar.jpg"'],
  [" a/b:c%d.tar.gz ", "a-b-c-d.tar.gz", "b:c%d.tar", ".gz ", "gz ", '"a-b-c-d.tar.gz"'],
  [".bashrc", ".bashrc", ".bashrc", "", "", '".bashrc"'],
  ["noext", "noext", "noext", "", "", '"noext"'],
  ["x.", "x.", "x", ".", "", '"x."'],
  ["a\u202Eb.txt", "a-b.txt", "a\u202Eb", ".txt", "txt", '"a-b.txt"'],
  ["dir/file.rb", "dir-file.rb", "file", ".rb", "rb", '"dir-file.rb"'],
  ["Résumé.PDF", "Résumé.PDF", "Résumé", ".PDF", "PDF", '"Résumé.PDF"'],
];

describe("ActiveStorage::Attached::One#filename (the blob's, by delegation)", () => {
  const attached = (filename: string) => new AttachedOne("cover", recordWith({ blob: { filename } }));

  it.each(FILENAMES)("%j answers an ActiveStorage::Filename as Rails' does", (name, s, base, withDot, extension, json) => {
    const filename = attached(name).filename()!;
    expect(filename).toBeInstanceOf(ActiveStorageFilename);
    expect([toS(filename), send(filename, "to_s"), filename.base(), filename.extensionWithDelimiter(), filename.extension(), encodeJson(filename)]).toEqual([s, s, base, withDot, extension, json]);
    expect(toS(send(attached(name), "filename"))).toBe(s);
  });

  it("compares by to_s, case-insensitively (Comparable)", () => {
    expect(coreBinop("<=>", attached("B.png").filename(), attached("a.png").filename())).toBe(1);
    expect(eq(attached("a.png").filename(), attached("A.PNG").filename())).toBe(true);
  });
});

