// Ruby's Net::HTTP (net-http 0.4, Ruby 3.3) as an app's outbound requests use it. Everything up to the socket is
// Ruby's: the request line and headers a request class builds, Net::HTTP.start's options, the response classes by
// status (Net::HTTPOK < Net::HTTPSuccess...), header lookup, content_type / content_length. A request is first
// offered to the interceptor a test library installs (WebMock, runtime/testing/webmock.ts), which answers it as
// stubbed, refuses it, or lets it through. What goes through connects as Net::HTTP#connect does, with
// TCPSocket.open(ipaddr || address, port, nil, nil), and the socket itself is declined (NotLowered): the emitted
// app opens no connection; a test may stub TCPSocket.open (Mocha) to see where it would have connected.
//   Net::HTTP.new(uri.host, uri.port)                NetHttpClass.new(host, port)
//   Net::HTTP.start(host, port, use_ssl: true) { }   NetHttpClass.start(host, port, { use_ssl: true }, (http) => ...)
//   Net::HTTP::Post.new(uri, "Content-Type" => t)    NetHttpClass.Post.new(uri, { "Content-Type": t })
//   http.request(req) { |response| }                 http.request(req, null, (response) => ...)
// Declined, loudly: a proxy taken from the environment (http_proxy...), which Ruby would connect through.
import { ArgumentError } from "./args.js";
import { IOError, StandardError, TimeoutError } from "./exceptions.js";
import { notLoweredError } from "./not-lowered.js";
import { RubyObject } from "./ruby-object.js";
import { hashEntries, isHash, RubySymbol, toS } from "./ruby.js";
import { Generic, HTTP as UriHTTP } from "./uri.js";

export class OpenTimeout extends TimeoutError {
  static override rubyName = "Net::OpenTimeout";
}
export class ReadTimeout extends TimeoutError {
  static override rubyName = "Net::ReadTimeout";
}
export class HTTPHeaderSyntaxError extends StandardError {
  static override rubyName = "Net::HTTPHeaderSyntaxError";
}

/** What an interceptor sees of a request: WebMock's request signature. */
export interface OutboundRequest {
  method: string;
  /** protocol://address:port/path, as WebMock's get_uri writes it. */
  uri: string;
  body: string;
  headers: Array<[string, string]>;
}

/** A stubbed answer: status, reason, headers (as given), body (nil for none); timeout raises Net::OpenTimeout. */
export interface OutboundResponse {
  status: number;
  message?: string;
  body: string | null;
  headers: Array<[string, string]>;
  timeout?: boolean;
}

/** Answers a request (a stub), raises (refused), or null: the request goes to the network. */
type Interceptor = (request: OutboundRequest) => OutboundResponse | null;
let interceptor: Interceptor | null = null;

/** A test library's hook (WebMock.enable!): every request of Net::HTTP is offered to it first. */
export function setOutboundInterceptor(fn: Interceptor | null): void {
  interceptor = fn;
}

/** Net::HTTPHeader: fields by lower-cased name, each a list of values; `[]` joins them with ", ". */
class HeaderFields extends RubyObject {
  protected readonly fields = new Map<string, string[]>();

  protected initializeHeader(given: unknown): void {
    if (given === null || given === undefined) return;
    for (const [k, v] of isHash(given) ? hashEntries(given) : []) {
      if (v === null || v === undefined) continue;
      const value = toS(v);
      if (/[\r\n]/.test(value)) throw new ArgumentError(`header field value cannot include CR/LF`);
      this.fields.set(toS(k).toLowerCase(), [value.trim()]);
    }
  }

  /** header['Name']: the values joined with ", ", nil when absent. */
  get(name: unknown): string | null {
    const values = this.fields.get(toS(name).toLowerCase());
    return values ? values.join(", ") : null;
  }

  set(name: unknown, value: unknown): unknown {
    if (value === null || value === undefined) this.fields.delete(toS(name).toLowerCase());
    else this.fields.set(toS(name).toLowerCase(), [toS(value)]);
    return value;
  }

  addField(name: unknown, value: unknown): void {
    const key = toS(name).toLowerCase();
    this.fields.set(key, [...(this.fields.get(key) ?? []), toS(value)]);
  }

  isKey(name: unknown): boolean {
    return this.fields.has(toS(name).toLowerCase());
  }

  /** to_hash: lower-cased names to their value lists. */
  toHash(): Map<string, string[]> {
    return new Map([...this.fields].map(([k, v]) => [k, [...v]]));
  }

  /** The fields as they are sent: each name capitalized (Net::HTTPHeader#capitalize), one line per value. */
  entries(): Array<[string, string]> {
    const capitalize = (name: string) => name.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("-");
    return [...this.fields].flatMap(([k, values]) => values.map((v) => [capitalize(k), v] as [string, string]));
  }

  /** Content-Type's media type, without parameters (`text/html` of `text/html; charset=utf-8`), nil when absent. */
  contentType(): string | null {
    const value = this.get("Content-Type");
    if (value === null) return null;
    const media = value.split(";")[0] ?? "";
    const [main, sub] = media.split("/");
    const mainType = (main ?? "").trim();
    return sub === undefined ? mainType : `${mainType}/${sub.trim()}`;
  }

  /** Content-Length as an Integer, nil when absent; a value with no digits raises Net::HTTPHeaderSyntaxError. */
  contentLength(): number | null {
    if (!this.isKey("Content-Length")) return null;
    const digits = /\d+/.exec(this.get("Content-Length")!);
    if (!digits) throw new HTTPHeaderSyntaxError("wrong Content-Length format");
    return parseInt(digits[0], 10);
  }
}

/** Net::HTTPGenericRequest: its method, path, URI (when built from one), header fields and body. */
export class HTTPGenericRequest extends HeaderFields {
  static override rubyName = "Net::HTTPGenericRequest";
  static readonly METHOD: string = "";
  static readonly RESPONSE_HAS_BODY: boolean = true;
  path = "";
  uri: Generic | null = null;
  body: unknown = null;

  override initialize(uriOrPath: unknown = null, initheader: unknown = null): unknown {
    let host: string | null = null;
    if (uriOrPath instanceof Generic) {
      if (!(uriOrPath instanceof UriHTTP)) throw new ArgumentError("not an HTTP URI");
      const hostname = uriOrPath.hostname();
      if (!hostname) throw new ArgumentError("no host component for URI");
      this.uri = uriOrPath.dup();
      host = uriOrPath.port !== uriOrPath.defaultPort() ? `${hostname}:${toS(uriOrPath.port)}` : hostname;
      const path = uriOrPath.requestUri();
      if (path === null) throw new ArgumentError("no HTTP request path given");
      this.path = path;
    } else {
      if (uriOrPath === null || uriOrPath === undefined) throw new ArgumentError("no HTTP request path given");
      if (toS(uriOrPath) === "") throw new ArgumentError("HTTP request path is empty");
      this.path = toS(uriOrPath);
    }
    const given = isHash(initheader) ? hashEntries(initheader).map(([k]) => toS(k).toLowerCase()) : [];
    this.initializeHeader(initheader);
    // Ruby built with zlib asks for a compressed answer unless the caller chose an encoding or a range.
    if (!given.includes("accept-encoding") && !given.includes("range")) this.fields.set("accept-encoding", ["gzip;q=1.0,deflate;q=0.6,identity;q=0.3"]);
    if (!this.isKey("Accept")) this.set("Accept", "*/*");
    if (!this.isKey("User-Agent")) this.set("User-Agent", "Ruby");
    if (host !== null && !this.isKey("Host")) this.set("Host", host);
    return null;
  }

  get method(): string {
    return (this.constructor as typeof HTTPGenericRequest).METHOD;
  }
}

function requestClass(method: string, name: string, responseHasBody = true): typeof HTTPGenericRequest {
  return class extends HTTPGenericRequest {
    static override rubyName = `Net::HTTP::${name}`;
    static override readonly METHOD = method;
    static override readonly RESPONSE_HAS_BODY = responseHasBody;
  };
}

export const Get = requestClass("GET", "Get");
export const Head = requestClass("HEAD", "Head", false);
export const Post = requestClass("POST", "Post");
export const Put = requestClass("PUT", "Put");
export const Patch = requestClass("PATCH", "Patch");
export const Delete = requestClass("DELETE", "Delete");

/** Net::HTTPResponse: code (a String), message, header fields, body as WebMock sets it (already read). */
export class HTTPResponse extends HeaderFields {
  static override rubyName = "Net::HTTPResponse";
  httpVersion = "1.0";
  code = "";
  message = "";
  uri: Generic | null = null;
  private _body: string | ReadAdapter | null = null;
  private read = false;

  static answer(response: OutboundResponse, uri: Generic | null): HTTPResponse {
    const code = String(response.status);
    const klass = CODE_TO_OBJ[code] ?? CODE_CLASS_TO_OBJ[code.charAt(0)] ?? HTTPUnknownResponse;
    const r = new klass();
    r.code = code;
    r.message = response.message ?? "";
    r._body = code === "204" ? null : response.body;
    for (const [name, value] of response.headers) r.addField(name, value);
    r.uri = uri;
    return r;
  }

  /** body: read_body without a block. */
  get body(): unknown {
    return this.readBody();
  }

  /**
   * read_body { |chunk| } as WebMock's response answers it: the first call yields the whole body once (and the body
   * becomes the Net::ReadAdapter that took it, as Ruby's does); without a block it is the body. Once read, a block
   * raises IOError ("read_body called twice"), as Net::HTTPResponse#read_body does.
   */
  readBody(dest: unknown = null, block?: ((chunk: string) => unknown) | null): unknown {
    if (typeof dest === "function") [block, dest] = [dest as (chunk: string) => unknown, null];
    if (this.read) {
      if (dest !== null || block) throw new IOError(`${this.rubyClassName()}#read_body called twice`);
      return this._body;
    }
    this.read = true;
    if (dest === null && !block) return this._body;
    if (dest !== null && block) throw new ArgumentError("both arg and block given for HTTP method");
    if (this._body === null) return null;
    if (!block) throw notLoweredError("rails2ts: declined: read_body into a destination (only a block is read)");
    const chunk = this._body as string;
    this._body = new ReadAdapter();
    block(chunk);
    return this._body;
  }
}

/** Net::ReadAdapter: what a response's body is after read_body gave it to a block. */
export class ReadAdapter extends RubyObject {
  static override rubyName = "Net::ReadAdapter";
}

export class HTTPUnknownResponse extends HTTPResponse {
  static override rubyName = "Net::HTTPUnknownResponse";
}
export class HTTPInformation extends HTTPResponse {
  static override rubyName = "Net::HTTPInformation";
}
export class HTTPSuccess extends HTTPResponse {
  static override rubyName = "Net::HTTPSuccess";
}
export class HTTPRedirection extends HTTPResponse {
  static override rubyName = "Net::HTTPRedirection";
}
export class HTTPClientError extends HTTPResponse {
  static override rubyName = "Net::HTTPClientError";
}
export class HTTPServerError extends HTTPResponse {
  static override rubyName = "Net::HTTPServerError";
}
const CODE_CLASS_TO_OBJ: Record<string, typeof HTTPResponse> = { "1": HTTPInformation, "2": HTTPSuccess, "3": HTTPRedirection, "4": HTTPClientError, "5": HTTPServerError };

// Net::HTTPResponse::CODE_TO_OBJ of Ruby 3.3 (net-http 0.4.1): each status's class under its family.
const CODES: Array<[string, string]> = [
  ["100", "Continue"], ["101", "SwitchProtocol"], ["102", "Processing"], ["103", "EarlyHints"],
  ["200", "OK"], ["201", "Created"], ["202", "Accepted"], ["203", "NonAuthoritativeInformation"], ["204", "NoContent"], ["205", "ResetContent"],
  ["206", "PartialContent"], ["207", "MultiStatus"], ["208", "AlreadyReported"], ["226", "IMUsed"],
  ["300", "MultipleChoices"], ["301", "MovedPermanently"], ["302", "Found"], ["303", "SeeOther"], ["304", "NotModified"], ["305", "UseProxy"],
  ["307", "TemporaryRedirect"], ["308", "PermanentRedirect"],
  ["400", "BadRequest"], ["401", "Unauthorized"], ["402", "PaymentRequired"], ["403", "Forbidden"], ["404", "NotFound"], ["405", "MethodNotAllowed"],
  ["406", "NotAcceptable"], ["407", "ProxyAuthenticationRequired"], ["408", "RequestTimeout"], ["409", "Conflict"], ["410", "Gone"],
  ["411", "LengthRequired"], ["412", "PreconditionFailed"], ["413", "PayloadTooLarge"], ["414", "URITooLong"], ["415", "UnsupportedMediaType"],
  ["416", "RangeNotSatisfiable"], ["417", "ExpectationFailed"], ["421", "MisdirectedRequest"], ["422", "UnprocessableEntity"], ["423", "Locked"],
  ["424", "FailedDependency"], ["426", "UpgradeRequired"], ["428", "PreconditionRequired"], ["429", "TooManyRequests"],
  ["431", "RequestHeaderFieldsTooLarge"], ["451", "UnavailableForLegalReasons"],
  ["500", "InternalServerError"], ["501", "NotImplemented"], ["502", "BadGateway"], ["503", "ServiceUnavailable"], ["504", "GatewayTimeout"],
  ["505", "VersionNotSupported"], ["506", "VariantAlsoNegotiates"], ["507", "InsufficientStorage"], ["508", "LoopDetected"], ["510", "NotExtended"],
  ["511", "NetworkAuthenticationRequired"],
];
const CODE_TO_OBJ: Record<string, typeof HTTPResponse> = {};
/** Net::HTTPOK, Net::HTTPNotFound... by their Ruby names (without Net::). */
export const RESPONSE_CLASSES: Record<string, typeof HTTPResponse> = {
  HTTPResponse, HTTPUnknownResponse, HTTPInformation, HTTPSuccess, HTTPRedirection, HTTPClientError, HTTPServerError,
};
for (const [code, name] of CODES) {
  const family = CODE_CLASS_TO_OBJ[code.charAt(0)]!;
  const klass = class extends family {
    static override rubyName = `Net::HTTP${name}`;
  };
  CODE_TO_OBJ[code] = klass;
  RESPONSE_CLASSES[`HTTP${name}`] = klass;
}

/** TCPSocket as Net::HTTP#connect reaches it: the connection itself is declined (a test may stub open). */
export const TCPSocketClass = {
  open(host: unknown, port: unknown, _localHost: unknown = null, _localPort: unknown = null): never {
    throw notLoweredError(`rails2ts: declined: TCPSocket.open(${toS(host)}, ${toS(port)}) (an outbound connection; the emitted app opens none)`);
  },
};

const PROXY_VARIABLES = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY"];

/** A Net::HTTP session: address, port, TLS and timeouts; requests go to the interceptor, then to the socket. */
export class NetHttp extends RubyObject {
  static override rubyName = "Net::HTTP";
  address = "";
  port = 80;
  useSsl = false;
  ipaddr: string | null = null;
  openTimeout: unknown = 60;
  readTimeout: unknown = 60;
  writeTimeout: unknown = 60;
  sslTimeout: unknown = null;
  verifyMode: unknown = null;
  private started = false;

  override initialize(address: unknown = null, port: unknown = null): unknown {
    this.address = toS(address);
    this.port = port === null || port === undefined ? 80 : Number(port);
    return null;
  }

  isUseSsl(): boolean {
    return this.useSsl;
  }

  // The writers (http.use_ssl = true, http.open_timeout = 7.seconds): send("use_ssl=") finds set<Name>.
  setUseSsl(v: unknown): unknown {
    if (this.started) throw new IOError("use_ssl value changed, but session already started");
    this.useSsl = v !== null && v !== undefined && v !== false;
    return v;
  }

  setIpaddr(v: unknown): unknown {
    if (this.started) throw new IOError("ipaddr value changed, but session already started");
    this.ipaddr = v === null || v === undefined ? null : toS(v);
    return v;
  }

  setOpenTimeout(v: unknown): unknown {
    return (this.openTimeout = v);
  }

  setReadTimeout(v: unknown): unknown {
    return (this.readTimeout = v);
  }

  setWriteTimeout(v: unknown): unknown {
    return (this.writeTimeout = v);
  }

  setSslTimeout(v: unknown): unknown {
    return (this.sslTimeout = v);
  }

  setVerifyMode(v: unknown): unknown {
    return (this.verifyMode = v);
  }

  isStarted(): boolean {
    return this.started;
  }

  /** start { |http| }: the block's value, the session finished after it (WebMock starts without connecting). */
  start(block?: ((http: NetHttp) => unknown) | null): unknown {
    if (this.started) throw new IOError("HTTP session already opened");
    this.started = true;
    if (!block) return this;
    try {
      return block(this);
    } finally {
      this.started = false;
    }
  }

  finish(): null {
    if (!this.started) throw new IOError("HTTP session not yet started");
    this.started = false;
    return null;
  }

  /** request(req, body = nil) { |response| }: the response (yielded first when a block is given). */
  request(req: unknown, body: unknown = null, block?: ((response: HTTPResponse) => unknown) | null): HTTPResponse {
    if (typeof body === "function") [block, body] = [body as (response: HTTPResponse) => unknown, null];
    if (!(req instanceof HTTPGenericRequest)) throw new ArgumentError("request: not a Net::HTTPGenericRequest");
    const payload = body !== null && body !== undefined ? toS(body) : req.body === null || req.body === undefined ? "" : toS(req.body);
    const hostname = /^\[.*\]$/.test(this.address) || !this.address.includes(":") ? this.address : `[${this.address}]`;
    const signature: OutboundRequest = { method: req.method, uri: `${this.useSsl ? "https" : "http"}://${hostname}:${this.port}${req.path}`, body: payload, headers: req.entries() };
    const answer = interceptor ? interceptor(signature) : null;
    if (answer === null) return this.connect();
    const response = HTTPResponse.answer(answer, req.uri);
    if (answer.timeout) throw new OpenTimeout("execution expired");
    if (block) block(response);
    return response;
  }

  /** Net::HTTP#connect: TCPSocket.open(ipaddr || address, port, nil, nil), inside the open timeout. */
  private connect(): never {
    if (PROXY_VARIABLES.some((v) => process.env[v])) throw notLoweredError("rails2ts: declined: Net::HTTP through a proxy of the environment (http_proxy)");
    const connAddress = this.ipaddr ?? this.address;
    return NetHttpClass.TCPSocket.open(connAddress, this.port, null, null);
  }
}


/** Net::HTTP.start's options (use_ssl:, ipaddr:, open_timeout:...), set through the session's writers. */
const START_OPTIONS: Record<string, "setUseSsl" | "setIpaddr" | "setOpenTimeout" | "setReadTimeout" | "setWriteTimeout" | "setSslTimeout" | "setVerifyMode"> = {
  use_ssl: "setUseSsl", ipaddr: "setIpaddr", open_timeout: "setOpenTimeout", read_timeout: "setReadTimeout", write_timeout: "setWriteTimeout", ssl_timeout: "setSslTimeout", verify_mode: "setVerifyMode",
};

/** Net::HTTP as a constant: new, start, the request classes (Net::HTTP::Get...) and the response classes. */
export const NetHttpClass = {
  rubyName: "Net::HTTP",
  new: (address: unknown, port: unknown = null): NetHttp => NetHttp.build(address, port) as NetHttp,
  start(address: unknown, ...rest: unknown[]): unknown {
    const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as (http: NetHttp) => unknown) : null;
    const opt = rest.length && isHash(rest[rest.length - 1]) ? hashEntries(rest.pop() as Map<unknown, unknown>) : null;
    if (rest.length > 1) throw notLoweredError("rails2ts: declined: Net::HTTP.start with a proxy");
    const options = new Map((opt ?? []).map(([k, v]) => [k instanceof RubySymbol ? k.name : toS(k), v]));
    let port = rest[0] ?? null;
    if ((port === null || port === undefined) && options.get("use_ssl")) port = 443;
    const http = NetHttpClass.new(address, port);
    for (const [key, value] of options) {
      const writer = START_OPTIONS[key];
      if (!writer) throw notLoweredError(`rails2ts: declined: Net::HTTP.start option ${key}`);
      (http[writer] as (v: unknown) => unknown).call(http, value);
    }
    return http.start(block);
  },
  Get,
  Head,
  Post,
  Put,
  Patch,
  Delete,
  /** Net::HTTP#connect's socket class (a constant, so a test's Mocha stub of TCPSocket.open is what it calls). */
  TCPSocket: TCPSocketClass,
};

/** The Net module: Net::HTTP, its timeouts and the response classes (Net::HTTPOK, Net::HTTPRedirection...). */
export const NetModule: {
  readonly [name: string]: unknown;
  HTTP: typeof NetHttpClass;
  OpenTimeout: typeof OpenTimeout;
  ReadTimeout: typeof ReadTimeout;
  HTTPHeaderSyntaxError: typeof HTTPHeaderSyntaxError;
  HTTPGenericRequest: typeof HTTPGenericRequest;
} = {
  HTTP: NetHttpClass,
  OpenTimeout,
  ReadTimeout,
  HTTPHeaderSyntaxError,
  HTTPGenericRequest,
  ...RESPONSE_CLASSES,
};
