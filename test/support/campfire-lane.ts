// The Campfire lane's replay: test/campfire/scenario.json (a JSON list of steps) sent to a server, real Rails under
// Puma when recording (campfire-record.test.ts) or the emitted app when comparing (campfire-pages.test.ts), and the
// answers kept as test/campfire/reference/<env>/NN_<step>.{json,body}: status, every header as the server wrote it,
// the body, the SQL statement count, and the fragment cache activity (Rails': the lines its log holds under the
// response's request id, read by the recorder; ours: the emitted app's RAILS2TS_CACHE_LOG line).
// A browser's behaviour, as src/conformance/replay.ts has it: one cookie jar (a user signs out before the next
// signs in), redirects not followed, the CSRF token of the latest page's form (development; the test environment
// has none). Added for Campfire: raw request bodies (bots post text), steps limited to one environment, and
// Action Cable sockets that also `perform` channel actions (typing); every socket's frames are taken after each
// HTTP step and, for steps marked `broadcasts`, kept sorted by bytes as cable-steps.ts explains.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { buildRequest, CableSocket, SqlLogReader, USER_AGENT, type CacheHits, type ScenarioStep } from "../../src/conformance/index.js";
import { RequestLogReader } from "../../src/conformance/sql-log.js";
import { CookieJar } from "../../src/conformance/cookies.js";
import { extractCsrfToken } from "../../src/conformance/csrf.js";

export type CampfireEnv = "test" | "development";

export interface CableTarget {
  socket?: string;
  channel: string;
  params?: Record<string, unknown>;
}

export interface CampfireStep extends Partial<Omit<ScenarioStep, "name">> {
  name: string;
  /** Only in this environment (actions and frames are recorded in test, where no token varies). */
  only?: CampfireEnv;
  /** A raw request body with its Content-Type (a bot posting text). */
  body?: string;
  contentType?: string;
  /** Opens SOCKET (with the jar's cookies, first use) and subscribes to the channel. */
  subscribe?: CableTarget;
  /** Performs a channel action on a subscribed socket, as @rails/actioncable's `perform(action, data)`. */
  perform?: CableTarget & { action: string; data?: Record<string, unknown> };
}

export interface CampfireScenario {
  /** "scenario" (test/campfire/scenario.json, over the fixtures) or "first-run" (first-run.json, over an empty
   * database: the schema only). */
  name: string;
  frozenTime: string;
  host: string;
  steps: CampfireStep[];
}

export const SCENARIOS = ["scenario", "first-run"] as const;

export interface Recorded {
  name: string;
  method: string;
  path: string;
  status: number;
  /** [name, value] in the order the server wrote them; for sockets, empty. */
  headers: [string, string][];
  body: Buffer;
  sqlCount: number | null;
  /** `cache` blocks read and written, cached collections' hits; absent when the request did none. */
  cacheHits?: CacheHits;
  socket?: string;
  /** Read from the reference only: the digest kept instead of the body (see keptAsDigest). */
  bodySha256?: string;
}

// Files the app serves as they are (send_file: its logos, the default bot avatar) are Campfire's own bytes, not
// rendered output: the reference keeps their SHA-256 (NNN_<step>.body.sha256) instead, and the lane compares digests.
function keptAsDigest(headers: [string, string][]): boolean {
  const header = (name: string): string => headers.find(([k]) => k.toLowerCase() === name)?.[1] ?? "";
  return /^image\/(png|webp|jpeg|gif)/.test(header("content-type")) || /filename=/.test(header("content-disposition"));
}

export function bodyDigest(body: Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

export const SCENARIO_DIR = join(import.meta.dirname, "../campfire");
export const REFERENCE_DIR = join(SCENARIO_DIR, "reference");
const QUIET_MS = 250;
const WAIT_MS = 5_000;

/** DIR: the lane's folder (test/campfire by default; another app's lane keeps its own scenario and reference). */
export function loadCampfireScenario(name: string = "scenario", dir: string = SCENARIO_DIR): CampfireScenario {
  const scenario = { ...(JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8")) as Omit<CampfireScenario, "name">), name };
  const seen = new Set<string>();
  for (const step of scenario.steps) {
    if (!/^[a-z0-9_]+$/.test(step.name) || seen.has(step.name)) throw new Error(`campfire scenario: bad or duplicate step ${step.name}`);
    seen.add(step.name);
  }
  return scenario;
}

export function stepsFor(scenario: CampfireScenario, env: CampfireEnv): CampfireStep[] {
  return scenario.steps.filter((s) => s.only === undefined || s.only === env);
}

/**
 * Replays the steps of ENV against BASEURL. LOGS.sql is the file the server appends one count per request to;
 * LOGS.cache (the emitted app only) one line of fragment cache activity per request.
 */
export async function replayCampfire(
  scenario: CampfireScenario,
  env: CampfireEnv,
  baseUrl: string,
  logs: { sql: string; cache?: string },
  afterStep: (step: CampfireStep) => void = () => {},
): Promise<Recorded[]> {
  const jar = new CookieJar();
  const sql = new SqlLogReader(logs.sql);
  // Written before the SQL line, so it is there once the SQL line is.
  const cache = logs.cache ? new RequestLogReader(logs.cache, (line) => JSON.parse(line) as CacheHits) : null;
  const sockets = new Map<string, CableSocket>();
  const out: Recorded[] = [];
  let lastHtml: string | null = null;
  try {
    for (const step of stepsFor(scenario, env)) {
      if (step.subscribe || step.perform) {
        out.push(await cableStep(step, sockets, jar, baseUrl, scenario.host));
        afterStep(step);
        continue;
      }
      const token = step.csrf && lastHtml ? extractCsrfToken(lastHtml, step.form ? { path: step.path!, method: step.form._method ?? step.method! } : null) : null;
      const req = buildRequest({ ...step, method: step.method!, path: step.path! } as ScenarioStep, scenario.host, jar, token);
      if (step.body !== undefined) {
        req.body = Buffer.from(step.body, "utf8");
        req.headers["Content-Type"] = step.contentType ?? "text/plain";
        req.headers["Content-Length"] = String(req.body.length);
      }
      const raw = await send(baseUrl, req);
      jar.store(raw.setCookie);
      const recorded: Recorded = { name: step.name, method: step.method!, path: step.path!, status: raw.status, headers: raw.headers, body: raw.body, sqlCount: await sql.next() };
      const cacheHits = cache ? await cache.next() : null;
      if (cacheHits && (cacheHits.fragments.length > 0 || cacheHits.collections.length > 0)) recorded.cacheHits = cacheHits;
      out.push(recorded);
      const type = raw.headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
      if (type.startsWith("text/html") && extractCsrfToken(raw.body.toString("utf8"), null) !== null) lastHtml = raw.body.toString("utf8");
      out.push(...(await framesAfter(step, sockets)));
      afterStep(step);
    }
    for (const [name, socket] of sockets) {
      const frames = socket.take();
      if (frames.length) out.push(frameEntry(`cable_leftover_${name}`, name, socket, sortFrames(frames)));
    }
  } finally {
    await Promise.all([...sockets.values()].map((s) => s.close()));
  }
  return out;
}

async function cableStep(step: CampfireStep, sockets: Map<string, CableSocket>, jar: CookieJar, baseUrl: string, host: string): Promise<Recorded> {
  const target = (step.subscribe ?? step.perform)!;
  const name = target.socket ?? "cable";
  let socket = sockets.get(name);
  if (!socket) {
    const headers: Record<string, string> = { Host: host, "User-Agent": USER_AGENT };
    const cookie = jar.header();
    if (cookie !== null) headers.Cookie = cookie;
    socket = await CableSocket.open({ url: `${baseUrl.replace(/^http/, "ws")}/cable`, headers, origin: `http://${host}` });
    sockets.set(name, socket);
    await socket.waitFor((f) => /"type":"(welcome|disconnect)"/.test(f), WAIT_MS);
  }
  const identifier = JSON.stringify({ channel: target.channel, ...target.params });
  if (socket.isOpen && step.subscribe) {
    socket.send({ command: "subscribe", identifier });
    await socket.waitFor((f) => f.includes(`"identifier":${JSON.stringify(identifier)}`) && /_subscription"/.test(f), WAIT_MS);
  } else if (socket.isOpen && step.perform) {
    socket.send({ command: "message", identifier, data: JSON.stringify({ ...step.perform.data, action: step.perform.action }) });
  }
  await socket.settle(QUIET_MS, WAIT_MS);
  // Subscribing is answered in order (welcome, confirmation); what a perform set off is broadcast, so sorted.
  const frames = socket.take();
  return frameEntry(step.name, name, socket, step.perform ? sortFrames(frames) : frames);
}

async function framesAfter(step: CampfireStep, sockets: Map<string, CableSocket>): Promise<Recorded[]> {
  const live = [...sockets].filter(([, s]) => s.isOpen);
  if (live.length === 0) return [];
  await Promise.all(live.map(([, s]) => s.settle(QUIET_MS, WAIT_MS)));
  if (!step.broadcasts) return [];
  return live.map(([name, s]) => frameEntry(`${step.name}_${name}_broadcasts`, name, s, sortFrames(s.take())));
}

function frameEntry(name: string, socket: string, s: CableSocket, frames: Buffer[]): Recorded {
  const parts = frames.flatMap((f) => [f, Buffer.from("\n")]);
  if (!s.isOpen) parts.push(Buffer.from(`[closed ${s.closeCode}]\n`));
  return { name, method: "WS", path: "/cable", status: s.status, headers: [], body: Buffer.concat(parts), sqlCount: null, socket };
}

function sortFrames(frames: Buffer[]): Buffer[] {
  return [...frames].sort(Buffer.compare);
}

interface Raw {
  status: number;
  headers: [string, string][];
  setCookie: string[];
  body: Buffer;
}

function send(baseUrl: string, req: { method: string; path: string; headers: Record<string, string>; body: Buffer | null }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(req.path, baseUrl), { method: req.method, headers: req.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers, setCookie: res.headers["set-cookie"] ?? [], body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(req.body ?? undefined);
  });
}

function stem(i: number, name: string): string {
  return `${String(i + 1).padStart(3, "0")}_${name}`;
}

/** reference/<env> for the main scenario, reference/<scenario>-<env> for the others. */
export function recordingDir(scenario: string, env: CampfireEnv, dir: string = SCENARIO_DIR): string {
  return join(dir, "reference", scenario === "scenario" ? env : `${scenario}-${env}`);
}

/** Replaces the recording of SCENARIO in ENV whole, so a removed step leaves no stale file. */
export function writeRecording(scenario: string, env: CampfireEnv, recorded: Recorded[], laneDir: string = SCENARIO_DIR): void {
  const dir = recordingDir(scenario, env, laneDir);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  recorded.forEach((r, i) => {
    const { body, headers, ...meta } = r;
    const json = { ...meta, headers: headers.map(([k, v]) => `${k}: ${v}`) };
    writeFileSync(join(dir, `${stem(i, r.name)}.json`), JSON.stringify(json, null, 1) + "\n");
    if (keptAsDigest(headers)) writeFileSync(join(dir, `${stem(i, r.name)}.body.sha256`), bodyDigest(body) + "\n");
    else writeFileSync(join(dir, `${stem(i, r.name)}.body`), body);
  });
}

export function readRecording(scenario: string, env: CampfireEnv, laneDir: string = SCENARIO_DIR): Recorded[] {
  const dir = recordingDir(scenario, env, laneDir);
  return readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => {
    const meta = JSON.parse(readFileSync(join(dir, f), "utf8")) as Omit<Recorded, "body" | "headers"> & { headers: string[] };
    const headers = meta.headers.map((line): [string, string] => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]);
    const bodyFile = join(dir, f.replace(/\.json$/, ".body"));
    if (existsSync(bodyFile)) return { ...meta, headers, body: readFileSync(bodyFile) };
    return { ...meta, headers, body: Buffer.alloc(0), bodySha256: readFileSync(`${bodyFile}.sha256`, "utf8").trim() };
  });
}
