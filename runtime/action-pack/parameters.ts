// ActionController::Parameters: `params[:id]` is `params.get("id")`, `params.require(:post).permit(:title,
// :body)` is `params.require("post").permit("title", "body")`, `permit(tags: [])` is `permit({ tags: [] })`.
// Nested hashes come back as Parameters; only permitted Parameters turn into plain attribute objects (toH),
// which is what the model runtime's mass assignment accepts.
import { isBlank } from "../ruby/ruby.js";
import { UploadedFile } from "./multipart.js";
import { BadRequest, type ParamTree, type ParamValue } from "./query.js";

/** ActionController::ParameterMissing: a BadRequest, so production answers 400. */
export class ParameterMissing extends BadRequest {
  override name = "ParameterMissing";
  constructor(readonly param: string) {
    super(`param is missing or the value is empty: ${param}`);
  }
}

/** ActionController::UnfilteredParameters: to_h on parameters nobody permitted. */
export class UnfilteredParameters extends Error {
  override name = "UnfilteredParameters";
  constructor() {
    super("unable to convert unpermitted parameters to hash");
  }
}

export type PermitFilter = string | { [key: string]: PermitFilter[] | [] | Record<string, never> };
/** A parameter as controller code sees it: nested hashes are Parameters. */
export type ParamsEntry = string | number | boolean | null | UploadedFile | Parameters | ParamsEntry[];

export class Parameters {
  private readonly values: Map<string, ParamValue | Parameters>;

  constructor(tree: ParamTree = {}, private isPermitted = false) {
    this.values = new Map(Object.entries(tree));
  }

  get permitted(): boolean {
    return this.isPermitted;
  }

  /** `params[key]`: nil when absent. */
  get(key: string): ParamsEntry {
    if (!this.values.has(key)) return null;
    const raw = this.values.get(key)!;
    const converted = this.wrap(raw);
    // convert_hashes_to_parameters stores the conversion, so a later permit! reaches the same object.
    if (converted !== raw) this.values.set(key, converted as ParamValue | Parameters);
    return converted;
  }

  has(key: string): boolean {
    return this.values.has(key);
  }

  keys(): string[] {
    return [...this.values.keys()];
  }

  set(key: string, value: ParamValue | Parameters): void {
    this.values.set(key, value);
  }

  delete(key: string): ParamsEntry {
    const value = this.get(key);
    this.values.delete(key);
    return value;
  }

  /** `params.fetch(key)`: like require without the presence check. */
  fetch(key: string, fallback?: ParamsEntry): ParamsEntry {
    if (this.values.has(key)) return this.get(key);
    if (fallback !== undefined) return fallback;
    throw new ParameterMissing(key);
  }

  /** `params.require(key)`: the value when present (or false), else ParameterMissing. */
  require(key: string): Parameters;
  require(key: string[]): ParamsEntry[];
  require(key: string | string[]): ParamsEntry | ParamsEntry[] {
    if (Array.isArray(key)) return key.map((k) => this.require(k));
    const value = this.get(key);
    if (value === false || isPresent(value)) return value as Parameters;
    throw new ParameterMissing(key);
  }

  /** `permit(*filters)`: a new permitted Parameters holding only what the filters allow, in filter order. */
  permit(...filters: (PermitFilter | PermitFilter[])[]): Parameters {
    const out = new Parameters({}, true);
    for (const filter of filters.flat()) {
      if (typeof filter === "string") this.permitScalar(out, filter);
      else this.permitHash(out, filter);
    }
    return out;
  }

  permitAll(): this {
    this.isPermitted = true;
    for (const v of this.values.values()) if (v instanceof Parameters) v.permitAll();
    return this;
  }

  /** `to_h`: plain attributes; raises for unpermitted parameters as Rails does. */
  toH(): Record<string, unknown> {
    if (!this.isPermitted) throw new UnfilteredParameters();
    return this.toUnsafeH();
  }

  toUnsafeH(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of this.values) out[k] = plain(v);
    return out;
  }

  isEmpty(): boolean {
    return this.values.size === 0;
  }

  /** `merge(hash)`: a copy with the Hash's pairs added (its permitted status kept), as Parameters#merge. */
  merge(other: unknown): Parameters {
    const out = new Parameters({}, this.isPermitted);
    for (const [k, v] of this.values) out.set(k, v);
    const pairs = other instanceof Parameters ? other.keys().map((k) => [k, other.values.get(k)!] as const) : Object.entries((other ?? {}) as Record<string, ParamValue>);
    for (const [k, v] of pairs) out.set(String(k), v as ParamValue);
    return out;
  }

  /** `compact` / `compact_blank`: a copy without the nil (blank) values, permitted as this one is. */
  compact(): Parameters {
    return this.filtered((v) => v !== null && v !== undefined);
  }

  compactBlank(): Parameters {
    return this.filtered((v) => !isBlank(v instanceof Parameters ? (v.isEmpty() ? "" : "x") : v));
  }

  private filtered(keep: (v: ParamValue | Parameters) => boolean): Parameters {
    const out = new Parameters({}, this.isPermitted);
    for (const [k, v] of this.values) if (keep(v)) out.set(k, v);
    return out;
  }

  private wrap(value: ParamValue | Parameters): ParamsEntry {
    if (value instanceof Parameters) return value;
    if (Array.isArray(value)) return value.map((v) => this.wrap(v));
    if (value !== null && typeof value === "object" && !(value instanceof UploadedFile)) return new Parameters(value, this.isPermitted);
    return value;
  }

  // permitted_scalar_filter, including the multi-parameter keys of date selects (`born_on(1i)`).
  private permitScalar(out: Parameters, key: string): void {
    if (this.values.has(key) && isScalar(this.values.get(key)!)) out.set(key, this.values.get(key)!);
    for (const [k, v] of this.values) {
      const m = /\(\d+[if]?\)$/.exec(k);
      if (m && k.slice(0, m.index) === key && isScalar(v)) out.set(k, v);
    }
  }

  // hash_filter: `[]` allows an array of scalars, `{}` anything scalar below, a list filters each element.
  private permitHash(out: Parameters, filter: Exclude<PermitFilter, string>): void {
    for (const [key, spec] of Object.entries(filter)) {
      if (!this.values.has(key)) continue;
      const value = this.get(key);
      if (value === null || value === false) continue;
      if (Array.isArray(spec) && spec.length === 0) {
        if (Array.isArray(value) && value.every((v) => isScalar(v as ParamValue))) out.set(key, value as ParamValue);
      } else if (!Array.isArray(spec) && Object.keys(spec).length === 0) {
        if (value instanceof Parameters) out.set(key, permitAny(value));
      } else if (Array.isArray(value)) {
        const elements = value.filter((e): e is Parameters => e instanceof Parameters);
        out.set(key, elements.map((e) => e.permit(...[spec].flat())) as unknown as ParamValue);
      } else if (value instanceof Parameters) {
        out.set(key, permitNested(value, [spec].flat()));
      }
    }
  }
}

// each_element for a Parameters value: `{"0" => {...}, "1" => {...}}` (nested attributes) is filtered per entry.
function permitNested(value: Parameters, spec: PermitFilter[]): Parameters {
  const keys = value.keys();
  const numericKeys = keys.length > 0 && keys.every((k) => /^-?\d+$/.test(k));
  if (!numericKeys) return value.permit(...spec);
  const out = new Parameters({}, true);
  for (const k of keys) {
    const element = value.get(k);
    if (element instanceof Parameters) out.set(k, element.permit(...spec));
  }
  return out;
}

// permit_any_in_parameters / permit_any_in_array: `{}` keeps every scalar at any depth.
function permitAny(value: Parameters): Parameters {
  const out = new Parameters({}, true);
  for (const key of value.keys()) out.set(key, permitAnyEntry(value.get(key)) as ParamValue);
  return out;
}

function permitAnyEntry(v: ParamsEntry): ParamsEntry {
  if (v instanceof Parameters) return permitAny(v);
  if (Array.isArray(v)) return v.map(permitAnyEntry);
  return v;
}

// PERMITTED_SCALAR_TYPES: strings, numbers, booleans, nil, and uploaded files.
const isScalar = (v: ParamValue | Parameters): boolean => v === null || typeof v !== "object" || v instanceof UploadedFile;

/** Object#present?: nil, false, blank strings and empty collections are not. */
export function isPresent(value: ParamsEntry): boolean {
  if (value === null || value === false) return false;
  if (typeof value === "string") return /\S/.test(value);
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Parameters) return !value.isEmpty();
  return true;
}

function plain(v: ParamValue | Parameters): unknown {
  if (v instanceof Parameters) return v.toUnsafeH();
  if (Array.isArray(v)) return v.map((e) => plain(e as ParamValue));
  return v;
}
