// One WebSocket to /cable speaking Action Cable's JSON protocol as @rails/actioncable does (its subprotocols,
// the page's cookies and Origin), for recording and replaying. Every text frame is kept as the exact bytes
// received until taken, except pings: they carry the server's clock and arrive on a timer, not on an event.
import WebSocket from "ws";

/** The subprotocols @rails/actioncable offers; Rails picks the first. */
export const CABLE_PROTOCOLS = ["actioncable-v1-json", "actioncable-unsupported"];

export interface CableOpenOptions {
  /** ws:// URL of the cable endpoint. */
  url: string;
  /** Host, Cookie, User-Agent: what the browser sends with the upgrade request. */
  headers: Record<string, string>;
  origin: string;
}

export class CableSocket {
  private frames: Buffer[] = [];
  private lastActivity = Date.now();
  private readonly listeners = new Set<() => void>();
  /** 101 when the upgrade succeeded, else the HTTP status the server answered with. */
  status = 101;
  /** The close code once the connection has closed, else null. */
  closeCode: number | null = null;

  private constructor(private readonly ws: WebSocket | null) {}

  static open(options: CableOpenOptions): Promise<CableSocket> {
    const ws = new WebSocket(options.url, CABLE_PROTOCOLS, {
      headers: options.headers,
      origin: options.origin,
      // Neither Rails (websocket-driver without extensions) nor a deterministic recording wants compression.
      perMessageDeflate: false,
    });
    const socket = new CableSocket(ws);
    return new Promise((resolve, reject) => {
      ws.on("message", (data: Buffer, isBinary: boolean) => socket.receive(data, isBinary));
      ws.on("close", (code: number) => socket.closed(code));
      ws.once("open", () => resolve(socket));
      ws.once("unexpected-response", (_req, res) => {
        // An upgrade the server refused (404, 403): record its status as the answer.
        socket.status = res.statusCode ?? 0;
        socket.closed(1006);
        res.resume();
        ws.terminate();
        resolve(socket);
      });
      ws.once("error", (error: Error) => (socket.status === 101 && socket.closeCode === null ? reject(error) : undefined));
    });
  }

  get isOpen(): boolean {
    return this.closeCode === null;
  }

  send(command: Record<string, string>): void {
    this.ws?.send(JSON.stringify(command));
  }

  /** The frames received since the last take, in arrival order. */
  take(): Buffer[] {
    const frames = this.frames;
    this.frames = [];
    return frames;
  }

  /** Resolves once a buffered or arriving frame satisfies PRED, or the socket closes; false on timeout. */
  async waitFor(pred: (frame: string) => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.frames.some((f) => pred(f.toString("utf8")))) return true;
      if (!this.isOpen) return false;
      await this.activity(deadline - Date.now());
    }
    return false;
  }

  /**
   * Waits until nothing has arrived for quietMs since the call or the last frame (at most maxMs): the server
   * has finished delivering what the caller's last request set off.
   */
  async settle(quietMs: number, maxMs: number): Promise<void> {
    const start = Date.now();
    const deadline = start + maxMs;
    for (;;) {
      const quietFor = Date.now() - Math.max(start, this.lastActivity);
      if (quietFor >= quietMs || !this.isOpen || Date.now() >= deadline) return;
      await new Promise((r) => setTimeout(r, quietMs - quietFor));
    }
  }

  close(): Promise<void> {
    if (!this.isOpen || this.ws === null) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws!.once("close", () => resolve());
      this.ws!.close();
    });
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (!isBinary && isPing(data)) return;
    this.frames.push(Buffer.from(data));
    this.touch();
  }

  private closed(code: number): void {
    if (this.closeCode === null) this.closeCode = code;
    this.touch();
  }

  private touch(): void {
    this.lastActivity = Date.now();
    for (const listener of this.listeners) listener();
  }

  private activity(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.listeners.add(done);
    });
  }
}

function isPing(data: Buffer): boolean {
  try {
    return (JSON.parse(data.toString("utf8")) as { type?: unknown }).type === "ping";
  } catch {
    return false;
  }
}
