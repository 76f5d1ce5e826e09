// Output safety: ActiveSupport::SafeBuffer -> SafeString, ERB::Util escaping, ActionView::OutputBuffer,
// OutputSafetyHelper (raw, safe_join) and CaptureHelper#capture's treatment of a block's result.
//   "x".html_safe           -> htmlSafe("x")          ERB::Util.html_escape(v) -> htmlEscape(v)
//   raw(v) -> raw(v)         safe_join(a, sep) -> safeJoin(a, sep)      capture { } -> capture(block)
import { inspectString, isBlank, isNumeric, isPlainObject, rubyFormat, toS } from "../ruby/ruby.js";

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
  // Most text has none of the five: one scan answers it without building anything.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 38 || c === 60 || c === 62 || c === 34 || c === 39) return escapeHtmlFrom(s, i);
  }
  return s;
}

/** The escaped text of `s` whose first character to escape is at `first`. */
function escapeHtmlFrom(s: string, first: number): string {
  let out = s.slice(0, first);
  let last = first;
  for (let i = first; i < s.length; i++) {
    let entity: string;
    switch (s.charCodeAt(i)) {
      case 38: entity = "&amp;"; break;
      case 60: entity = "&lt;"; break;
      case 62: entity = "&gt;"; break;
      case 34: entity = "&quot;"; break;
      case 39: entity = "&#39;"; break;
      default: continue;
    }
    if (last < i) out += s.slice(last, i);
    out += entity;
    last = i + 1;
  }
  return last < s.length ? out + s.slice(last) : out;
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
  if (typeof v === "string") return escapeHtmlText(v);
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

/**
 * ActionView::OutputBuffer: what a compiled template appends to. A render has one per template; `capture` swaps
 * its raw string for a fresh one while a block runs (OutputBuffer#capture), so whatever writes to the buffer
 * during the block (the template's own text, `concat` in a helper, a `map` block's body) lands in the capture.
 */
export class OutputBuffer {
  private raw = "";
  /**
   * Whether raw is whitespace only, kept as text is appended: asking the joined text would flatten the whole
   * rope of a large capture on every `capture` (blank pieces joined are blank, one non-blank piece makes it not).
   */
  private blank = true;
  /** Whether the text the last `capture` answered is blank (CaptureHelper#capture asks). */
  capturedBlank = true;

  private add(text: string): void {
    if (this.blank && text.length > 0) this.blank = isBlank(text);
    this.raw += text;
  }

  /** Template text (`safe_append=`), `safe_concat`: trusted as-is. */
  safeAppend(text: unknown): this {
    this.add(toS(text));
    return this;
  }
  /** `<%= expr %>` (`append=`), `concat`, `<<`: nil appends nothing; unsafe values are escaped. */
  append(value: unknown): this {
    if (value === null || value === undefined) return this;
    this.add(unwrappedHtmlEscape(value).toString());
    return this;
  }
  /** `output_buffer << x` (the `<<` operator dispatches to `concat`). */
  concat(value: unknown): this {
    return this.append(value);
  }
  safeConcat(value: unknown): this {
    return this.safeAppend(value);
  }
  /** `<%== expr %>` (`safe_expr_append=`): to_s without escaping. */
  safeExprAppend(value: unknown): this {
    if (value === null || value === undefined) return this;
    this.add(toS(value));
    return this;
  }
  /** OutputBuffer#capture: what `fn` wrote, as an html_safe string; the buffer's own text is left as it was. */
  capture(fn: () => unknown): SafeString {
    const outer = this.raw;
    const outerBlank = this.blank;
    this.raw = "";
    this.blank = true;
    try {
      fn();
      this.capturedBlank = this.blank;
      return new SafeString(this.raw);
    } finally {
      this.raw = outer;
      this.blank = outerBlank;
    }
  }
  get length(): number {
    return this.raw.length;
  }
  isBlank(): boolean {
    return this.blank;
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
   * For blocks that build their own buffer (hand-lowered vectors): the text, or the block's value when the text is
   * blank, as CaptureHelper#capture would choose between them.
   */
  captured(lastValue: unknown = null): unknown {
    return this.blank ? lastValue : this.toSafeString();
  }
}

/** A Ruby block lowered to a function. A template block writes to the render's buffer and returns its Ruby value. */
export type Block = (...args: any[]) => unknown;

/**
 * ActionView::Base#output_buffer of the render running now. Renders are synchronous, so one slot serves: each
 * template render installs its own buffer (withOutputBuffer) and restores the outer one when it ends.
 */
let currentBuffer: OutputBuffer | null = null;

/**
 * `output_buffer`. Outside any render (a helper called from a controller) a fresh buffer, never kept: one kept
 * slot would outlive the request, where Rails' `@output_buffer ||= OutputBuffer.new` dies with its view context.
 */
export function outputBuffer(): OutputBuffer {
  return currentBuffer ?? new OutputBuffer();
}

/** Runs `fn` with `buffer` as the output buffer (ActionView::Base#_run's `@output_buffer = buffer`). */
export function withOutputBuffer<T>(buffer: OutputBuffer, fn: () => T): T {
  const outer = currentBuffer;
  currentBuffer = buffer;
  try {
    return fn();
  } finally {
    currentBuffer = outer;
  }
}

/** The `case string` at the end of CaptureHelper#capture: SafeString kept, String escaped, else nil. */
export function captureValue(value: unknown): SafeString | null {
  if (value instanceof SafeString) return value;
  if (value instanceof OutputBuffer) return value.toSafeString();
  if (typeof value === "string") return htmlEscape(value);
  return null;
}

/**
 * CaptureHelper#capture(*args, &block): what the block wrote to the output buffer, unless that is blank (only
 * whitespace); then the block's value (`buffer.presence || value`), except that a block answering the buffer
 * itself (`concat` last) keeps the text, blank or not.
 */
export function capture(block: Block, ...args: unknown[]): SafeString | null {
  if (!currentBuffer) return withOutputBuffer(new OutputBuffer(), () => capture(block, ...args));
  const buffer = currentBuffer;
  let value: unknown = null;
  const written = buffer.capture(() => {
    value = block(...args);
  });
  if (value === buffer) return written;
  return captureValue(buffer.capturedBlank ? value : written);
}

/** ERB::Util.url_encode: percent-encodes everything but unreserved characters. */
export function urlEncode(v: unknown): string {
  return Array.from(new TextEncoder().encode(toS(v)))
    .map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
}
