// ActionText::Attachable (actiontext 7.2 lib/action_text/attachable.rb): what `include ActionText::Attachable` gives
// a model, and the module's own lookup of an attachment's sgid.
//   Attachable.from_attachable_sgid(sgid)   attachableFromSgid(sgid)   GlobalID::Locator.locate_signed(for: "attachable")
//   include ActionText::Attachable          includeActionTextAttachable(User)   after defineModel(User, ...):
//     user.attachable_sgid                  attachableSgid()            to_sgid(expires_in: nil, for: "attachable").to_s
//     attachable_content_type / _filename / _filesize / _metadata, previewable_attachable?,
//     to_attachable_partial_path / to_trix_content_attachment_partial_path (to_partial_path), to_rich_text_attributes,
//     as_json / serializable_hash with "attachable_sgid" (attribute_names_for_serialization)
//     User.to_missing_attachable_partial_path / User.from_attachable_sgid(sgid)
// A method the model (or a concern it includes after the module) defines itself is kept: it comes first in Ruby's
// ancestors. Nothing here overrides the runtime's Base except the serialization pair, as the module does.
import { rubyToTs } from "../ruby/names.js";
import { locateSignedGlobalId, toSignedGlobalId } from "../gems/globalid/signed-global-id.js";
import { RecordNotFound } from "../active-record/exceptions.js";
import { toS } from "../ruby/ruby.js";

/** Attachable::LOCATOR_NAME, the purpose of an attachable's sgid. */
export const ATTACHABLE_LOCATOR_NAME = "attachable";

/** MissingAttachable::DEFAULT_PARTIAL_PATH. */
export const MISSING_ATTACHABLE_PARTIAL_PATH = "action_text/attachables/missing_attachable";

/** Attachable.from_attachable_sgid(sgid, options): the located record, else ActiveRecord::RecordNotFound. */
export function attachableFromSgid(sgid: unknown, options: { only?: unknown } = {}): unknown {
  if (Array.isArray(sgid)) throw new TypeError("rails2ts: Attachable.from_attachable_sgid of an Array (locate_many_signed) is not implemented");
  const record = locateSignedGlobalId(sgid, { ...options, for: ATTACHABLE_LOCATOR_NAME });
  if (record === null || record === undefined) throw new RecordNotFound("ActiveRecord::RecordNotFound");
  return record;
}

/** Attachable.attachable_from_sgid: from_attachable_sgid with RecordNotFound answered by nil. */
export function attachableFromSgidOrNull(sgid: unknown): unknown {
  try {
    return attachableFromSgid(sgid);
  } catch (e) {
    if (e instanceof RecordNotFound || (e as { name?: unknown } | null)?.name === "RecordNotFound") return null;
    throw e;
  }
}

/** Object#try(name): the member's value (called when a method), nil when the object has no such member. */
function tryMember(target: object, rubyName: string): unknown {
  const key = rubyToTs(rubyName);
  const value = key in target ? (target as Record<string, unknown>)[key] : rubyName in target ? (target as Record<string, unknown>)[rubyName] : undefined;
  if (typeof value === "function") return (value as () => unknown).call(target) ?? null;
  return value ?? null;
}

const present = (v: unknown) => v !== null && v !== undefined && v !== false;

/** `metadata[:width]`: the blob's metadata (indifferent access) by name. */
function metadataValue(metadata: unknown, key: string): unknown {
  if (metadata instanceof Map) return metadata.get(key) ?? null;
  return metadata !== null && typeof metadata === "object" ? ((metadata as Record<string, unknown>)[key] ?? null) : null;
}

interface AttachableRecord {
  toPartialPath(): string;
  isPersisted(): boolean;
  attachableSgid(): string;
  attachableContentType(): unknown;
  attachableFilename(): unknown;
  attachableFilesize(): unknown;
  attachableMetadata(): unknown;
  isPreviewableAttachable(): boolean;
}

/**
 * Attachable#attachable_sgid: `to_sgid(expires_in: nil, for: "attachable").to_s`. The compiler calls it so on a
 * record of a model that includes the module and does not define the method itself.
 */
export function actionTextAttachableSgid(record: object): string {
  return toSignedGlobalId(record as AttachableRecord, { expires_in: null, for: ATTACHABLE_LOCATOR_NAME }).toRubyString();
}

/** The module's instance methods, by their TS names. */
const INSTANCE_METHODS: Record<string, (this: AttachableRecord, ...args: never[]) => unknown> = {
  attachableSgid(this: AttachableRecord): string {
    return actionTextAttachableSgid(this);
  },
  attachableContentType(this: AttachableRecord): unknown {
    const own = tryMember(this, "content_type");
    return present(own) ? own : "application/octet-stream";
  },
  attachableFilename(this: AttachableRecord): unknown {
    return "filename" in this ? toS(tryMember(this, "filename")) : null;
  },
  attachableFilesize(this: AttachableRecord): unknown {
    const size = tryMember(this, "byte_size");
    return present(size) ? size : tryMember(this, "filesize");
  },
  attachableMetadata(this: AttachableRecord): unknown {
    const metadata = tryMember(this, "metadata");
    return present(metadata) ? metadata : {};
  },
  isPreviewableAttachable(): boolean {
    return false;
  },
  toTrixContentAttachmentPartialPath(this: AttachableRecord): unknown {
    return this.toPartialPath();
  },
  toAttachablePartialPath(this: AttachableRecord): unknown {
    return this.toPartialPath();
  },
  /** to_rich_text_attributes(attributes = {}): the given ones, then the attachable's, nil values dropped. */
  toRichTextAttributes(this: AttachableRecord, attributes: Record<string, unknown> = {}): Record<string, unknown> {
    const attrs: Record<string, unknown> = { ...attributes };
    attrs.sgid = this.attachableSgid();
    attrs.content_type = this.attachableContentType();
    if (this.isPreviewableAttachable()) attrs.previewable = true;
    attrs.filename = this.attachableFilename();
    attrs.filesize = this.attachableFilesize();
    attrs.width = metadataValue(this.attachableMetadata(), "width");
    attrs.height = metadataValue(this.attachableMetadata(), "height");
    return Object.fromEntries(Object.entries(attrs).filter(([, v]) => v !== null && v !== undefined));
  },
};

type Serializer = (this: AttachableRecord, options?: Record<string, unknown>) => Record<string, unknown>;

const list = (v: unknown): string[] => (v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).map((x) => toS(x)));

/**
 * serializable_hash with attribute_names_for_serialization + ["attachable_sgid"]: the attributes (only:/except:
 * applied), then attachable_sgid (nil unless persisted), then methods: and include:.
 */
function withAttachableSgid(inherited: Serializer): Serializer {
  return function (this: AttachableRecord, options: Record<string, unknown> = {}) {
    const { methods, include, ...filters } = options ?? {};
    const attributes = inherited.call(this, filters);
    const named = filters.only !== undefined && filters.only !== null
      ? list(filters.only).includes("attachable_sgid")
      : !list(filters.except).includes("attachable_sgid");
    const sgid = named ? { attachable_sgid: this.isPersisted() ? this.attachableSgid() : null } : {};
    const extra = methods === undefined && include === undefined ? {} : inherited.call(this, { only: [], methods, include });
    return { ...attributes, ...sgid, ...extra };
  };
}

const included = new WeakSet<object>();

/** `include ActionText::Attachable` in a model class (after defineModel): its instance and class methods. */
export function includeActionTextAttachable(cls: abstract new (...args: never[]) => unknown): void {
  const proto = cls.prototype as Record<string, unknown>;
  for (const [name, fn] of Object.entries(INSTANCE_METHODS)) {
    if (!(name in proto)) Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
  }
  for (const name of ["asJson", "serializableHash"]) {
    const inherited = proto[name];
    if (typeof inherited === "function" && !Object.prototype.hasOwnProperty.call(proto, name)) {
      Object.defineProperty(proto, name, { value: withAttachableSgid(inherited as Serializer), writable: true, configurable: true });
    }
  }
  const statics = cls as unknown as Record<string, unknown>;
  if (!("toMissingAttachablePartialPath" in statics)) {
    Object.defineProperty(cls, "toMissingAttachablePartialPath", { value: () => MISSING_ATTACHABLE_PARTIAL_PATH, writable: true, configurable: true });
  }
  if (!("fromAttachableSgid" in statics)) {
    Object.defineProperty(cls, "fromAttachableSgid", {
      value(this: unknown, sgid: unknown) {
        return attachableFromSgid(sgid, { only: this });
      },
      writable: true,
      configurable: true,
    });
  }
  included.add(cls);
}

/**
 * `object.extend ActionText::Attachable`: the module's instance methods on that one object, ahead of its class's (a
 * singleton class comes first in Ruby's lookup); class_methods are not added (Concern applies them on include only).
 */
export function extendActionTextAttachable(object: unknown): unknown {
  if (object === null || typeof object !== "object") throw new TypeError(`rails2ts: extend(ActionText::Attachable) on ${toS(object)} is not implemented`);
  const own = object as Record<string, unknown>;
  for (const [name, fn] of Object.entries(INSTANCE_METHODS)) Object.defineProperty(object, name, { value: fn, writable: true, configurable: true });
  for (const name of ["asJson", "serializableHash"]) {
    const inherited = own[name];
    if (typeof inherited === "function") Object.defineProperty(object, name, { value: withAttachableSgid(inherited as Serializer), writable: true, configurable: true });
  }
  return object;
}

/** Whether a class (or an ancestor) includes ActionText::Attachable. */
export function isActionTextAttachableClass(cls: unknown): boolean {
  for (let c = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) if (included.has(c)) return true;
  return false;
}
