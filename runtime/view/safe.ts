// Output safety: ActiveSupport::SafeBuffer -> SafeString, ERB::Util escaping, ActionView::OutputBuffer,
// OutputSafetyHelper (raw, safe_join) and CaptureHelper#capture's treatment of a block's result.
//   "x".html_safe           -> htmlSafe("x")          ERB::Util.html_escape(v) -> htmlEscape(v)
//   raw(v) -> raw(v)         safe_join(a, sep) -> safeJoin(a, sep)      capture { } -> capture(block)
import { inspectString, isBlank, isNumeric, isPlainObject, rubyFormat, toS } from "../support/ruby.js";

/** An html_safe string (ActiveSupport::SafeBuffer). Plain JS strings are never html_safe. */
export class SafeString {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
  toRubyString(): string {
    return this.value;
  }
  toRubyInspect(): string {
    return inspectString(this.value);
  }
  isBlank(): boolean {
    return isBlank(this.value);
  }
  get length(): number {
    return this.value.length;
  }
  /** SafeBuffer#+ / #<< / #concat: escapes what is not html_safe. */
  concat(...values: unknown[]): SafeString {
    return new SafeString(this.value + values.map((v) => unwrappedHtmlEscape(v).toString()).join(""));
  }
  /** SafeBuffer#safe_concat: appends as-is. */
  safeConcat(value: unknown): SafeString {
    return new SafeString(this.value + toS(value));
  }
  /** SafeBuffer#prepend / #insert: the inserted value is escaped unless safe. */
  insert(index: number, value: unknown): SafeString {
    const i = index < 0 ? this.value.length + index + 1 : index;
    return new SafeString(this.value.slice(0, i) + unwrappedHtmlEscape(value).toString() + this.value.slice(i));
  }
  prepend(value: unknown): SafeString {
    return this.insert(0, value);
  }
  /** SafeBuffer#%: interpolated arguments are escaped unless safe. */
  format(args: unknown): SafeString {
    const escape = (v: unknown) => new SafeString(unwrappedHtmlEscape(v).toString());
    const escaped = isPlainObject(args)
      ? Object.fromEntries(Object.entries(args).map(([k, v]) => [k, escape(v)]))
      : (Array.isArray(args) ? args : [args]).map(escape);
    return new SafeString(rubyFormat(this.value, escaped));
  }
  /** SafeBuffer#* (stays safe). */
  repeat(times: number): SafeString {
    return new SafeString(this.value.repeat(times));
  }
  /** SafeBuffer#[] / #slice (stays safe). */
  slice(start: number, length?: number): SafeString {
    const from = start < 0 ? this.value.length + start : start;
    return new SafeString(length === undefined ? this.value.slice(from, from + 1) : this.value.slice(from, from + length));
  }
}

const HTML_ESCAPE: Record<string, string> = { "&": "&amp;", ">": "&gt;", "<": "&lt;", '"': "&quot;", "'": "&#39;" };
const HTML_ESCAPE_RE = /[&<>"']/g;
const HTML_ESCAPE_ONCE_RE = /["><']|&(?!([a-zA-Z]+|(#\d+)|(#[xX][\dA-Fa-f]+));)/g;

/** Ruby `html_safe?`: SafeBuffers and Numerics are safe; Strings, nil and others are not. */
export function isHtmlSafe(v: unknown): boolean {
  return v instanceof SafeString || isNumeric(v);
}

/** String#html_safe (and `"".html_safe`-style marking of any value's to_s). */
export function htmlSafe(v: unknown): SafeString {
  return v instanceof SafeString ? v : new SafeString(toS(v));
}

/** Escapes the five characters ERB::Util escapes, on a plain string. */
export function escapeHtmlText(s: string): string {
  return s.replace(HTML_ESCAPE_RE, (c) => HTML_ESCAPE[c]!);
}

/** ERB::Util.unwrapped_html_escape: returns html_safe values untouched, else the escaped to_s (unmarked). */
/** An object whose Ruby to_s is an html_safe buffer (ActionText::Content#to_s): that buffer, else null. */
function safeToS(v: unknown): SafeString | null {
  if (v === null || typeof v !== "object" || v instanceof SafeString) return null;
  const toSMethod = (v as { toS?: unknown }).toS;
  if (typeof toSMethod !== "function") return null;
  const out = (toSMethod as () => unknown).call(v);
  return out instanceof SafeString ? out : null;
}

export function unwrappedHtmlEscape(v: unknown): string | SafeString {
  if (v instanceof SafeString) return v;
  // ERB::Util.html_escape calls to_s first: a to_s that is already html_safe passes through.
  const safe = safeToS(v);
  if (safe) return safe;
  const s = toS(v);
  return isHtmlSafe(v) ? s : escapeHtmlText(s);
}

/** ERB::Util.html_escape / h: the escaped to_s, marked html_safe. */
export function htmlEscape(v: unknown): SafeString {
  if (v instanceof SafeString) return v;
  const safe = safeToS(v);
  if (safe) return safe;
  return new SafeString(isHtmlSafe(v) ? toS(v) : escapeHtmlText(toS(v)));
}

/** ERB::Util.html_escape_once / escape_once: leaves existing entities alone. */
export function escapeOnce(v: unknown): SafeString {
  return new SafeString(toS(v).replace(HTML_ESCAPE_ONCE_RE, (c) => HTML_ESCAPE[c]!));
}

/** OutputSafetyHelper#raw: `stringish.to_s.html_safe`. */
export function raw(v: unknown): SafeString {
  return htmlSafe(v);
}

/** OutputSafetyHelper#safe_join: flattens, escapes each unsafe item and the separator. */
export function safeJoin(items: unknown[], sep: unknown = null): SafeString {
  const s = unwrappedHtmlEscape(sep).toString();
  return new SafeString(items.flat(Infinity).map((i) => unwrappedHtmlEscape(i).toString()).join(s));
}

/** ActionView::OutputBuffer: what a compiled template appends to. */
export class OutputBuffer {
  private raw = "";

  /** Template text (`safe_append=`): trusted as-is. */
  safeAppend(text: unknown): this {
    this.raw += toS(text);
    return this;
  }
  /** `<%= expr %>` (`append=`): nil appends nothing; unsafe values are escaped. */
  append(value: unknown): this {
    if (value === null || value === undefined) return this;
    this.raw += unwrappedHtmlEscape(value).toString();
    return this;
  }
  /** `<%== expr %>` (`safe_expr_append=`): to_s without escaping. */
  safeExprAppend(value: unknown): this {
    if (value === null || value === undefined) return this;
    this.raw += toS(value);
    return this;
  }
  get length(): number {
    return this.raw.length;
  }
  toString(): string {
    return this.raw;
  }
  toSafeString(): SafeString {
    return new SafeString(this.raw);
  }
  /** OutputBuffer#to_s: an html_safe SafeBuffer. */
  toS(): SafeString {
    return this.toSafeString();
  }
  isHtmlSafe(): boolean {
    return true;
  }
  /**
   * What a template block hands back to the helper that called it (CaptureHelper#capture):
   * the captured text, or when that is blank (whitespace only), the block's last value instead.
   */
  captured(lastValue: unknown = null): unknown {
    return isBlank(this.raw) ? lastValue : this.toSafeString();
  }
}

/** A Ruby block lowered to a function; template blocks return `buffer.captured(...)`. */
export type Block = (...args: any[]) => unknown;

/** The `case string` at the end of CaptureHelper#capture: SafeString kept, String escaped, else nil. */
export function captureValue(value: unknown): SafeString | null {
  if (value instanceof SafeString) return value;
  if (typeof value === "string") return htmlEscape(value);
  return null;
}

/** CaptureHelper#capture(*args, &block). */
export function capture(block: Block, ...args: unknown[]): SafeString | null {
  return captureValue(block(...args));
}

/** ERB::Util.url_encode: percent-encodes everything but unreserved characters. */
export function urlEncode(v: unknown): string {
  return Array.from(new TextEncoder().encode(toS(v)))
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
}
