// The useragent gem (0.16; Debian's ruby-useragent 0.16.11 is the reference): one product token of a User-Agent
// header, its version, and the gem's own Comparable. Browsers and parsing: user-agent-browsers.ts.
//   UserAgent.new("Chrome", "120.0", "X11; Linux")   new UserAgent("Chrome", "120.0", "X11; Linux")
//   agent.product / agent.version / agent.comment    agent.product / agent.version / agent.comment (string[] | null)
//   UserAgent::Version.new("1.2") < "1.10"           UserAgentVersion.of("1.2")["<"]("1.10")
// Ruby's regexps here are line-anchored (^ and $ match at every "\n") and their \s is ASCII: the JS patterns
// spell that out (LINE_START, LINE_END, WS) instead of relying on JS's own ^ $ \s.
import { ArgumentError } from "../../ruby/args.js";
import { inspect } from "../../ruby/ruby.js";

/** Ruby's `\s`: ASCII whitespace only (JS's \s also matches U+00A0, U+2028...). */
export const WS = "[ \\t\\n\\v\\f\\r]";
const LINE_START = "(?<![^\\n])";
const LINE_END = "(?![^\\n])";
const BLANK_LINE = new RegExp(`${LINE_START}${WS}*${LINE_END}`);
const DIGITS_LINE = new RegExp(`${LINE_START}\\d+${LINE_END}`);
const DIGITS_DOT = new RegExp(`${LINE_START}\\d+\\.`);
const SEQUENCE = new RegExp(`\\d+|[A-Za-z][0-9A-Za-z-]*${LINE_END}`, "g");

/** Ruby's String#strip: ASCII whitespace and NUL at both ends. */
export function rubyStrip(s: string): string {
  return s.replace(/^[\0\t\n\v\f\r ]+|[\0\t\n\v\f\r ]+$/g, "");
}

/** Ruby's String#split with a string separator: trailing empty fields are dropped ("".split("; ") is []). */
export function rubySplit(s: string, separator: string): string[] {
  const parts = s.split(separator);
  while (parts.length && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Ruby's String#<=>: byte order of UTF-8, which is code point order. */
function compareStrings(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

type Sequence = Array<number | string>;

/** UserAgent::Version: a version string, comparable element by element when it starts with digits. */
export class UserAgentVersion {
  static rubyName = "UserAgent::Version";
  private readonly sequences: Sequence;
  private readonly comparable: boolean;
  private readonly blank: boolean;

  private constructor(private readonly str: string) {
    this.blank = BLANK_LINE.test(str);
    this.comparable = !this.blank && (DIGITS_LINE.test(str) || DIGITS_DOT.test(str));
    if (this.blank) this.sequences = [];
    else if (this.comparable) this.sequences = (str.match(SEQUENCE) ?? []).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    else this.sequences = [str];
  }

  /** Version.new(obj): a Version is itself, a String is parsed, nil is the empty version. */
  static of(value: unknown): UserAgentVersion {
    if (value instanceof UserAgentVersion) return value;
    if (value === null || value === undefined) return new UserAgentVersion("");
    if (typeof value === "string") return new UserAgentVersion(value);
    throw new ArgumentError(`invalid value for Version: ${inspect(value)}`);
  }

  /** `nil?`: the version is blank. */
  isNil(): boolean {
    return this.blank;
  }

  toA(): Sequence {
    return [...this.sequences];
  }

  toS(): string {
    return this.str;
  }

  toStr(): string {
    return this.str;
  }

  toRubyString(): string {
    return this.str;
  }

  toRubyInspect(): string {
    return `#<UserAgent::Version ${this.str}>`;
  }

  isEql(other: unknown): boolean {
    return other instanceof UserAgentVersion && other.str === this.str;
  }

  /** ==: against a Version or a String by string; against nil, blankness. */
  isEqual(other: unknown): boolean {
    if (other instanceof UserAgentVersion) return this.isEql(other);
    if (typeof other === "string") return this.isEql(UserAgentVersion.of(other));
    if (other === null || other === undefined) return this.isNil();
    return false;
  }

  /** <=>: the first six elements, a letter sorting below a number; otherwise equal strings or -1; nil for others. */
  compare(other: unknown): number | null {
    if (typeof other === "string" || other === null || other === undefined) return this.compare(UserAgentVersion.of(other));
    if (!(other instanceof UserAgentVersion)) return null;
    if (!this.comparable) return this.str === other.str ? 0 : -1;
    for (let i = 0; i < 6; i++) {
      const a = this.sequences[i] ?? 0;
      const b = other.sequences[i] ?? 0;
      if (typeof a === "string" && typeof b === "number") return -1;
      if (typeof a === "number" && typeof b === "string") return 1;
      if (a === b) continue;
      return typeof a === "number" ? (a < (b as number) ? -1 : 1) : compareStrings(a, b as string);
    }
    return 0;
  }

  /** Ruby's ::Comparable: <=> answering nil is an ArgumentError. */
  private ordered(other: unknown): number {
    const c = this.compare(other);
    if (c === null) throw new ArgumentError(`comparison of UserAgent::Version with ${other === null || other === undefined ? "nil" : inspect(other)} failed`);
    return c;
  }

  "<"(other: unknown): boolean {
    return this.ordered(other) < 0;
  }

  "<="(other: unknown): boolean {
    return this.ordered(other) <= 0;
  }

  ">"(other: unknown): boolean {
    return this.ordered(other) > 0;
  }

  ">="(other: unknown): boolean {
    return this.ordered(other) >= 0;
  }
}

/**
 * The gem's UserAgent::Comparable: <=> may answer false (different products or browsers), and then every
 * comparison is false. Mixed into UserAgent and the browsers.
 */
export abstract class AgentComparable {
  abstract compare(other: unknown): number | false | null;

  private cmp(other: unknown, test: (c: number) => boolean): boolean {
    const c = this.compare(other);
    return c !== false && c !== null ? test(c) : false;
  }

  isEqual(other: unknown): boolean {
    return this.cmp(other, (c) => c === 0);
  }

  "<"(other: unknown): boolean {
    return this.cmp(other, (c) => c === -1);
  }

  "<="(other: unknown): boolean {
    return this.cmp(other, (c) => c === -1 || c === 0);
  }

  ">"(other: unknown): boolean {
    return this.cmp(other, (c) => c === 1);
  }

  ">="(other: unknown): boolean {
    return this.cmp(other, (c) => c === 1 || c === 0);
  }
}

/** UserAgent: one `Product/version (comment; parts)` token. */
export class UserAgent extends AgentComparable {
  static rubyName = "UserAgent";
  readonly product: string;
  readonly version: UserAgentVersion;
  readonly comment: string[] | null;

  constructor(product: string | null, version: string | null = null, comment: string | string[] | null = null) {
    super();
    if (product === null || product === undefined) throw new ArgumentError("expected a value for product");
    this.product = product;
    this.version = version ? UserAgentVersion.of(version) : UserAgentVersion.of("");
    this.comment = typeof comment === "string" ? rubySplit(comment, "; ") : comment;
  }

  /** detect_comment { |c| ... }: the first comment part the block accepts (nil without a comment). */
  detectComment(accept: (part: string) => unknown): string | null {
    return this.comment?.find((c) => { const r = accept(c); return r !== null && r !== undefined && r !== false; }) ?? null;
  }

  compare(other: unknown): number | false | null {
    const o = other as UserAgent;
    return this.product === o.product ? this.version.compare(o.version) : false;
  }

  isEql(other: unknown): boolean {
    const o = other as UserAgent;
    return this.product === o.product && this.version.isEqual(o.version) && sameComment(this.comment, o.comment);
  }

  toS(): string {
    return this.toStr();
  }

  toRubyString(): string {
    return this.toStr();
  }

  toStr(): string {
    if (!this.version.isNil() && this.comment) return `${this.product}/${this.version.toS()} (${this.comment.join("; ")})`;
    if (!this.version.isNil()) return `${this.product}/${this.version.toS()}`;
    if (this.comment) return `${this.product} (${this.comment.join("; ")})`;
    return this.product;
  }
}

function sameComment(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** UserAgent::OperatingSystems.normalize_os: Windows NT versions by name, OS X, iOS and ChromeOS with versions. */
export const IOS_VERSION = /CPU (?:iPhone |iPod )?OS ([\d_]+) like Mac OS X/;
const CHROME_OS = new RegExp(`CrOS${WS}([^ \\t\\n\\v\\f\\r]+)${WS}(\\d+(\\.\\d+)*)`);
const MAC_OS_X = new RegExp(`(?:Intel|PPC) Mac OS X${WS}*([0-9_.]+)?`);

const WINDOWS: Record<string, string> = {
  "Windows NT 10.0": "Windows 10", "Windows NT 6.3": "Windows 8.1", "Windows NT 6.2": "Windows 8", "Windows NT 6.1": "Windows 7",
  "Windows NT 6.0": "Windows Vista", "Windows NT 5.2": "Windows XP x64 Edition", "Windows NT 5.1": "Windows XP",
  "Windows NT 5.01": "Windows 2000, Service Pack 1 (SP1)", "Windows NT 5.0": "Windows 2000", "Windows NT 4.0": "Windows NT 4.0",
  "Windows 98": "Windows 98", "Windows 95": "Windows 95", "Windows CE": "Windows CE",
};

export function normalizeOs(os: string | null | undefined): string | null {
  if (os === null || os === undefined) return null;
  if (Object.hasOwn(WINDOWS, os)) return WINDOWS[os]!;
  const mac = MAC_OS_X.exec(os);
  if (mac) return mac[1] === undefined ? "OS X" : `OS X ${mac[1].replace(/_/g, ".")}`;
  const ios = IOS_VERSION.exec(os);
  if (ios) return `iOS ${ios[1]!.replace(/_/g, ".")}`;
  const chromeOs = CHROME_OS.exec(os);
  if (chromeOs) return `ChromeOS ${chromeOs[2]}`;
  return os;
}
