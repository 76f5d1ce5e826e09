// Fuzzed cache sequences (issue 22): one compiled app served twice on the same database file, once with the fragment
// cache on (the normal server) and once with it off, a seeded random sequence of writes made over HTTP as users
// make them (posts, boosts, deletes, ... — the app profile draws them, against either server), and after every step
// the same pages asked of both servers: status, Location and body must be equal byte for byte, the values of
// src/conformance/forgiven.ts (per-request CSRF tokens) aside. A difference is a stale fragment: a cache key that
// misses a dependency, or a touch that did not propagate.
//   profile   what a step may do and which pages to compare after it (chat.ts, campfire.ts)
//   servers   { cached, uncached }: booted by the caller (how caching is switched differs per app)
// The cache log (RAILS2TS_CACHE_LOG) of both servers is read back: the cached one must have hit, the other never
// read the store, or the comparison would prove nothing.
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { CookieJar } from "../../src/conformance/cookies.js";
import { extractCsrfToken } from "../../src/conformance/csrf.js";
import { normalizeForgiven } from "../../src/conformance/forgiven.js";
import { prng, type Rand } from "../fuzz/mutate.js";
import WebSocket from "ws";
import { CABLE_PROTOCOLS } from "../../src/conformance/cable.js";

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Server {
  baseUrl: string;
  /** Its RAILS2TS_CACHE_LOG file (one JSON line per request). */
  cacheLog: string;
  /** What it logged (a 500's backtrace), for the error that reports one. */
  log?: () => string;
}

/**
 * A signed-in user: a browser per server (its own cookie jar, signed in there), so what the session carries (the
 * flash a redirect sets, the last room visited) is spent on the server that set it.
 */
export interface FuzzUser {
  name: string;
  jars: Map<Server, CookieJar>;
}

export interface Client {
  headers: Record<string, string>;
  /** The Origin of WebSocket upgrades (Action Cable checks it against allowed_request_origins). */
  cableOrigin: string;
  send(server: Server, user: FuzzUser | null, method: string, path: string, form?: Array<[string, string]>, accept?: string): Promise<Response>;
  /** A write as the page's form makes it: the session's CSRF token (from the meta tag of `tokenPage`) first. */
  submit(server: Server, user: FuzzUser, method: string, path: string, form: Array<[string, string]>, accept?: string): Promise<Response>;
}

export interface Step {
  user: FuzzUser;
  /** What kind of write, for the figures (posts, boosts, ...). */
  kind: string;
  /** What a reader of a failure needs to repeat it by hand, e.g. `bob boosts message 12 with "yum"`. */
  describe: string;
  run(client: Client, server: Server): Promise<Response>;
}

export interface Page {
  user: FuzzUser;
  path: string;
  accept?: string;
}

/**
 * An Action Cable subscription held on both servers: each Turbo Stream a step broadcasts on it must agree with the
 * uncached server's `page` right after the step (an appended, replaced or updated template is in the page as it is
 * when its target is on the page, a removed target's id is gone), so a broadcast rendered from a stale fragment shows too.
 */
export interface Subscription {
  user: FuzzUser;
  identifier: Record<string, unknown>;
  page: string;
}

export interface Profile {
  users: FuzzUser[];
  /**
   * Differences Rails itself has between its cached and uncached renders of this app, each blanked on both sides
   * before comparing; a page equal only once they are applied is counted (`designDifferences`), not failed.
   * None for an app whose cached pages Rails renders byte for byte as its uncached ones.
   */
  designDifferences?: DesignDifference[];
  subscriptions?: Subscription[];
  /** The next write (the state is the profile's own: it may read the database). */
  draw(rand: Rand): Step;
  /** The pages to compare after the step (the step's room first, then a random sample). */
  pages(rand: Rand): Page[];
}

export interface DesignDifference {
  name: string;
  why: string;
  normalize(body: string): string;
}

export interface Mismatch {
  step: number;
  user: string;
  path: string;
  difference: string;
  /** The steps so far, first to this one. */
  sequence: string[];
}

export interface CacheFuzzResult {
  seed: number;
  steps: number;
  writes: Record<string, number>;
  pagesCompared: number;
  /** Turbo Streams received from either server and checked against the uncached page (their target on it). */
  broadcastsChecked: number;
  mismatches: Mismatch[];
  /** Pages equal only once the profile's design differences are blanked: their count by name, and the first few. */
  designDifferences: Record<string, number>;
  designDifferencesFirst: Mismatch[];
  /** Fragment reads that hit on the cached server; reads on the uncached one (must be 0). */
  cachedHits: number;
  cachedMisses: number;
  uncachedReads: number;
}

const FORM = "application/x-www-form-urlencoded";

export function client(headers: Record<string, string>, tokenPage: string, cableOrigin = `http://${headers.Host}`): Client {
  const send: Client["send"] = (server, user, method, path, form, accept) =>
    new Promise((resolve, reject) => {
      const body = form ? new URLSearchParams(form).toString() : undefined;
      const h: Record<string, string> = { ...headers, ...(accept ? { Accept: accept } : {}) };
      const jar = user?.jars.get(server);
      if (user && !jar) throw new Error(`${user.name} is not signed in on ${server.baseUrl}`);
      const cookie = jar?.header();
      if (cookie) h.Cookie = cookie;
      if (body !== undefined) Object.assign(h, { "Content-Type": FORM, "Content-Length": String(Buffer.byteLength(body)) });
      const req = request(new URL(path, server.baseUrl), { method, headers: h, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          jar?.store(res.headers["set-cookie"]);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  return {
    headers,
    cableOrigin,
    send,
    async submit(server, user, method, path, form, accept) {
      let page = await send(server, user, "GET", tokenPage);
      // The page may redirect (a root that sends the user to a room).
      for (let hops = 0; hops < 3 && typeof page.headers.location === "string"; hops++) page = await send(server, user, "GET", new URL(page.headers.location, server.baseUrl).pathname);
      const token = extractCsrfToken(page.body.toString("utf8"), null);
      if (token === null) throw new Error(`no CSRF token on ${tokenPage} for ${user.name} (status ${page.status})`);
      return send(server, user, method, path, [["authenticity_token", token], ...form], accept);
    },
  };
}

/** Signs a user in through the app's sign-in form, on each server. */
export async function signIn(c: Client, servers: Server[], name: string, newPath: string, createPath: string, fields: Array<[string, string]>): Promise<FuzzUser> {
  const user: FuzzUser = { name, jars: new Map() };
  for (const server of servers) {
    user.jars.set(server, new CookieJar());
    const form = await c.send(server, user, "GET", newPath);
    const token = extractCsrfToken(form.body.toString("utf8"), { path: createPath, method: "post" });
    if (token === null) throw new Error(`sign-in: no authenticity_token on ${newPath} (${form.status})`);
    const res = await c.send(server, user, "POST", createPath, [["authenticity_token", token], ...fields]);
    if (res.status !== 302 && res.status !== 303) throw new Error(`sign-in as ${name}: POST ${createPath} answered ${res.status}`);
  }
  return user;
}

/** Where two responses first differ, with the bytes around it on each side; null when they are equal. */
export function difference(cached: Response, uncached: Response): string | null {
  if (cached.status !== uncached.status) return `status ${cached.status} (cached) vs ${uncached.status} (uncached)`;
  const loc = (r: Response) => String(r.headers.location ?? "");
  if (loc(cached) !== loc(uncached)) return `Location ${loc(cached)} (cached) vs ${loc(uncached)} (uncached)`;
  const a = normalizeForgiven(cached.body);
  const b = normalizeForgiven(uncached.body);
  if (a.equals(b)) return null;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const around = (x: Buffer) => JSON.stringify(x.subarray(Math.max(0, at - 120), at + 200).toString("utf8"));
  return `body differs at byte ${at} of ${a.length} (cached) / ${b.length} (uncached)\n  cached:   ${around(a)}\n  uncached: ${around(b)}`;
}

export interface RunOptions {
  seed: number;
  steps: number;
  profile: Profile;
  client: Client;
  servers: { cached: Server; uncached: Server };
  /** Share of writes sent to the cached server (the others go to the uncached one: the cache must not rely on
   * seeing a write itself, as one process of several would not). */
  cachedWriteShare?: number;
  /** Stop after this many mismatches (each later page tends to repeat the first). */
  maxMismatches?: number;
  log?: (line: string) => void;
}

export async function runCacheFuzz(o: RunOptions): Promise<CacheFuzzResult> {
  const rand = prng(o.seed);
  const sequence: string[] = [];
  const writes: Record<string, number> = {};
  const mismatches: Mismatch[] = [];
  let pagesCompared = 0;
  let broadcastsChecked = 0;
  const design: Record<string, number> = {};
  const designFirst: Mismatch[] = [];
  const max = o.maxMismatches ?? 10;
  const sockets = await Promise.all(
    (o.profile.subscriptions ?? []).flatMap((sub) => [o.servers.cached, o.servers.uncached].map((server) => subscribe(o.client, server, sub))),
  );
  for (let step = 1; step <= o.steps && mismatches.length < max; step++) {
    const s = o.profile.draw(rand);
    const toCached = rand() < (o.cachedWriteShare ?? 0.7);
    const server = toCached ? o.servers.cached : o.servers.uncached;
    const res = await s.run(o.client, server);
    // A browser follows the redirect of an HTML form, which shows (and so spends) the flash the write set; the
    // user's browser on the other server goes there too, so what both sessions remember (the last room visited)
    // stays the same.
    const location = res.status >= 300 && res.status < 400 ? res.headers.location : undefined;
    if (typeof location === "string") {
      const path = new URL(location, server.baseUrl);
      for (const other of [server, server === o.servers.cached ? o.servers.uncached : o.servers.cached]) {
        const followed = await getFollowing(o.client, other, { user: s.user, path: path.pathname + path.search });
        if (followed.status >= 500) throw new Error(`step ${step} (${s.describe}): GET ${location} answered ${followed.status}\n${other.log?.().slice(-3000) ?? ""}`);
      }
    }
    if (res.status >= 500) throw new Error(`step ${step} (${s.describe}) answered ${res.status}\n${sequence.join("\n")}\n${server.log?.().slice(-3000) ?? ""}`);
    sequence.push(`${s.describe} [${toCached ? "cached" : "uncached"} server: ${res.status}]`);
    await new Promise((r) => setTimeout(r, 25));
    for (const socket of sockets) {
      for (const stream of socket.received.splice(0)) {
        const page = await o.client.send(o.servers.uncached, socket.sub.user, "GET", socket.sub.page);
        const { checked, wrong } = streamDisagrees(stream, page.body.toString("utf8"));
        broadcastsChecked += checked;
        if (wrong !== null) mismatches.push({ step, user: socket.sub.user.name, path: `${socket.sub.page} (broadcast from the ${socket.server === o.servers.cached ? "cached" : "uncached"} server)`, difference: wrong, sequence: [...sequence] });
      }
    }
    writes[s.kind] = (writes[s.kind] ?? 0) + 1;
    for (const page of o.profile.pages(rand)) {
      // The uncached server answers first: a page whose GET writes (marking a room read) then shows the same state
      // on both. A redirect is followed on each, as a browser does (spending the flash it set).
      const uncached = await getFollowing(o.client, o.servers.uncached, page);
      const cached = await getFollowing(o.client, o.servers.cached, page);
      pagesCompared++;
      let diff = difference(cached, uncached);
      if (diff !== null && o.profile.designDifferences?.length) {
        const blanked = blankDesign(o.profile.designDifferences, cached, uncached);
        if (blanked.equal) {
          for (const name of blanked.used) design[name] = (design[name] ?? 0) + 1;
          if (designFirst.length < 3) designFirst.push({ step, user: page.user.name, path: page.path, difference: `${blanked.used.join(", ")}: ${diff}`, sequence: [] });
          diff = null;
        }
      }
      if (diff !== null) {
        mismatches.push({ step, user: page.user.name, path: page.path, difference: diff, sequence: [...sequence] });
        o.log?.(`mismatch after step ${step}: ${page.user.name} GET ${page.path}: ${diff}`);
        if (mismatches.length >= max) break;
      }
    }
    if (step % 50 === 0) o.log?.(`${step} steps, ${pagesCompared} pages compared, ${mismatches.length} mismatches`);
  }
  for (const socket of sockets) socket.ws.terminate();
  const cachedLog = cacheLog(o.servers.cached.cacheLog);
  const uncachedLog = cacheLog(o.servers.uncached.cacheLog);
  return {
    seed: o.seed,
    steps: sequence.length,
    writes,
    pagesCompared,
    broadcastsChecked,
    mismatches,
    designDifferences: design,
    designDifferencesFirst: designFirst,
    cachedHits: cachedLog.hits,
    cachedMisses: cachedLog.misses,
    uncachedReads: uncachedLog.hits + uncachedLog.misses,
  };
}

/** GET, and its redirects (up to 5) followed on the same server; the last response. */
async function getFollowing(c: Client, server: Server, page: Page): Promise<Response> {
  let res = await c.send(server, page.user, "GET", page.path, undefined, page.accept);
  for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400 && typeof res.headers.location === "string"; hops++) {
    const url = new URL(res.headers.location, server.baseUrl);
    res = await c.send(server, page.user, "GET", url.pathname + url.search, undefined, page.accept);
  }
  return res;
}

/** Whether the two bodies are equal once the design differences are blanked, and which ones it took (in order). */
function blankDesign(list: DesignDifference[], cached: Response, uncached: Response): { equal: boolean; used: string[] } {
  const used: string[] = [];
  let a = cached.body.toString("utf8");
  let b = uncached.body.toString("utf8");
  for (const d of list) {
    const [na, nb] = [d.normalize(a), d.normalize(b)];
    if (na === a && nb === b) continue;
    [a, b] = [na, nb];
    used.push(d.name);
    if (difference({ ...cached, body: Buffer.from(a) }, { ...uncached, body: Buffer.from(b) }) === null) return { equal: true, used };
  }
  return { equal: false, used };
}

interface Socket {
  sub: Subscription;
  server: Server;
  ws: WebSocket;
  received: string[];
}

/** A signed-in socket subscribed to the identifier; the Turbo Stream strings it receives are kept in order. */
function subscribe(c: Client, server: Server, sub: Subscription): Promise<Socket> {
  const identifier = JSON.stringify(sub.identifier);
  const ws = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/cable`, CABLE_PROTOCOLS, {
    headers: { Host: c.headers.Host!, "User-Agent": c.headers["User-Agent"]!, Cookie: sub.user.jars.get(server)?.header() ?? "" },
    origin: c.cableOrigin,
    perMessageDeflate: false,
  });
  const socket: Socket = { sub, server, ws, received: [] };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${sub.user.name}: no confirmation of ${identifier} in 30 s`)), 30_000);
    ws.on("error", reject);
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { type?: string; identifier?: string; message?: unknown };
      if (frame.type === "welcome") ws.send(JSON.stringify({ command: "subscribe", identifier }));
      else if (frame.type === "confirm_subscription") (clearTimeout(timer), resolve(socket));
      else if (frame.type === "reject_subscription") reject(new Error(`${sub.user.name}: ${identifier} rejected`));
      else if (frame.identifier === identifier && typeof frame.message === "string") socket.received.push(frame.message);
    });
  });
}

const TURBO_STREAM = /<turbo-stream\b([^>]*)>(?:<template>([\s\S]*?)<\/template>)?<\/turbo-stream>/g;
const attribute = (attributes: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];

/** The broadcast's Turbo Streams that could be checked against the page as it is now, and why one disagrees. */
export function streamDisagrees(message: string, requestPage: string): { checked: number; wrong: string | null } {
  // A broadcast renders outside a request: its forms carry no authenticity_token input (Rails' too).
  const page = requestPage.replace(/<input type="hidden" name="authenticity_token" value="[^"]*" autocomplete="off" \/>/g, "");
  const streams = [...message.matchAll(TURBO_STREAM)];
  if (!streams.length) return { checked: 0, wrong: `not a Turbo Stream: ${JSON.stringify(message.slice(0, 300))}` };
  let checked = 0;
  for (const [, attributes, template] of streams) {
    const action = attribute(attributes!, "action");
    const target = attribute(attributes!, "target");
    if (!action || !target) continue;
    const onPage = page.includes(`id="${target}"`);
    if (action === "remove") {
      checked++;
      if (onPage) return { checked, wrong: `removed #${target} is still on the page` };
    } else if (template !== undefined && onPage) {
      // A target not on this page (an older message's boosts) says nothing either way.
      checked++;
      if (!page.includes(template)) return { checked, wrong: `the ${action} of #${target} is not on the page as broadcast: ${whereApart(template, page)}` };
    }
  }
  return { checked, wrong: null };
}

/** Where a broadcast template and the page part apart: from the template's first tag, found in the page. */
function whereApart(template: string, page: string): string {
  const trimmed = template.trimStart();
  const firstTag = /^<[^>]*>/.exec(trimmed)?.[0];
  const at = firstTag ? page.indexOf(firstTag) : -1;
  if (at < 0) return `its first tag is not on the page: ${JSON.stringify(trimmed.slice(0, 300))}`;
  let i = 0;
  while (i < trimmed.length && trimmed[i] === page[at + i]) i++;
  return `they part at character ${i} of the template\n  broadcast: ${JSON.stringify(trimmed.slice(Math.max(0, i - 150), i + 200))}\n  page:      ${JSON.stringify(page.slice(at + Math.max(0, i - 150), at + i + 200))}`;
}

/** Fragment reads in a RAILS2TS_CACHE_LOG file: single fragments and cached collections' members. */
function cacheLog(path: string): { hits: number; misses: number } {
  let hits = 0;
  let misses = 0;
  if (!existsSync(path)) return { hits, misses };
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line) continue;
    const entry = JSON.parse(line) as { hits: number; misses: number; collections: Array<{ hits: number | null; count: number }> };
    hits += entry.hits;
    misses += entry.misses;
    // hits null: the collection rendered without a store (nothing read).
    for (const c of entry.collections) {
      if (c.hits === null) continue;
      hits += c.hits;
      misses += c.count - c.hits;
    }
  }
  return { hits, misses };
}

/** An element of a non-empty list, drawn. */
export function pick<T>(rand: Rand, list: readonly T[]): T {
  if (list.length === 0) throw new Error("pick from an empty list");
  return list[Math.floor(rand() * list.length)]!;
}

/** A message body a user might type: words, markup-ish characters, a newline, an emoji, now and then long. */
export function body(rand: Rand, marker: string): string {
  const words = ["hello", "lunch?", "<b>bold</b>", "a & b", '"quoted"', "it's", "line\nbreak", "👋", "<script>x()</script>", "www.example.com", "#1"];
  const n = 1 + Math.floor(rand() * (rand() < 0.1 ? 60 : 6));
  return [marker, ...Array.from({ length: n }, () => pick(rand, words))].join(" ");
}
