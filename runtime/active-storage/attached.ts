// ActiveStorage::Attached::One / ::Many (activestorage 7.2 lib/active_storage/attached/{one,many}.rb): what
// `user.avatar` / `message.files` return. They read the record's generated associations (`avatar_attachment`,
// `files_attachments`); what needs the storage service (uploads, variants, URLs of files) is not here and raises.
import { rubyToTs } from "../ruby/names.js";
import { isPresent } from "../ruby/ruby.js";
import { ActiveStorageFilename } from "./filename.js";

/** A record's association reader by its Ruby name (records define readers under the Ruby and the camel name). */
function read(record: unknown, name: string): unknown {
  const r = record as Record<string, unknown>;
  const value = name in r ? r[name] : r[rubyToTs(name)];
  return typeof value === "function" ? (value as () => unknown).call(record) : (value ?? null);
}

function notHere(what: string): never {
  throw new Error(`rails2ts: ActiveStorage ${what} needs the storage service, which the runtime does not have`);
}

export class AttachedOne {
  static readonly rubyName = "ActiveStorage::Attached::One";
  constructor(readonly name: string, readonly record: object) {}

  /** The ActiveStorage::Attachment record, or nil. */
  get attachment(): unknown {
    return read(this.record, `${this.name}_attachment`);
  }

  isAttached(): boolean {
    return isPresent(this.attachment);
  }

  isBlank(): boolean {
    return !this.isAttached();
  }

  isPresent(): boolean {
    return this.isAttached();
  }

  get blob(): unknown {
    const attachment = this.attachment;
    return attachment === null || attachment === undefined ? null : read(attachment, "blob");
  }

  attach(): never {
    return notHere("attach");
  }

  purge(): never {
    return notHere("purge");
  }

  purgeLater(): never {
    return notHere("purge_later");
  }

  // ActiveStorage::Attachment's own methods and its blob's (its delegate_missing_to :blob), as an app reads them
  // through the attached one: declared, so a typed `message.attachment.video?` is a direct call. Each answers as
  // any other name does (rubyMethodMissing below): nil when nothing is attached, else the attachment's member.
  analyze(...args: unknown[]): unknown {
    return this.rubyMethodMissing("analyze", args);
  }

  isImage(...args: unknown[]): unknown {
    return this.rubyMethodMissing("image?", args);
  }

  isAudio(...args: unknown[]): unknown {
    return this.rubyMethodMissing("audio?", args);
  }

  isVideo(...args: unknown[]): unknown {
    return this.rubyMethodMissing("video?", args);
  }

  isText(...args: unknown[]): unknown {
    return this.rubyMethodMissing("text?", args);
  }

  isPreviewable(...args: unknown[]): unknown {
    return this.rubyMethodMissing("previewable?", args);
  }

  isVariable(...args: unknown[]): unknown {
    return this.rubyMethodMissing("variable?", args);
  }

  isRepresentable(...args: unknown[]): unknown {
    return this.rubyMethodMissing("representable?", args);
  }

  variant(...args: unknown[]): unknown {
    return this.rubyMethodMissing("variant", args);
  }

  preview(...args: unknown[]): unknown {
    return this.rubyMethodMissing("preview", args);
  }

  representation(...args: unknown[]): unknown {
    return this.rubyMethodMissing("representation", args);
  }

  metadata(...args: unknown[]): unknown {
    return this.rubyMethodMissing("metadata", args);
  }

  /**
   * Blob#filename through the attachment (its delegate_missing_to :blob): an ActiveStorage::Filename of the blob's
   * filename column; nil when nothing is attached.
   */
  filename(): ActiveStorageFilename | null {
    const blob = this.blob;
    if (blob === null || blob === undefined) return null;
    return new ActiveStorageFilename(String(read(blob, "filename")));
  }

  /**
   * `delegate_missing_to :attachment, allow_nil: true`: another method is the attachment's (analyze, video?,
   * representable?, ...); nil when nothing is attached. An attached one's own methods need the storage service.
   */
  rubyMethodMissing(name: string, args: unknown[]): unknown {
    const attachment = this.attachment;
    if (attachment === null || attachment === undefined) return null;
    const member = (attachment as Record<string, unknown>)[rubyToTs(name)];
    if (typeof member === "function") return (member as (...a: unknown[]) => unknown).apply(attachment, args);
    return notHere(`Attachment#${name}`);
  }
}

export class AttachedMany {
  static readonly rubyName = "ActiveStorage::Attached::Many";
  constructor(readonly name: string, readonly record: object) {}

  get attachments(): unknown {
    return read(this.record, `${this.name}_attachments`);
  }

  get blobs(): unknown {
    return read(this.record, `${this.name}_blobs`);
  }

  isAttached(): boolean {
    return Boolean((this.attachments as { isAny(): boolean }).isAny());
  }

  isBlank(): boolean {
    return !this.isAttached();
  }

  isPresent(): boolean {
    return this.isAttached();
  }

  attach(): never {
    return notHere("attach");
  }

  purge(): never {
    return notHere("purge");
  }
}

/** `ActiveStorage::Attached::One.new(name, record)` as the constant's singleton method. */
export const ActiveStorageAttachedOne = { new: (name: string, record: object) => new AttachedOne(name, record) };
export const ActiveStorageAttachedMany = { new: (name: string, record: object) => new AttachedMany(name, record) };
