// WebMock as a lowered suite uses it (webmock 3): a registry of stubbed requests the runtime's outbound HTTP
// (Net::HTTP, runtime/ruby/net-http.ts) offers each request to while WebMock is enabled, and the net-connect switch.
// A stubbed request is answered as stubbed (to_timeout raises Net::OpenTimeout, as WebMock's Net::HTTP adapter
// does); an unstubbed one raises WebMock::NetConnectNotAllowedError while net connections are disabled, and
// otherwise goes on to the socket, which the emitted app declines.
//   WebMock.enable! / disable! / reset! / disable_net_connect!(allow: [...]) / allow_net_connect!
//   stub_request(:get, "https://x/").with(...).to_return(status: 200, body: "...", headers: {...})
//   .to_raise(K) / .to_timeout
//   .with(body: hash_including(user: { id: 1 }))   a JSON body whose parsed Hash includes these (keys as Strings)
import { RubySymbol, isHash, hashEntries, inspect, toS } from "../ruby/ruby.js";
import { OpenTimeout, setOutboundInterceptor, type OutboundRequest, type OutboundResponse } from "../ruby/net-http.js";
import { notLoweredError } from "../ruby/not-lowered.js";
import { eq } from "../active-support/index.js";

export class NetConnectNotAllowedError extends Error {
  static readonly rubyName = "WebMock::NetConnectNotAllowedError";
  override readonly name = "WebMock::NetConnectNotAllowedError";
}

/** A keyword-argument Hash (a Map of Symbols, or a plain object) as a plain object of String keys. */
function options(value: unknown): Record<string, unknown> {
  if (!isHash(value)) return {};
  return Object.fromEntries(hashEntries(value).map(([k, v]) => [k instanceof RubySymbol ? k.name : toS(k), v]));
}

export interface StubbedResponse {
  status: number;
  /** The reason phrase of `status: [500, "Internal Server Error"]` (WebMock's default is ""). */
  message?: string;
  body: string;
  headers: Array<[string, string]>;
}

/** A Hash as WebMock compares it: String keys (deep), values as they are. */
function stringifyKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringifyKeys);
  if (!isHash(value)) return value;
  return new Map(hashEntries(value).map(([k, v]) => [k instanceof RubySymbol ? k.name : toS(k), stringifyKeys(v)]));
}

/** Hash#== / Array#== over what stringifyKeys and jsonToRuby answer (Maps of String keys), values by Ruby's ==. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([k, v]) => b.has(k) && sameValue(v, b.get(k)));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (a instanceof Map || b instanceof Map || Array.isArray(a) || Array.isArray(b)) return false;
  return eq(a, b);
}

/** WebMock::Matchers::HashIncludingMatcher: every expected key present in the actual Hash with an equal value. */
export class HashIncludingMatcher {
  private readonly expected: Map<string, unknown>;

  constructor(expected: unknown) {
    this.expected = stringifyKeys(expected ?? new Map()) as Map<string, unknown>;
  }

  matches(actual: unknown): boolean {
    if (!(actual instanceof Map)) return false;
    return [...this.expected].every(([k, v]) => actual.has(k) && sameValue(v, actual.get(k)));
  }

  toRubyInspect(): string {
    return `hash_including(${inspect(this.expected)})`;
  }
}

/** A parsed JSON value as Ruby's JSON.parse answers it: objects as Hashes of String keys. */
function jsonToRuby(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonToRuby);
  if (value !== null && typeof value === "object") return new Map(Object.entries(value).map(([k, v]) => [k, jsonToRuby(v)]));
  return value;
}

/** BodyPattern#body_as_hash: only a JSON body is read here (XML and form bodies are declined, not guessed). */
function bodyAsHash(body: string, contentType: string): unknown {
  const media = contentType.split(";")[0]!.trim().toLowerCase();
  if (["application/json", "text/json", "application/javascript", "text/javascript"].includes(media)) {
    try {
      return jsonToRuby(JSON.parse(body));
    } catch {
      return null;
    }
  }
  throw notLoweredError(`rails2ts: declined: WebMock body pattern over a ${media || "form"} body (only JSON bodies are read)`);
}

/** What a stub answers: a response, an exception to raise, or a timeout. */
type Answer = { response: StubbedResponse } | { raise: unknown } | { timeout: true };

export class RequestStub {
  private readonly answers: Answer[] = [];
  private conditions: Record<string, unknown> = {};

  constructor(readonly method: string, readonly uri: unknown) {}

  /** with(body:, headers:, query:): only requests that match these. */
  with(conditions: unknown): this {
    this.conditions = options(conditions);
    return this;
  }

  /** to_return(status:, body:, headers:): header names as given (a Symbol's underscores become dashes, as WebMock normalizes). */
  toReturn(...given: unknown[]): this {
    for (const one of given.length ? given : [new Map()]) {
      const o = options(one);
      const status = Array.isArray(o.status) ? Number(o.status[0]) : o.status === undefined ? 200 : Number(o.status);
      const message = Array.isArray(o.status) && o.status.length > 1 ? toS(o.status[1]) : "";
      const headers = Object.entries(options(o.headers)).map(([k, v]) => [normalizeHeaderName(k), toS(v)] as [string, string]);
      this.answers.push({ response: { status, message, body: o.body === undefined || o.body === null ? "" : toS(o.body), headers } });
    }
    return this;
  }

  toRaise(error: unknown): this {
    this.answers.push({ raise: error });
    return this;
  }

  toTimeout(): this {
    this.answers.push({ timeout: true });
    return this;
  }

  matches(method: string, url: URL, body: string, headers: Array<[string, string]> = []): boolean {
    if (this.method !== "any" && this.method !== method.toLowerCase()) return false;
    const uri = this.uri;
    if (uri instanceof RegExp) {
      if (!uri.test(url.href)) return false;
    } else if (!sameUri(toS(uri), url)) return false;
    for (const key of Object.keys(this.conditions)) {
      if (key !== "body") throw notLoweredError(`rails2ts: declined: WebMock's with(${key}:) (only body: is matched)`);
    }
    if ("body" in this.conditions && !bodyMatches(this.conditions.body, body, headers)) return false;
    return true;
  }

  /** The answers in turn, the last one repeating (WebMock's sequence). */
  next(): Answer {
    const answer = this.answers.length > 1 ? this.answers.shift()! : this.answers[0];
    return answer ?? { response: { status: 200, body: "", headers: [] } };
  }
}

/** BodyPattern#matches?: a String is compared as is; a Hash or hash_including against the body read as a Hash. */
function bodyMatches(pattern: unknown, body: string, headers: Array<[string, string]>): boolean {
  const contentType = headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
  if (pattern instanceof HashIncludingMatcher) return pattern.matches(bodyAsHash(body, contentType));
  if (isHash(pattern)) {
    if (hashEntries(pattern).length === 0) return true;
    return sameValue(stringifyKeys(pattern), bodyAsHash(body, contentType));
  }
  if (pattern instanceof RegExp) return pattern.test(body);
  return toS(pattern) === body;
}

/** WebMock's normalization of a header name: each word capitalized, underscores as dashes (content_type -> Content-Type). */
function normalizeHeaderName(name: string): string {
  return name.replace(/_/g, "-").split("-").map((w) => (w ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w)).join("-");
}

/** Addressable-normalized comparison: a missing path is "/", default ports dropped, host case ignored. */
function sameUri(stubbed: string, url: URL): boolean {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(stubbed) ? stubbed : `http://${stubbed}`;
  let expected: URL;
  try {
    expected = new URL(withScheme);
  } catch {
    return false;
  }
  return expected.href === url.href;
}

class WebMockRegistry {
  enabled = false;
  private netConnectAllowed = true;
  private allowed: unknown[] = [];
  private stubs: RequestStub[] = [];

  enableBang(): null {
    this.enabled = true;
    setOutboundInterceptor((request) => this.intercept(request));
    return null;
  }

  disableBang(): null {
    this.enabled = false;
    setOutboundInterceptor(null);
    return null;
  }

  /** Net::HTTP's request offered to WebMock: a stub's answer, null to go on to the network (or a raise). */
  private intercept(request: OutboundRequest): OutboundResponse | null {
    const answer = this.answer(request.method, request.uri, request.body, request.headers);
    if (answer === null || "response" in answer) return answer && answer.response;
    return { status: 200, body: null, headers: [], timeout: true };
  }

  disableNetConnectBang(given: unknown = null): null {
    this.netConnectAllowed = false;
    const allow = options(given).allow;
    this.allowed = allow === undefined || allow === null ? [] : Array.isArray(allow) ? allow : [allow];
    return null;
  }

  allowNetConnectBang(): null {
    this.netConnectAllowed = true;
    this.allowed = [];
    return null;
  }

  /** reset!: the stubs forgotten (the net-connect setting stays, as WebMock.reset! leaves it). */
  resetBang(): null {
    this.stubs = [];
    return null;
  }

  stubRequest(method: unknown, uri: unknown): RequestStub {
    const stub = new RequestStub(toS(method).toLowerCase(), uri);
    this.stubs.push(stub);
    return stub;
  }

  /**
   * An outbound request of the app: the last matching stub's answer (WebMock prefers the latest); null when none
   * matches and the connection would be allowed (the caller then does what it does without WebMock).
   */
  request(method: string, href: string, body = "", headers: Array<[string, string]> = []): StubbedResponse | null {
    const answer = this.answer(method, href, body, headers);
    if (answer === null) return null;
    if ("timeout" in answer) throw new OpenTimeout("execution expired");
    return answer.response;
  }

  /** The stub's answer (a raise raised here), or null when the request would go to the network. */
  private answer(method: string, href: string, body: string, headers: Array<[string, string]>): { response: StubbedResponse } | { timeout: true } | null {
    if (!this.enabled) return null;
    const url = new URL(href);
    const stub = [...this.stubs].reverse().find((s) => s.matches(method, url, body, headers));
    if (stub) {
      const answer = stub.next();
      if ("raise" in answer) throw typeof answer.raise === "function" ? new (answer.raise as new (m: string) => Error)("Exception from WebMock") : answer.raise;
      return answer;
    }
    if (this.netConnectAllowed || this.allowed.some((a) => (a instanceof RegExp ? a.test(href) : toS(a) === url.hostname || toS(a) === url.host))) return null;
    // RequestSignature#to_s: the URI without its default port, then the body and the headers (sorted) when given.
    const withBody = body === "" ? "" : ` with body '${body}'`;
    const withHeaders = headers.length ? ` with headers {${[...headers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `'${k}'=>'${v}'`).join(", ")}}` : "";
    throw new NetConnectNotAllowedError(
      `Real HTTP connections are disabled. Unregistered request: ${method.toUpperCase()} ${url.href}${withBody}${withHeaders}\n\nYou can stub this request with the following snippet:\n\nstub_request(:${method.toLowerCase()}, ${inspect(url.href)})`,
    );
  }
}

/** The WebMock module (one per process, as WebMock's globals are). */
export const WebMock = new WebMockRegistry();
