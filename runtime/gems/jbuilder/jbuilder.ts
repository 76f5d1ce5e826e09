// Jbuilder 2.x core (jbuilder.rb) -> JbuilderBase: the document model and its merge rules, ported one to one
// because the bytes depend on them (blocks that set nothing vanish, repeated blocks deep-merge, arrays concat).
//
//   json.title @post.title                 json.set("title", post.title)
//   json.author do ... end                 json.set("author", () => { ... })
//   json.replies @post.replies do |c|    json.set("replies", post.replies, (c) => { ... })
//   json.replies @post.replies, :body    json.set("replies", post.replies, "body")
//   json.extract! @post, :id, :title       json.extract(post, "id", "title")
//   json.array! @posts do |p| ... end      json.array(posts, (p) => { ... })
//   json.child! { }, json.merge!(h), json.nil!, json.ignore_nil!, json.key_format! camelize: :lower
//   json.target!                           json.target()   (ActiveSupport to_json of the document)
// Hashes are Maps inside the document so keys keep insertion order even when they look like integers.
import { rubyToTs } from "../../ruby/names.js";
import { camelize } from "../../active-support/inflector.js";
import { isPlainObject } from "../../ruby/ruby.js";
import { generate, asJson } from "../../active-support/json-encode.js";

export const BLANK: unique symbol = Symbol("Jbuilder::Blank");
type Blank = typeof BLANK;
export type Block = (...args: never[]) => void;
type KeyFormat = string | { [method: string]: unknown } | ((key: string) => string);

export class JbuilderError extends Error {
  override readonly name = "JbuilderError";
}

const isBlock = (v: unknown): v is Block => typeof v === "function";
const isHash = (v: unknown): v is Map<string, unknown> | { [k: string]: unknown } => v instanceof Map || isPlainObject(v);
const toMap = (v: Map<string, unknown> | { [k: string]: unknown }) => (v instanceof Map ? new Map(v) : new Map(Object.entries(v)));

/** respond_to?(:map) && respond_to?(:count): arrays and relations. */
export function isCollection(v: unknown): boolean {
  if (Array.isArray(v)) return true;
  const o = v as { map?: unknown; count?: unknown } | null;
  return typeof o === "object" && o !== null && typeof o.map === "function" && typeof o.count === "function";
}

export function toArray(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  const withToA = v as { toA?: () => unknown[] };
  return typeof withToA.toA === "function" ? withToA.toA() : [...(v as Iterable<unknown>)];
}

/** public_send(key) on a lowered object: a record's reader, a method, a property, a hash entry. */
export function readMember(object: unknown, key: string): unknown {
  const o = object as { [k: string]: unknown } & { readAttributeForSerialization?: (k: string) => unknown };
  if (typeof o.readAttributeForSerialization === "function") return o.readAttributeForSerialization(key);
  const member = o[rubyToTs(key)] ?? o[key];
  return typeof member === "function" ? (member as () => unknown).call(object) : (member ?? null);
}

function isEmpty(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Map) return v.size === 0;
  return isPlainObject(v) && Object.keys(v).length === 0;
}

function deepMerge(current: Map<string, unknown>, updates: Map<string, unknown>): Map<string, unknown> {
  const out = new Map(current);
  for (const [k, v] of updates) {
    const existing = out.get(k);
    out.set(k, isHash(existing) && isHash(v) ? deepMerge(toMap(existing), toMap(v)) : v);
  }
  return out;
}

export class JbuilderBase {
  protected attrs: unknown = new Map<string, unknown>();
  protected keyFormatter: ((key: string) => string) | null = null;
  protected ignoreNils = false;
  protected deepFormat = false;

  constructor(options: { keyFormat?: KeyFormat; ignoreNil?: boolean; deepFormatKeys?: boolean } = {}) {
    if (options.keyFormat) this.keyFormat(options.keyFormat);
    this.ignoreNils = options.ignoreNil ?? false;
    this.deepFormat = options.deepFormatKeys ?? false;
  }

  /** set!(key, value = BLANK, *args, &block) — a trailing function is the block. */
  set(key: string, ...args: unknown[]): void {
    const block = isBlock(args[args.length - 1]) ? (args.pop() as Block) : null;
    const value = args.length ? args.shift() : BLANK;
    this.setValue(key, this.computeSet(key, value, args as string[], block));
  }

  private computeSet(key: string, value: unknown, attributes: string[], block: Block | null): unknown {
    if (block) return value === BLANK ? this.mergeBlock(key, block) : this.scope(() => this.arrayOf(value, [], block));
    if (attributes.length === 0) return this.formatKeys(value instanceof JbuilderBase ? value.attributesBang() : value);
    if (isCollection(value)) return this.scope(() => this.arrayOf(value, attributes, null));
    return this.mergeBlock(key, () => this.extractInto(value, attributes));
  }

  extract(object: unknown, ...attributes: string[]): void {
    this.extractInto(object, attributes);
  }

  /** json.(object, *attributes) / json.(collection) { } */
  call(object: unknown, ...args: unknown[]): void {
    const block = isBlock(args[args.length - 1]) ? (args.pop() as Block) : null;
    if (block) this.arrayOf(object, [], block);
    else this.extractInto(object, args as string[]);
  }

  array(collection: unknown = [], ...args: unknown[]): void {
    const block = isBlock(args[args.length - 1]) ? (args.pop() as Block) : null;
    this.arrayOf(collection, args as string[], block);
  }

  child(block: Block): void {
    if (!Array.isArray(this.attrs)) this.attrs = [];
    (this.attrs as unknown[]).push(this.scope(() => (block as (j: this) => void)(this)));
  }

  merge(object: unknown): void {
    const value = object instanceof JbuilderBase ? object.attributesBang() : object;
    this.attrs = this.mergeValues(this.attrs, this.formatKeys(value));
  }

  nil(): void {
    this.attrs = null;
  }

  null(): void {
    this.nil();
  }

  ignoreNil(value = true): void {
    this.ignoreNils = value;
  }

  deepFormatKeys(value = true): void {
    this.deepFormat = value;
  }

  /** key_format!(camelize: :lower) / ("upcase") / (fn). */
  keyFormat(format: KeyFormat): void {
    const cache = new Map<string, string>();
    const apply = (key: string): string => {
      if (typeof format === "function") return format(key);
      if (typeof format === "string") return format === "upcase" ? key.toUpperCase() : format === "downcase" ? key.toLowerCase() : key;
      return Object.entries(format).reduce((k, [method, arg]) => {
        if (method === "camelize") return camelize(k, arg === "lower" ? "lower" : true);
        if (method === "upcase") return k.toUpperCase();
        if (method === "downcase") return k.toLowerCase();
        throw new JbuilderError(`key_format! ${method} is not supported`);
      }, key);
    };
    this.keyFormatter = (key) => cache.get(key) ?? (cache.set(key, apply(key)), cache.get(key)!);
  }

  /** attributes!: the document so far. */
  attributesBang(): unknown {
    return this.attrs;
  }

  /** target!: `@attributes.to_json`. */
  target(): string {
    return generate(asJson(this.attrs === BLANK ? new Map() : this.attrs));
  }

  protected arrayOf(collection: unknown, attributes: string[], block: Block | null): void {
    let array: unknown[];
    if (collection === null || collection === undefined) array = [];
    else if (block) array = this.mapCollection(collection, (item) => (block as (i: unknown) => void)(item));
    else if (attributes.length) array = this.mapCollection(collection, (item) => this.extractInto(item, attributes));
    else array = this.formatKeys(toArray(collection)) as unknown[];
    this.attrs = this.mergeValues(this.attrs, array);
  }

  protected extractInto(object: unknown, attributes: string[]): void {
    for (const key of attributes) {
      const value = isHash(object) ? (object instanceof Map ? object.get(key) : object[key]) : readMember(object, key);
      this.setValue(key, this.formatKeys(value ?? null));
    }
  }

  protected mapCollection(collection: unknown, fn: (item: unknown) => void): unknown[] {
    return toArray(collection).map((item) => this.scope(() => fn(item))).filter((v) => v !== BLANK);
  }

  protected mergeBlock(key: string, block: Block): unknown {
    const k = this.key(key);
    const current = this.attrs instanceof Map && this.attrs.has(k) ? this.attrs.get(k) : BLANK;
    if (current === null) throw new JbuilderError(`Failed to add ${key} property to null object`);
    const value = this.scope(() => (block as (j: this) => void)(this));
    return this.mergeValues(current, value);
  }

  protected mergeValues(current: unknown, updates: unknown): unknown {
    if (updates === BLANK) return current;
    if (current === BLANK || updates === null || (isEmpty(current) && Array.isArray(updates))) {
      return isPlainObject(updates) ? toMap(updates) : updates;
    }
    if (Array.isArray(current) && Array.isArray(updates)) return [...current, ...updates];
    if (isHash(current) && isHash(updates)) return deepMerge(toMap(current), toMap(updates));
    throw new JbuilderError(`Can't merge ${JSON.stringify(updates)} into ${JSON.stringify(current)}`);
  }

  protected key(key: string): string {
    return this.keyFormatter ? this.keyFormatter(String(key)) : String(key);
  }

  protected formatKeys(value: unknown): unknown {
    if (!this.deepFormat) return value;
    if (Array.isArray(value)) return value.map((v) => this.formatKeys(v));
    if (isHash(value)) return new Map([...toMap(value)].map(([k, v]) => [this.key(k), this.formatKeys(v)]));
    return value;
  }

  protected setValue(key: string, value: unknown): void {
    if (this.attrs === null) throw new JbuilderError(`Failed to add ${key} property to null object`);
    if (Array.isArray(this.attrs)) throw new JbuilderError(`Failed to add ${key} property to an array`);
    if ((this.ignoreNils && (value === null || value === undefined)) || value === BLANK) return;
    if (this.attrs === BLANK) this.attrs = new Map<string, unknown>();
    (this.attrs as Map<string, unknown>).set(this.key(key), value);
  }

  /** _scope: runs the block on an empty document and returns what it built (BLANK when nothing). */
  protected scope(block: () => void): unknown {
    const saved = { attrs: this.attrs, keyFormatter: this.keyFormatter, deepFormat: this.deepFormat };
    this.attrs = BLANK as Blank;
    try {
      block();
      return this.attrs;
    } finally {
      this.attrs = saved.attrs;
      this.keyFormatter = saved.keyFormatter;
      this.deepFormat = saved.deepFormat;
    }
  }
}
