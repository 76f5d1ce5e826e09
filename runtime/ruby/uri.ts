// Ruby's URI (uri 0.13, Ruby 3.3) with its default parser, URI::RFC3986_Parser: the same regular expressions, so a
// String splits into the same components or raises URI::InvalidURIError with Ruby's message.
//   URI.parse("https://x.com/a?b")   UriModule.parse("https://x.com/a?b")   -> a URI::HTTPS
//   URI(url)                         Kernel.URI(url)                        (a URI::Generic is answered as is)
//   uri.host / uri.host = "y.com"    uri.host / send(uri, "host=", ...)      (host= checks the component as Ruby does)
//   uri.request_uri / uri.to_s       uri.requestUri() / uri.toS()
// Schemes: URI::Generic, URI::HTTP, URI::HTTPS, URI::WS, URI::WSS are Ruby's. FTP, File, MailTo, LDAP and LDAPS
// have their own initialize (typecodes, mail headers, dn parsing) rails2ts does not reproduce: parsing into one of
// them raises (declined), it never answers a Generic in their place.
// Ruby's expressions use possessive quantifiers (*+, ++); each possessive run here is followed by a delimiter that
// its class cannot match (':' '/' '?' '#' '@' or the end), so backtracking cannot find another split: JS's greedy
// quantifiers answer the same.
import { ArgumentError } from "./args.js";
import { StandardError } from "./exceptions.js";
import { notLoweredError } from "./not-lowered.js";
import { RubyObject } from "./ruby-object.js";
import { inspect, toS } from "./ruby.js";

export class UriError extends StandardError {
  static override rubyName = "URI::Error";
}
export class InvalidURIError extends UriError {
  static override rubyName = "URI::InvalidURIError";
}
export class InvalidComponentError extends UriError {
  static override rubyName = "URI::InvalidComponentError";
}
export class BadURIError extends UriError {
  static override rubyName = "URI::BadURIError";
}

const H = "[0-9A-Fa-f]";
const DEC_OCTET = "(?:[1-9]\\d|1\\d{2}|2[0-4]\\d|25[0-5]|\\d)";
const IPV4 = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`;
const LS32 = `(?:${H}{1,4}:${H}{1,4}|${IPV4})`;
const IPV6 = [
  `(?:${H}{1,4}:){6}${LS32}`,
  `::(?:${H}{1,4}:){5}${LS32}`,
  `${H}{1,4}?::(?:${H}{1,4}:){4}${LS32}`,
  `(?:(?:${H}{1,4}:)?${H}{1,4})?::(?:${H}{1,4}:){3}${LS32}`,
  `(?:(?:${H}{1,4}:){0,2}${H}{1,4})?::(?:${H}{1,4}:){2}${LS32}`,
  `(?:(?:${H}{1,4}:){0,3}${H}{1,4})?::${H}{1,4}:${LS32}`,
  `(?:(?:${H}{1,4}:){0,4}${H}{1,4})?::${LS32}`,
  `(?:(?:${H}{1,4}:){0,5}${H}{1,4})?::${H}{1,4}`,
  `(?:(?:${H}{1,4}:){0,6}${H}{1,4})?::`,
].join("|");
const IP_LITERAL = `\\[(?:(?:${IPV6})|v${H}+\\.[!$&-.0-9:;=A-Z_a-z~]+)\\]`;
const REG_NAME = `(?:%${H}${H}|[!$&-.0-9;=A-Z_a-z~])*`;
const HOST = `(?:${IP_LITERAL}|${IPV4}|${REG_NAME})`;
const USERINFO = `(?:%${H}${H}|[!$&-.0-9:;=A-Z_a-z~])*`;
const SCHEME = "[A-Za-z][+\\-.0-9A-Za-z]*";
const SEG = `(?:%${H}${H}|[!$&-.0-9:;=@A-Z_a-z~/])`;
const SEG_NC = `(?:%${H}${H}|[!$&-.0-9;=@A-Z_a-z~])`;
const FRAGMENT = `(?:%${H}${H}|[!$&-.0-9:;=@A-Z_a-z~/?])*`;

const RFC3986_URI = new RegExp(
  `^(?<scheme>${SCHEME}):(?:\\/\\/(?:(?<userinfo>${USERINFO})@)?(?<host>${HOST})(?::(?<port>\\d*))?(?<pathAbempty>(?:\\/${SEG}*)?)` +
    `|(?<pathAbsolute>\\/(?:(?!\\/)${SEG}+)?)|(?<pathRootless>(?!\\/)${SEG}+)|(?<pathEmpty>))` +
    `(?:\\?(?<query>[^#]*))?(?:#(?<fragment>${FRAGMENT}))?$`,
);
const RFC3986_RELATIVE_REF = new RegExp(
  `^(?:\\/\\/(?:(?<userinfo>${USERINFO})@)?(?<host>${HOST}(?<!\\/))?(?::(?<port>\\d*))?(?<pathAbempty>(?:\\/${SEG}*)?)` +
    `|(?<pathAbsolute>\\/${SEG}*)|(?<pathNoscheme>${SEG_NC}+(?:\\/${SEG}*)?)|(?<pathEmpty>))` +
    `(?:\\?(?<query>[^#]*))?(?:#(?<fragment>${FRAGMENT}))?$`,
);
const HOST_COMPONENT = new RegExp(`^${HOST}$`);
const PORT_COMPONENT = /^[\x09\x0a\x0c\x0d ]*\d*[\x09\x0a\x0c\x0d ]*$/;

/** String#dump of what URI.parse refuses as not ASCII (its message quotes it so). */
function dump(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "#") out += "#";
    else if (c === 10) out += "\\n";
    else if (c === 9) out += "\\t";
    else if (c === 13) out += "\\r";
    else if (c < 32 || c === 127) out += `\\x${c.toString(16).toUpperCase().padStart(2, "0")}`;
    else if (c < 128) out += ch;
    else out += c > 0xffff ? `\\u{${c.toString(16).toUpperCase()}}` : `\\u${c.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return `${out.replace(/#(?=[{$@])/g, "\\#")}"`;
}

type Components = [scheme: string | null, userinfo: string | null, host: string | null, port: string | null, path: string | null, opaque: string | null, query: string | null, fragment: string | null];

/** RFC3986_Parser#split. */
export function split(uri: unknown): Components {
  if (typeof uri !== "string") throw new InvalidURIError(`bad URI(is not URI?): ${inspect(uri)}`);
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(uri)) throw new InvalidURIError(`URI must be ascii only ${dump(uri)}`);
  let m = RFC3986_URI.exec(uri);
  if (m) {
    const g = m.groups!;
    const query = g.query ?? null;
    if (g.pathRootless !== undefined) return [g.scheme!, null, null, null, null, query === null ? g.pathRootless : `${g.pathRootless}?${query}`, null, g.fragment ?? null];
    return [g.scheme!, g.userinfo ?? null, g.host ?? null, g.port ?? null, g.pathAbempty ?? g.pathAbsolute ?? g.pathEmpty ?? null, null, query, g.fragment ?? null];
  }
  m = RFC3986_RELATIVE_REF.exec(uri);
  if (m) {
    const g = m.groups!;
    return [null, g.userinfo ?? null, g.host ?? null, g.port ?? null, g.pathAbempty ?? g.pathAbsolute ?? g.pathNoscheme ?? g.pathEmpty ?? null, null, g.query ?? null, g.fragment ?? null];
  }
  throw new InvalidURIError(`bad URI(is not URI?): ${inspect(uri)}`);
}

/** URI::Generic: the components as parsed (Generic.new(..., arg_check = false)), setters checking as Ruby's do. */
export class Generic extends RubyObject {
  static override rubyName = "URI::Generic";
  static readonly DEFAULT_PORT: number | null = null;
  private _scheme: string | null = null;
  private _userinfo: string | null = null;
  private _host: string | null = null;
  private _port: number | null = null;
  private _path: string | null = null;
  private _opaque: string | null = null;
  private _query: string | null = null;
  private _fragment: string | null = null;

  static fromComponents(c: Components): Generic {
    const uri = new this();
    const [scheme, userinfo, host, port, path, opaque, query, fragment] = c;
    uri._scheme = scheme === null ? null : scheme.toLowerCase();
    uri._userinfo = userinfo;
    uri._host = host;
    uri._port = port === null || port === "" ? null : parseInt(port, 10);
    uri._path = path;
    uri._opaque = opaque;
    uri._query = query;
    uri._fragment = fragment;
    if (uri._path === null && uri._opaque === null) uri._path = "";
    const defaultPort = uri.defaultPort();
    if (defaultPort !== null && uri._port === null) uri._port = defaultPort;
    return uri;
  }

  defaultPort(): number | null {
    return (this.constructor as typeof Generic).DEFAULT_PORT;
  }

  get scheme(): string | null {
    return this._scheme;
  }

  get userinfo(): string | null {
    return this._userinfo;
  }

  get host(): string | null {
    return this._host;
  }

  /** host=: nil, or a host component (URI::InvalidComponentError otherwise; InvalidURIError on an opaque URI). */
  set host(v: unknown) {
    if (v !== null && v !== undefined) {
      if (this._opaque !== null) throw new InvalidURIError("can not set host with registry or opaque");
      if (!HOST_COMPONENT.test(toS(v))) throw new InvalidComponentError(`bad component(expected host component): ${toS(v)}`);
    }
    this._host = v === null || v === undefined ? null : toS(v);
  }

  /** The host without the brackets of an IPv6 literal. */
  hostname(): string | null {
    const v = this._host;
    return v !== null && v.startsWith("[") && v.endsWith("]") ? v.slice(1, -1) : v;
  }

  get port(): number | null {
    return this._port;
  }

  set port(v: unknown) {
    if (v !== null && v !== undefined) {
      if (this._opaque !== null) throw new InvalidURIError("can not set port with registry or opaque");
      if (typeof v !== "number" && !PORT_COMPONENT.test(toS(v))) throw new InvalidComponentError(`bad component(expected port component): ${inspect(v)}`);
    }
    if (v === null || v === undefined) this._port = null;
    else if (typeof v === "number") this._port = v;
    else this._port = toS(v) === "" ? null : parseInt(toS(v), 10) || 0;
  }

  get path(): string | null {
    return this._path;
  }

  get opaque(): string | null {
    return this._opaque;
  }

  get query(): string | null {
    return this._query;
  }

  /** query=: tabs and newlines dropped, other bytes outside the query set %-escaped (an invalid escape raises). */
  set query(v: unknown) {
    if (v === null || v === undefined) {
      this._query = null;
      return;
    }
    if (this._opaque !== null) throw new InvalidURIError("query conflicts with opaque");
    const bytes = Buffer.from(toS(v).replace(/[\t\r\n]/g, ""), "utf8").toString("latin1");
    const bad = /(%[^0-9A-Fa-f][^0-9A-Fa-f])/.exec(bytes);
    if (bad) throw new InvalidURIError(`invalid percent escape: ${Buffer.from(bad[1]!, "latin1").toString("utf8")}`);
    this._query = bytes.replace(/(?!%[0-9A-Fa-f]{2}|[!$-&(-;=?-_a-~])[\s\S]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  }

  get fragment(): string | null {
    return this._fragment;
  }

  /** HTTP#request_uri (Generic has none: Ruby answers NoMethodError there). */
  protected httpRequestUri(): string | null {
    if (this._path === null) return null;
    const url = this._query !== null ? `${this._path}?${this._query}` : this._path;
    return url.startsWith("/") ? url : `/${url}`;
  }

  isAbsolute(): boolean {
    return this._scheme !== null;
  }

  isRelative(): boolean {
    return this._scheme === null;
  }

  dup(): this {
    const copy = new (this.constructor as new () => this)();
    Object.assign(copy, { _scheme: this._scheme, _userinfo: this._userinfo, _host: this._host, _port: this._port, _path: this._path, _opaque: this._opaque, _query: this._query, _fragment: this._fragment });
    return copy;
  }

  /** Generic#to_s. */
  toS(): string {
    let s = this._scheme !== null ? `${this._scheme}:` : "";
    if (this._opaque !== null) s += this._opaque;
    else {
      if (this._host !== null || this._scheme === "file" || this._scheme === "postgres") s += "//";
      if (this._userinfo !== null) s += `${this._userinfo}@`;
      if (this._host !== null) s += this._host;
      if (this._port !== null && this._port !== this.defaultPort()) s += `:${this._port}`;
      s += this._path ?? "";
      if (this._query !== null) s += `?${this._query}`;
    }
    if (this._fragment !== null) s += `#${this._fragment}`;
    return s;
  }

  toStr(): string {
    return this.toS();
  }

  override toRubyString(): string {
    return this.toS();
  }

  toRubyInspect(): string {
    return `#<${this.rubyClassName()} ${this.toS()}>`;
  }

  /** ==: same class, same components (Ruby normalizes scheme and host case first). */
  isEqual(other: unknown): boolean {
    if (!(other instanceof Generic) || other.constructor !== this.constructor) return false;
    const norm = (u: Generic) => [u._scheme, u._userinfo, u._host?.toLowerCase() ?? null, u._port, u._path === "" && u._host !== null ? "/" : u._path, u._opaque, u._query, u._fragment];
    return JSON.stringify(norm(this)) === JSON.stringify(norm(other));
  }
}

export class HTTP extends Generic {
  static override rubyName = "URI::HTTP";
  static override readonly DEFAULT_PORT: number | null = 80;

  requestUri(): string | null {
    return this.httpRequestUri();
  }

  /** HTTP#authority: host, with the port when it is not the default. */
  authority(): string {
    return this.port === this.defaultPort() ? toS(this.host) : `${toS(this.host)}:${toS(this.port)}`;
  }

  /** HTTP#origin: scheme://authority. */
  origin(): string {
    return `${toS(this.scheme)}://${this.authority()}`;
  }
}
export class HTTPS extends HTTP {
  static override rubyName = "URI::HTTPS";
  static override readonly DEFAULT_PORT: number | null = 443;
}
export class WS extends Generic {
  static override rubyName = "URI::WS";
  static override readonly DEFAULT_PORT: number | null = 80;

  requestUri(): string | null {
    return this.httpRequestUri();
  }
}
export class WSS extends WS {
  static override rubyName = "URI::WSS";
  static override readonly DEFAULT_PORT: number | null = 443;
}

const SCHEMES: Record<string, typeof Generic> = { HTTP, HTTPS, WS, WSS };
/** Ruby's other registered schemes: their own initialize is not reproduced, so parsing into one is declined. */
const DECLINED_SCHEMES = new Set(["FILE", "FTP", "LDAP", "LDAPS", "MAILTO"]);

/** URI.for(scheme, *components): the scheme's class (case-insensitive), else URI::Generic. */
function forComponents(c: Components): Generic {
  const name = (c[0] ?? "").toUpperCase();
  if (DECLINED_SCHEMES.has(name)) throw notLoweredError(`rails2ts: declined: URI::${name === "MAILTO" ? "MailTo" : name === "FILE" ? "File" : name} (a URI of scheme ${c[0]}: its own component rules are not reproduced)`);
  return (SCHEMES[name] ?? Generic).fromComponents(c);
}

/** URI.parse(string): the default parser (RFC3986). */
export function parse(uri: unknown): Generic {
  return forComponents(split(uri));
}

/** Kernel#URI(uri): a URI answered as is, a String parsed. */
export function kernelUri(uri: unknown): Generic {
  if (uri instanceof Generic) return uri;
  if (typeof uri === "string") return parse(uri);
  throw new ArgumentError("bad argument (expected URI object or URI string)");
}

/** The URI module as lowered code calls it (URI.parse, URI.split) and its classes (URI::HTTP...) as members. */
export const UriModule = {
  parse,
  split,
  HTTP,
  HTTPS,
  WS,
  WSS,
  Generic,
  Error: UriError,
  InvalidURIError,
  InvalidComponentError,
  BadURIError,
};
