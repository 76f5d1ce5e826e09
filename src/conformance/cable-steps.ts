// The Action Cable side of a replay: sockets opened by `subscribe` steps, and what they receive recorded as
// reference entries of their own, compared byte for byte like responses (method "WS", path "/cable").
//
// - A subscribe step's entry: the frames that answered it in arrival order (the welcome of a new connection,
//   then confirm_subscription or reject_subscription; a refused connection's disconnect frame instead).
// - After every HTTP step while a socket is open, the replay waits until the sockets go quiet, so a broadcast
//   is always counted against the step that caused it. A step marked `broadcasts` then gets one entry per
//   socket, `<step>_<socket>_broadcasts`, its frames sorted by bytes: Rails' async adapter delivers through
//   thread pools (the event loop's executor, the worker pool), so the arrival order of two broadcasts of one
//   request is not Rails' behaviour but a race. Frames after unmarked steps wait for the socket's next entry.
// - A socket that closes adds a `[closed <code>]` line after its frames, once.
// - Frames still unreported at the end of the scenario become `cable_leftover_<socket>` entries.
import type { CookieJar } from "./cookies.js";
import { CableSocket } from "./cable.js";
import type { ReplayedResponse } from "./replay.js";
import { socketName, type CableStep, type ScenarioStep } from "./scenario.js";

/** How long a socket must stay silent before its delivery counts as finished. */
export const QUIET_MS = 250;
const SETTLE_MAX_MS = 5_000;
const REPLY_TIMEOUT_MS = 5_000;

interface OpenSocket {
  socket: CableSocket;
  closeReported: boolean;
}

export class CableSession {
  private readonly sockets = new Map<string, OpenSocket>();

  constructor(
    private readonly baseUrl: string,
    private readonly host: string,
    private readonly userAgent: string,
  ) {}

  async subscribe(step: CableStep, jar: CookieJar): Promise<ReplayedResponse> {
    const name = socketName(step.subscribe);
    const entry = this.sockets.get(name) ?? (await this.connect(name, jar));
    const identifier = JSON.stringify({ channel: step.subscribe.channel, ...step.subscribe.params });
    if (entry.socket.isOpen) {
      entry.socket.send({ command: "subscribe", identifier });
      await entry.socket.waitFor((frame) => isReplyTo(frame, identifier), REPLY_TIMEOUT_MS);
      await entry.socket.settle(QUIET_MS, SETTLE_MAX_MS);
    }
    return this.entry(step.name, name, entry, entry.socket.take());
  }

  /** Waits for the broadcasts an HTTP step caused; entries only for steps that ask for them. */
  async afterHttpStep(step: ScenarioStep): Promise<ReplayedResponse[]> {
    const live = [...this.sockets.values()].filter((s) => s.socket.isOpen);
    if (live.length === 0) return [];
    await Promise.all(live.map((s) => s.socket.settle(QUIET_MS, SETTLE_MAX_MS)));
    if (!step.broadcasts) return [];
    return [...this.sockets].filter(([, s]) => s.socket.isOpen || !s.closeReported)
      .map(([name, s]) => this.entry(`${step.name}_${name}_broadcasts`, name, s, sortFrames(s.socket.take())));
  }

  /** Entries for frames nobody reported, then every socket closed. */
  async finish(): Promise<ReplayedResponse[]> {
    const entries: ReplayedResponse[] = [];
    for (const [name, s] of this.sockets) {
      const frames = s.socket.take();
      const unreportedClose = !s.socket.isOpen && !s.closeReported;
      if (frames.length > 0 || unreportedClose) entries.push(this.entry(`cable_leftover_${name}`, name, s, sortFrames(frames)));
    }
    await this.closeAll();
    return entries;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sockets.values()].map((s) => s.socket.close()));
  }

  private async connect(name: string, jar: CookieJar): Promise<OpenSocket> {
    const headers: Record<string, string> = { Host: this.host, "User-Agent": this.userAgent };
    const cookie = jar.header();
    if (cookie !== null) headers.Cookie = cookie;
    const url = `${this.baseUrl.replace(/^http/, "ws")}/cable`;
    const socket = await CableSocket.open({ url, headers, origin: `http://${this.host}` });
    const entry = { socket, closeReported: false };
    this.sockets.set(name, entry);
    // The welcome (or a rejected connection's disconnect) comes first; @rails/actioncable subscribes after it.
    await socket.waitFor((frame) => /"type":"(welcome|disconnect)"/.test(frame), REPLY_TIMEOUT_MS);
    return entry;
  }

  private entry(name: string, socket: string, s: OpenSocket, frames: Buffer[]): ReplayedResponse {
    const parts = frames.flatMap((f) => [f, NEWLINE]);
    if (!s.socket.isOpen && !s.closeReported) {
      parts.push(Buffer.from(`[closed ${s.socket.closeCode}]\n`, "utf8"));
      s.closeReported = true;
    }
    return {
      name,
      method: "WS",
      path: "/cable",
      status: s.socket.status,
      location: null,
      contentType: null,
      body: Buffer.concat(parts),
      sqlCount: null,
      socket,
    };
  }
}

const NEWLINE = Buffer.from("\n", "utf8");

function isReplyTo(frame: string, identifier: string): boolean {
  try {
    const parsed = JSON.parse(frame) as { type?: unknown; identifier?: unknown };
    return parsed.identifier === identifier && (parsed.type === "confirm_subscription" || parsed.type === "reject_subscription");
  } catch {
    return false;
  }
}

function sortFrames(frames: Buffer[]): Buffer[] {
  return [...frames].sort(Buffer.compare);
}
