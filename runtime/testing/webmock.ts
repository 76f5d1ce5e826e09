// WebMock as a lowered suite uses it (webmock 3): a registry of stubbed requests the runtime's outbound HTTP asks
// before it would connect, and the net-connect switch. The emitted app itself makes no outbound request (its clients
// raise "declined"), so here a request is answered only by a stub; an unstubbed one raises as WebMock raises it
// (WebMock::NetConnectNotAllowedError) while net connections are disabled.
//   WebMock.enable! / disable! / reset! / disable_net_connect!(allow: [...]) / allow_net_connect!
//   stub_request(:get, "https://x/").with(...).to_return(status: 200, body: "...", headers: {...})
//   .to_raise(K) / .to_timeout
import { RubySymbol, isHash, hashEntries, inspect, toS } from "../ruby/ruby.js";
import { StandardError } from "../ruby/index.js";

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
  body: string;
  headers: Array<[string, string]>;
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
      const headers = Object.entries(options(o.headers)).map(([k, v]) => [normalizeHeaderName(k), toS(v)] as [string, string]);
      this.answers.push({ response: { status, body: o.body === undefined || o.body === null ? "" : toS(o.body), headers } });
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

  matches(method: string, url: URL, body: string): boolean {
    if (this.method !== "any" && this.method !== method.toLowerCase()) return false;
    const uri = this.uri;
    if (uri instanceof RegExp) {
      if (!uri.test(url.href)) return false;
    } else if (!sameUri(toS(uri), url)) return false;
    if ("body" in this.conditions && toS(this.conditions.body) !== body) return false;
    return true;
  }

  /** The answers in turn, the last one repeating (WebMock's sequence). */
  next(): Answer {
    const answer = this.answers.length > 1 ? this.answers.shift()! : this.answers[0];
    return answer ?? { response: { status: 200, body: "", headers: [] } };
  }
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
    return null;
  }

  disableBang(): null {
    this.enabled = false;
    return null;
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
  request(method: string, href: string, body = ""): StubbedResponse | null {
    if (!this.enabled) return null;
    const url = new URL(href);
    const stub = [...this.stubs].reverse().find((s) => s.matches(method, url, body));
    if (stub) {
      const answer = stub.next();
      if ("raise" in answer) throw typeof answer.raise === "function" ? new (answer.raise as new (m: string) => Error)("Exception from WebMock") : answer.raise;
      if ("timeout" in answer) throw new StandardError("execution expired");
      return answer.response;
    }
    if (this.netConnectAllowed || this.allowed.some((a) => (a instanceof RegExp ? a.test(href) : toS(a) === url.hostname || toS(a) === url.host))) return null;
    throw new NetConnectNotAllowedError(
      `Real HTTP connections are disabled. Unregistered request: ${method.toUpperCase()} ${href}\n\nYou can stub this request with the following snippet:\n\nstub_request(:${method.toLowerCase()}, ${inspect(href)})`,
    );
  }
}

/** The WebMock module (one per process, as WebMock's globals are). */
export const WebMock = new WebMockRegistry();
