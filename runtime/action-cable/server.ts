// ActionCable::Server::Base (actioncable 7.2) on `ws`, mounted at /cable of the app's node:http server:
//   mount ActionCable.server => "/cable"        createCableServer({ ... }).attach(httpServer)
//   ActionCable.server.broadcast("x", data)      server.broadcast("x", data)   (or actionCableServer().broadcast)
//   ActionCable.server.remote_connections.where(current_user: u).disconnect
//                                                server.disconnect({ current_user: u })
//   ActionCable.server.restart                   server.restart()
// The upgrade is refused with Rails' 404 "Page not found" unless the Origin is allowed (same origin as the Host
// by default); the subprotocol is the client's first of actioncable-v1-json / actioncable-unsupported; every
// connection gets a ping every 3 seconds from one server-wide beat.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { KeyGenerator } from "../active-support/messages.js";
import { Request } from "../action-pack/request.js";
import type { CookieConfig, CookieJar } from "../action-pack/cookies.js";
import { toJson } from "../active-support/json-encode.js";
import type { Channel } from "./channel.js";
import { Connection, type ConnectionClass } from "./connection.js";
import { isGlobalIdentifiable, toGidParam } from "../gems/globalid/global-id.js";
import { setActionCableServer, type Broadcaster, type Coder } from "./global.js";
import { AsyncAdapter, type SubscriptionAdapter } from "./pubsub.js";
import type { CableServerCore, CableSocket } from "./socket.js";
import { toS } from "../ruby/ruby.js";
import { RemoteConnections } from "./remote-connections.js";

export const PROTOCOLS = ["actioncable-v1-json", "actioncable-unsupported"];
export const BEAT_INTERVAL_MS = 3000;

type ChannelClass = (new (connection: Connection, identifier: string, params: Record<string, unknown>) => Channel) & {
  rubyName?: string | null;
  name: string;
};

export interface CableServerConfig {
  /** ApplicationCable::Connection (the plain base when the app has none). */
  connectionClass?: ConnectionClass;
  /**
   * Instead of a connection class: `identified_by` names and a `connect` that reads the upgrade request and its
   * cookies and returns the identifiers, or null to refuse the socket as unauthorized.
   */
  identify?: {
    identifiedBy: string[];
    connect: (request: Request, cookies: CookieJar) => Record<string, unknown> | null | Promise<Record<string, unknown> | null>;
  };
  /** Every channel class a client may subscribe to, found by Ruby class name (their `rubyName`). */
  channels?: ChannelClass[];
  /** A subscription adapter, or a factory for one (restart makes a new one); default the async adapter. */
  pubsub?: SubscriptionAdapter | (() => SubscriptionAdapter);
  /** secret_key_base, for the connection's signed and encrypted cookies. */
  secretKeyBase?: string;
  /** config.action_cable.allowed_request_origins (strings compare equal, regexps match). */
  allowedRequestOrigins?: string | RegExp | (string | RegExp)[] | null;
  /** config.action_cable.allow_same_origin_as_host; default true. */
  allowSameOriginAsHost?: boolean;
  /** config.action_cable.disable_request_forgery_protection; default false. */
  disableRequestForgeryProtection?: boolean;
  /** config.action_cable.mount_path; default "/cable". */
  mountPath?: string;
  /** The heartbeat period; Rails' is 3 seconds. */
  beatIntervalMs?: number;
  now?: () => Date;
  /** Rails' executor around each unit of work (reset Current attributes, serialize with HTTP requests, ...). */
  executor?: <T>(fn: () => T | Promise<T>) => Promise<T>;
  /** Where errors Rails would log go; default console.error. */
  log?: (error: unknown) => void;
  /** Become ActionCable.server for class-level broadcasts; default true. */
  global?: boolean;
}

export class CableServer implements CableServerCore, Broadcaster {
  readonly connections: Connection[] = [];
  private adapter: SubscriptionAdapter | null = null;
  private readonly channels = new Map<string, ChannelClass>();
  private readonly wss = new WebSocketServer({ noServer: true, handleProtocols: (offered) => negotiate(offered) });
  private readonly keyGenerator: KeyGenerator | null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  private readonly connectionClass: ConnectionClass;

  constructor(readonly config: CableServerConfig = {}) {
    for (const c of config.channels ?? []) this.channels.set(c.rubyName ?? c.name, c);
    this.connectionClass = config.connectionClass ?? (config.identify ? identifyingConnection(config.identify) : (Connection as ConnectionClass));
    this.keyGenerator = config.secretKeyBase ? new KeyGenerator(config.secretKeyBase) : null;
    if (config.global ?? true) setActionCableServer(this);
  }

  get mountPath(): string {
    return this.config.mountPath ?? "/cable";
  }

  get pubsub(): SubscriptionAdapter {
    if (!this.adapter) {
      const p = this.config.pubsub;
      this.adapter = typeof p === "function" ? p() : (p ?? new AsyncAdapter());
    }
    return this.adapter;
  }

  now(): Date {
    return this.config.now ? this.config.now() : new Date();
  }

  /** `broadcast(broadcasting, message, coder: ActiveSupport::JSON)`. */
  broadcast(broadcasting: unknown, message: unknown, options: { coder?: Coder | null } = {}): void {
    const coder = options.coder;
    const encoded = coder === undefined ? toJson(message) : coder === null ? toS(message) : coder.encode(message);
    this.pubsub.broadcast(toS(broadcasting), encoded);
  }

  channelClass(name: string): ChannelClass | null {
    return this.channels.get(name) ?? null;
  }

  cookieConfig(request: Request): CookieConfig {
    if (!this.keyGenerator) throw new Error("the cable server needs secretKeyBase to read signed or encrypted cookies");
    return { keyGenerator: this.keyGenerator, ssl: request.ssl, now: () => this.now() };
  }

  async work<T>(_connection: Connection, fn: () => T | Promise<T>): Promise<T> {
    return this.config.executor ? this.config.executor(fn) : fn();
  }

  addConnection(connection: Connection): void {
    this.connections.push(connection);
  }

  removeConnection(connection: Connection): void {
    const i = this.connections.indexOf(connection);
    if (i >= 0) this.connections.splice(i, 1);
  }

  logError(error: unknown): void {
    (this.config.log ?? console.error)(error);
  }

  /** Serves /cable upgrades on `server` (other upgrade requests are left to other listeners, or refused). */
  /** Adds lines to every WebSocket handshake response (ws's "headers" event), e.g. the answering worker. */
  addHandshakeHeader(line: string): void {
    this.wss.on("headers", (headers: string[]) => headers.push(line));
  }

  attach(server: Server): this {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (!this.handleUpgrade(req, socket, head) && server.listenerCount("upgrade") === 1) refuse(socket, 404, "text/html; charset=utf-8", "");
    });
    return this;
  }

  /** True when the request's path is the mount path (a query string may follow; nothing below it). */
  isMountPath(url: string | undefined): boolean {
    return (url ?? "").replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split("?")[0] === this.mountPath;
  }

  /** One upgrade request: false when it is not for the mount path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (!this.isMountPath(req.url)) return false;
    this.setupHeartbeatTimer();
    const request = new Request({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, body: Buffer.alloc(0), remoteAddress: req.socket.remoteAddress });
    if (!this.allowRequestOrigin(request)) {
      this.logError(`Request origin not allowed: ${request.header("origin") ?? ""}`);
      refuse(socket, 404, "text/plain; charset=utf-8", "Page not found");
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, request));
    return true;
  }

  private open(ws: WebSocket, request: Request): void {
    const connection = new this.connectionClass(this, request, wsSocket(ws));
    ws.on("message", (data, isBinary) => {
      if (isBinary) this.logError(`Couldn't handle non-string message: Array`);
      else connection.receive(Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(data as Buffer[]).toString("utf8"));
    });
    ws.on("close", () => void connection.handleClose().catch((e) => this.logError(e)));
    ws.on("error", (e) => this.logError(`WebSocket error occurred: ${e.message}`));
    void connection.handleOpen();
  }

  // Connection::Base#allow_request_origin?
  private allowRequestOrigin(request: Request): boolean {
    if (this.config.disableRequestForgeryProtection) return true;
    const origin = request.header("origin");
    const proto = request.ssl ? "https" : "http";
    if ((this.config.allowSameOriginAsHost ?? true) && origin !== undefined && origin === `${proto}://${request.header("host") ?? ""}`) return true;
    const allowed = this.config.allowedRequestOrigins;
    const list = allowed === null || allowed === undefined ? [] : Array.isArray(allowed) ? allowed : [allowed];
    return origin !== undefined && list.some((o) => (o instanceof RegExp ? new RegExp(o.source, o.flags.replace("g", "")).test(origin) : o === origin));
  }

  private setupHeartbeatTimer(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const c of [...this.connections]) c.beat();
    }, this.config.beatIntervalMs ?? BEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  /** `ActionCable.server.remote_connections`: `.where(current_user: u).disconnect(reconnect: false)`. */
  remoteConnections(): RemoteConnections {
    return new RemoteConnections(this);
  }

  /** `disconnect(identifiers)` / remote_connections.where(identifiers).disconnect(reconnect:). */
  disconnect(identifiers: Record<string, unknown>, options: { reconnect?: unknown } = {}): void {
    this.checkIdentifiers(identifiers);
    // (connection_identifier: the connection class's identifiers' values that are truthy (filter_map drops nil and
    // false); another key is not part of it.)
    const ids = [...this.connectionClass.identifiers].map((k) => identifiers[k]).filter((v) => v !== null && v !== undefined && v !== false);
    const id = ids.map((o) => (isGlobalIdentifiable(o) ? toGidParam(o) : toS(o))).sort().join(":");
    // (disconnect(reconnect: true): an explicit nil is broadcast as null, and the connection then does not reconnect.)
    this.broadcast(`action_cable/${id}`, { type: "disconnect", reconnect: "reconnect" in options ? options.reconnect : true });
  }

  /** RemoteConnection's valid_identifiers?: each of the connection class's identifiers is a key (others may be). */
  checkIdentifiers(identifiers: Record<string, unknown>): void {
    if (![...this.connectionClass.identifiers].every((k) => Object.prototype.hasOwnProperty.call(identifiers, k))) throw new Error("InvalidIdentifiersError");
  }

  /** `restart`: every connection is told to reconnect, then the pubsub adapter is replaced. */
  restart(): void {
    for (const c of [...this.connections]) c.close({ reason: "server_restart" });
    this.adapter?.shutdown();
    if (typeof this.config.pubsub !== "object") this.adapter = null;
  }

  /** Stops the beat and closes every socket (for shutdown and tests). */
  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }
}

// A connection class for CableServerConfig.identify.
function identifyingConnection(identify: NonNullable<CableServerConfig["identify"]>): ConnectionClass {
  class IdentifiedConnection extends Connection {
    static {
      this.identifiedBy(...identify.identifiedBy);
    }
    override async connect(): Promise<void> {
      const ids = await identify.connect(this.request, this.cookies);
      if (!ids) this.rejectUnauthorizedConnection();
      for (const name of identify.identifiedBy) this.setIdentifier(name, ids[name] ?? null);
    }
  }
  return IdentifiedConnection as ConnectionClass;
}

export function createCableServer(config: CableServerConfig = {}): CableServer {
  return new CableServer(config);
}

/** The answer Rails gives a plain (non-WebSocket) request to the mount path. */
export function cableHttpResponse(): { status: number; headers: [string, string][]; body: Buffer } {
  return { status: 404, headers: [["content-type", "text/plain; charset=utf-8"]], body: Buffer.from("Page not found") };
}

// websocket-driver picks the first protocol the client offered that the server supports.
function negotiate(offered: Set<string>): string | false {
  for (const p of offered) if (PROTOCOLS.includes(p)) return p;
  return false;
}

function refuse(socket: Duplex, status: number, contentType: string, body: string): void {
  const reason = status === 404 ? "Not Found" : "Bad Request";
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: ${contentType}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

// A `ws` socket as a CableSocket. A client close frame without a status code is answered with 1000, as
// websocket-driver does (ws would answer with an empty close frame).
function wsSocket(ws: WebSocket): CableSocket {
  const receiver = (ws as unknown as { _receiver?: NodeJS.EventEmitter })._receiver;
  receiver?.prependListener("conclude", (code: number) => {
    if (code === 1005 && ws.readyState === ws.OPEN) ws.close(1000, "");
  });
  return {
    protocol: ws.protocol,
    isOpen: () => ws.readyState === ws.OPEN,
    send: (text) => ws.send(text),
    close: (code, reason) => ws.close(code, reason),
  };
}
