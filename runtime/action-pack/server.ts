// The request pipeline of a production Rails 7.2 app, in Rails' middleware order, over node:http:
//   [AssumeSSL] -> [SSL] -> ActionDispatch::Static -> Rack::MethodOverride -> ShowExceptions(PublicExceptions) -> Cookies -> Session
//   (CookieStore) -> Flash -> router -> controller
// plus the SQL-count protocol of the conformance lane (one "<count>\n" line per request in $RAILS2TS_SQL_LOG).
import type { Store } from "../active-support/cache/store.js";
import { appFramesFirst } from "./backtrace.js";
import { appendFileSync } from "node:fs";
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { randomBytes } from "../ruby/secure-random.js";
import { deflate } from "./deflater.js";
import { fileURLToPath } from "node:url";
import { polymorphicUrl } from "./polymorphic.js";
import { BUILTIN_CONTROLLERS } from "./builtin.js";
import { Controller, type ControllerApp, type ControllerClass, type TemplateRenderer } from "./controller.js";
import { type CookieConfig, CookieJar } from "./cookies.js";
import { Csrf } from "./csrf.js";
import { publicErrorResponse, RoutingError, statusForError } from "./errors.js";
import { FlashSlot } from "./flash.js";
import { KeyGenerator } from "../active-support/messages.js";
import { toJson } from "../active-support/json-encode.js";
import { BadRequest } from "./query.js";
import { Request, type RawRequest } from "./request.js";
import type { WireResponse } from "./response.js";
import type { RouteEntry } from "./route-table.js";
import { Router } from "./router.js";
import { CookieSessionStore } from "./session.js";
import { serveStatic } from "./static.js";
import { assumeSsl, forceSsl, type SslOptions } from "./ssl.js";
import { PUMA_HEADER_ERROR, PUMA_MAX_HEADER, pumaLimitError } from "./puma-limits.js";

export interface HttpAppConfig {
  /** The application's name: the session cookie is `_<name>_session`. */
  name: string;
  routes: RouteEntry[];
  /** Every controller class, by any key (class name); they are found by their static controllerPath. */
  controllers: Record<string, ControllerClass> | ControllerClass[];
  views: TemplateRenderer;
  secretKeyBase: string;
  /** public/: static files and the error pages (404.html, 422.html, 500.html). */
  publicDir?: string | URL | null;
  /** render json: encoding; default: runtime/json's ActiveSupport to_json (records, errors, times). */
  encodeJson?: (value: unknown) => string;
  /** url_for / redirect_to / location: of records and arrays; default: runtime/app's polymorphic routing. */
  urlFor?: (controller: Controller<any>, target: unknown) => string;
  /** Rails.cache as controllers use it (rate_limit's counters); null or absent: :null_store, nothing is kept. */
  cacheStore?: Store | null;
  /** The model runtime's per-request SQL statement counter. */
  sqlCounter?: { reset(): void; read(): number };
  /** Where to append the per-request SQL count; default $RAILS2TS_SQL_LOG. */
  sqlLogPath?: string | null;
  /** Randomness for session ids, CSRF tokens and IVs (tests pin it). */
  random?: (size: number) => Buffer;
  now?: () => Date;
  /** config.session_store :cookie_store options: the cookie's name, and expire_after as calendar parts. */
  sessionStore?: { key?: string; expireAfter?: Record<string, number> } | null;
  /** config.ru's `use Rack::Deflater`: it wraps every response, static files included. */
  deflater?: boolean;
  /** config.server_timing: ActionDispatch::ServerTiming's header on every response of the app (not static files). */
  serverTiming?: boolean;
  /**
   * config.action_dispatch.show_exceptions: :all (the default) answers every error with its page; :rescuable raises
   * out of the app those with no rescue response (a 500), :none every one (ActionDispatch::ShowExceptions re-raises).
   */
  showExceptions?: "all" | "rescuable" | "none";
  /** config.force_ssl's ActionDispatch::SSL with config.ssl_options (null/absent: not in the stack). */
  forceSsl?: SslOptions | null;
  /** config.assume_ssl: ActionDispatch::AssumeSSL first in the stack. */
  assumeSsl?: boolean;
  /**
   * ssl_options the compiler could not read: the diagnostic's message, raised on every request (Rails would have
   * applied them in its first middleware, so no response of ours could be Rails').
   */
  sslDeclined?: string | null;
  /** Where unexpected (500) errors are reported; default console.error, the app's frames first, as Rails logs them. */
  log?: (error: unknown) => void;
}

export class HttpApp {
  /** Errors show_exceptions lets out of the app: they pass the failsafe too. */
  private readonly raised = new WeakSet<object>();
  /** A cookie jar over a Cookie header with this app's secrets (what a test's CookieJar.build(request, cookies) reads). */
  cookieJar(header: string | undefined, ssl = false): CookieJar {
    return new CookieJar(header, this.cookieConfig(ssl));
  }

  /** The cookie settings of this app's requests (its secrets): what a cable connection under test reads cookies with. */
  cookieConfig(ssl = false): CookieConfig {
    return { keyGenerator: this.keyGenerator, ssl, now: this.config.now };
  }

  readonly router: Router;
  private readonly controllers = new Map<string, ControllerClass>();
  private readonly keyGenerator: KeyGenerator;
  private readonly sessions: CookieSessionStore;
  private readonly publicDir: string | null;
  private readonly controllerApp: ControllerApp;
  private queue: Promise<unknown> = Promise.resolve();
  /** Where each request's SQL count goes (the conformance lane's protocol), read once: the environment is the process's. */
  private readonly sqlLog: string | null | undefined;

  constructor(readonly config: HttpAppConfig) {
    this.sqlLog = config.sqlLogPath === undefined ? process.env.RAILS2TS_SQL_LOG : config.sqlLogPath;
    this.router = new Router(config.routes);
    for (const c of [...BUILTIN_CONTROLLERS, ...Object.values(config.controllers)]) this.controllers.set(c.controllerPath, c);
    this.keyGenerator = new KeyGenerator(config.secretKeyBase);
    this.sessions = new CookieSessionStore({
      key: config.sessionStore?.key ?? `_${config.name}_session`,
      expireAfter: config.sessionStore?.expireAfter ?? null,
      // The railtie sets session_options[:secure] under force_ssl unless ssl_options say secure_cookies: false.
      ...(config.forceSsl?.secureCookies ? { secure: true } : {}),
      now: config.now,
    }, config.random);
    const dir = config.publicDir;
    this.publicDir = dir === null || dir === undefined ? null : dir instanceof URL ? fileURLToPath(dir) : dir;
    this.controllerApp = {
      router: this.router,
      publicDir: this.publicDir,
      views: config.views,
      encodeJson: config.encodeJson ?? toJson,
      urlFor: config.urlFor ?? ((c, target) => polymorphicUrl(this.router, target, "url", {}, c.urlHost(), c.recall())),
      cacheStore: config.cacheStore ?? null,
    };
  }

  private log(error: unknown): void {
    if (this.config.log) this.config.log(error);
    else console.error(appFramesFirst(error));
  }

  /** One request, start to finish; requests run one at a time so the SQL count belongs to one request. */
  handle(raw: RawRequest): Promise<WireResponse> {
    const run = this.queue.then(() => this.handleNow(raw));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handleNow(raw: RawRequest): Promise<WireResponse> {
    this.config.sqlCounter?.reset();
    let wire: WireResponse;
    try {
      wire = await this.dispatch(raw);
      if (this.config.deflater) wire = deflate(wire, header(raw, "accept-encoding"), raw.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, ""));
    } catch (error) {
      if (this.raised.has(error as object)) throw error;
      this.log(error);
      wire = failsafe();
    }
    if (this.sqlLog) appendFileSync(this.sqlLog, `${this.config.sqlCounter?.read() ?? 0}\n`);
    return wire;
  }

  private async dispatch(raw: RawRequest): Promise<WireResponse> {
    if (this.config.sslDeclined) throw new Error(`rails2ts: ${this.config.sslDeclined}`);
    if (this.config.assumeSsl) raw = { ...raw, headers: assumeSsl(raw.headers), encrypted: true };
    const ssl = this.config.forceSsl;
    return ssl ? forceSsl(ssl, new Request(raw), () => this.dispatchApp(raw)) : this.dispatchApp(raw);
  }

  private async dispatchApp(raw: RawRequest): Promise<WireResponse> {
    if (this.publicDir) {
      const path = raw.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split("?")[0];
      const file = serveStatic(this.publicDir, raw.method.toUpperCase(), path, header(raw, "accept-encoding"));
      if (file) return file;
    }
    const request = new Request(raw);
    const started = process.hrtime.bigint();
    let wire: WireResponse;
    try {
      wire = await this.serve(request);
    } catch (error) {
      const status = statusForError(error);
      const shows = this.config.showExceptions ?? "all";
      if (shows === "none" || (shows === "rescuable" && status === 500)) {
        if (error !== null && typeof error === "object") this.raised.add(error);
        throw error;
      }
      if (status >= 500) this.log(error);
      const format = safeFirstFormat(request);
      wire = publicErrorResponse(status, format, this.publicDir, request.rawMethod === "HEAD");
    }
    wire = withRequestIdAndRuntime(wire, request.header("x-request-id"), started);
    return this.config.serverTiming ? withServerTiming(wire, started) : wire;
  }

  private async serve(request: Request): Promise<WireResponse> {
    const found = this.router.recognize(request.method, request.path);
    if (!found) throw new RoutingError(`No route matches [${request.method}] "${request.path}"`);
    if (!found.validEncoding) throw new BadRequest("Invalid path parameters: Invalid encoding for parameter");
    request.pathParameters = found.params;
    const Klass = this.controllers.get(found.route.controller);
    if (!Klass) throw new RoutingError(`uninitialized constant ${found.route.controller}`);
    const random = this.config.random ?? randomBytes;
    const cookies = new CookieJar(request.header("cookie"), { keyGenerator: this.keyGenerator, ssl: request.ssl, randomBytes: random, now: this.config.now });
    const session = this.sessions.sessionFor(cookies);
    const csrf = new Csrf(session, random);
    const controller = new Klass();
    controller.attach({ app: this.controllerApp, request, route: found.route, cookies, session, flash: new FlashSlot(session), csrf });
    await controller.process(found.params.action);
    // Live::Response#before_committed writes the cookie jar as the response commits; the Cookies middleware writes
    // it again after the session store added its cookie: the action's cookies go out twice.
    const committed = controller.response.live ? cookies.setCookieHeaders() : [];
    csrf.commit();
    this.sessions.commit(session, cookies);
    return controller.response.toWire(request.method, request.header("if-none-match"), [...committed, ...cookies.setCookieHeaders()]);
  }

  /** A node:http request listener: reads the body, answers, never throws. */
  listener(): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const limited = pumaLimitError(req);
      if (limited) {
        req.socket.end(limited);
        return;
      }
      req.on("error", () => res.destroy());
      const answer = (body: Buffer) => {
        const raw: RawRequest = { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, body, remoteAddress: req.socket.remoteAddress };
        this.handle(raw).then((wire) => send(res, wire), () => send(res, failsafe()));
      };
      // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 6.3): it is answered now,
      // without switching the request stream to flowing mode and waiting for its 'end' (a few ticks per page);
      // node:http discards the unread, empty stream once the response is sent.
      if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) {
        answer(EMPTY_BODY);
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => answer(Buffer.concat(chunks)));
    };
  }
}

const EMPTY_BODY = Buffer.alloc(0);

function header(raw: RawRequest, name: string): string | undefined {
  const v = raw.headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

function safeFirstFormat(request: Request) {
  try {
    return request.formats[0];
  } catch {
    return undefined;
  }
}

/**
 * Repeated headers are joined with ", ", except Set-Cookie, which stays one line per cookie. A nil value (an app's
 * `response.headers["X-Rev"] = nil`) is written empty, as Puma writes it.
 */
function send(res: ServerResponse, wire: WireResponse): void {
  const headers: Record<string, string | string[]> = Object.create(null);
  for (const [k, raw] of wire.headers) {
    const v = raw ?? "";
    const seen = headers[k];
    if (k === "set-cookie") {
      if (seen === undefined) headers[k] = [v];
      else (seen as string[]).push(v);
    } else headers[k] = seen === undefined ? v : `${seen as string}, ${v}`;
  }
  // Puma writes no Date header (test/fixtures/puma-limits' recorded answers); an app's own Date still goes out.
  res.sendDate = false;
  res.writeHead(wire.status, headers);
  res.end(wire.body);
}

// ShowExceptions' failsafe answer when even the error page cannot be rendered.
function failsafe(): WireResponse {
  const body = "500 Internal Server Error\nIf you are the administrator of this website, then please read this web application's log file and/or the web server's log file to find out what went wrong.";
  return { status: 500, headers: [["content-type", "text/plain; charset=utf-8"]], body: Buffer.from(body) };
}

export function createHttpApp(config: HttpAppConfig): HttpApp {
  return new HttpApp(config);
}

/** Serves the app; resolves once listening, after printing `listening on <port>` (what boot scripts wait for). */
export function startServer(app: HttpApp, options: { port: number; host?: string }): Promise<Server> {
  // Node's header limit at Puma's whole-head limit (not Node's 16 KB default, which answered 431 to a 20 KB Cookie),
  // and its overflow answered as Puma answers it.
  const server = createServer({ maxHeaderSize: PUMA_MAX_HEADER }, app.listener());
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "HPE_HEADER_OVERFLOW" && socket.writable) socket.end(PUMA_HEADER_ERROR);
    else if (error.code !== "ECONNRESET" && socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n"); // Node's own default
    else socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      // Under workers the primary says it, once every worker listens (runtime/app/workers.ts).
      if (!cluster.isWorker) console.log(`listening on ${port}`);
      resolve(server);
    });
  });
}

/**
 * ActionDispatch::ServerTiming (above Rack::Runtime in Rails' stack, so its header follows X-Runtime): the
 * notifications of the request, each name with its summed duration in ms. The runtime measures the request as a
 * whole, so it names that one: the action's time under process_action (the lane compares the header's presence).
 */
function withServerTiming(wire: WireResponse, started: bigint): WireResponse {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return withHeadersBeforeLength(wire, [["server-timing", `process_action.action_controller;dur=${Math.round(ms * 100) / 100}`]]);
}

/** Headers a middleware adds after the app's own, before the content-length Puma writes last. */
function withHeadersBeforeLength(wire: WireResponse, added: [string, string][]): WireResponse {
  const headers: [string, string][] = [];
  let length: [string, string] | undefined;
  for (const h of wire.headers) {
    if (h[0] !== "content-length") headers.push(h);
    else length ??= h;
  }
  for (const h of added) headers.push(h);
  if (length) headers.push(length);
  return { ...wire, headers };
}

/**
 * ActionDispatch::RequestId (the client's X-Request-Id, cleaned, or a new UUID) and Rack::Runtime (seconds, "%0.6f"):
 * the middleware after ActionDispatch::Static writes them on every app response, before the length Puma adds.
 */
function withRequestIdAndRuntime(wire: WireResponse, given: string | undefined, started: bigint): WireResponse {
  const cleaned = given ? given.replace(/[^\w\-@]/g, "").slice(0, 255) : "";
  const id = cleaned || randomUUID();
  const runtime = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(6);
  return withHeadersBeforeLength(wire, [["x-request-id", id], ["x-runtime", runtime]]);
}
