// Campfire's cache-fuzz profile (opt-in: RAILS2TS_CAMPFIRE names a checkout, RAILS2TS_CAMPFIRE_GEMS its gems): the
// app compiled with its test fixtures loaded (test/support/campfire-scenario.ts), served twice in development on
// one database file, once with tmp/caching-dev.txt (`bin/rails dev:cache`: perform_caching on) and once without.
// david, jason, jz and kevin post, edit, boost, unboost and delete messages, change who is in a closed room and
// their involvement in a room, as the composer, the message menu, the room settings and the bell make those
// requests; after each step the room pages (cached message collection, `cache message`, cached boosts), the
// sidebar (cached direct-room memberships) and the message pages are compared. Its broadcasts are not checked
// against the pages as the chat's are: Campfire's differ from a request's render by design (no authenticity_token
// inputs, URLs on the renderer's port from its default_url_options), so the page is no oracle for them.
//
// Not drawn: renaming a room or a user. Campfire's `cache message` fragment shows the room's and the creator's
// names under a key of the message alone (nothing touches a message when its room or creator changes), so after a
// rename Rails itself serves the old name from the cache: a difference there is Campfire's design, not a stale
// key of ours.
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { bootEmitted, type Booted } from "../../src/emit/boot.js";
import { prepareCampfireWithRedis } from "../support/campfire-scenario.js";
import { body, client, pick, runCacheFuzz, signIn, type CacheFuzzResult, type FuzzUser, type Profile, type Server, type DesignDifference } from "./driver.js";
import { BOOSTS, drawer, rooms, type Draw } from "./rooms.js";

const USERS = ["david", "jason", "jz", "kevin"];
const TURBO = "text/vnd.turbo-stream.html, text/html, application/xhtml+xml";
const INVOLVEMENTS = ["mentions", "everything", "nothing", "invisible"];
const DIRECT_INVOLVEMENTS = ["everything", "nothing"];

export async function campfireCacheFuzz(checkout: string, gems: string | undefined, o: { seed: number; steps: number; booted: Booted[] }): Promise<CacheFuzzResult> {
  // development's cable.yml names redis://localhost:6379: a copy of the checkout points it at a redis-server of
  // this test's own, which both servers share (as two processes of one app would).
  const { prepared, cleanup } = await prepareCampfireWithRedis(checkout, gems);
  const dir = dirname(prepared.out);
  try {
    const secret = createHash("sha512").update("campref").digest("hex").slice(0, 128);
    const flag = join(prepared.out, "tmp/caching-dev.txt");
    const start = async (name: string): Promise<Server> => {
      const cacheLog = join(dir, `${name}-cache.log`);
      const b = await bootEmitted(prepared.out, {
        port: 0,
        dbPath: prepared.db,
        env: { RAILS_ENV: "development", SECRET_KEY_BASE: secret, RAILS2TS_SQL_LOG: join(dir, `${name}-sql.log`), RAILS2TS_CACHE_LOG: cacheLog, RAILS_LOG_LEVEL: "warn" },
      });
      o.booted.push(b);
      return { baseUrl: b.baseUrl, cacheLog, log: () => b.output() };
    };
    // development.rb reads tmp/caching-dev.txt when the app boots: there for one server, gone for the other.
    mkdirSync(dirname(flag), { recursive: true });
    writeFileSync(flag, "");
    const cached = await start("cached");
    rmSync(flag);
    const uncached = await start("uncached");
    const c = client({ Host: "127.0.0.1:3000", "User-Agent": "curl/7.88.1", Accept: "*/*" }, "/");
    const users: FuzzUser[] = [];
    for (const name of USERS) users.push(await signIn(c, [cached, uncached], name, "/session/new", "/session", [["email_address", `${name}@37signals.com`], ["password", "secret123456"]]));
    const profile = campfireProfile(prepared.db, users);
    return await runCacheFuzz({ seed: o.seed, steps: o.steps, profile, client: c, servers: { cached, uncached }, log: (l) => console.error(`[cache-fuzz campfire] ${l}`) });
  } finally {
    await Promise.all(o.booted.splice(0).map((b) => b.stop()));
    await cleanup();
  }
}

function campfireProfile(dbFile: string, users: FuzzUser[]): Profile {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const userIds = new Map(users.map((u) => [u.name, (db.prepare("SELECT id FROM users WHERE email_address = ?").get(`${u.name}@37signals.com`) as { id: number }).id]));
  const idOf = (u: FuzzUser) => userIds.get(u.name)!;
  const r = rooms(db, idOf, users[0]!);
  const { roomsOf, messagesIn } = r;
  const isAdmin = (u: FuzzUser) => (db.prepare("SELECT role FROM users WHERE id = ?").get(idOf(u)) as { role: unknown }).role;
  const closedRooms = () => db.prepare("SELECT id, name, creator_id FROM rooms WHERE type = 'Rooms::Closed' ORDER BY id").all() as Array<{ id: number; name: string; creator_id: number }>;
  const draws: Draw[] = [
    [4, (rand, n) => {
      const u = pick(rand, users);
      const rooms = roomsOf(u);
      if (!rooms.length) return null;
      const room = pick(rand, rooms);
      const text = body(rand, `m${n}`);
      return r.step(u, room, "posts", `posts ${JSON.stringify(text)} to room ${room}`, (c, s) =>
        c.submit(s, u, "POST", `/rooms/${room}/messages`, [["message[body]", `<div>${escapeHtml(text)}</div>`], ["message[client_message_id]", randomUUID()]], TURBO));
    }],
    [2, (rand, n) => {
      const u = pick(rand, users);
      const mine = messagesIn(roomsOf(u)).filter((m) => m.creator_id === idOf(u) || isAdmin(u) === "administrator" || isAdmin(u) === 1);
      if (!mine.length) return null;
      const m = pick(rand, mine);
      const text = body(rand, `e${n}`);
      return r.step(u, m.room_id, "edits", `edits message ${m.id} of room ${m.room_id} to ${JSON.stringify(text)}`, (c, s) =>
        c.submit(s, u, "POST", `/rooms/${m.room_id}/messages/${m.id}`, [["_method", "patch"], ["message[body]", `<div>${escapeHtml(text)}</div>`]]));
    }],
    [3, (rand) => {
      const drawn = r.someonesMessage(rand, users);
      if (!drawn) return null;
      const { u, m } = drawn;
      const content = pick(rand, BOOSTS);
      return r.step(u, m.room_id, "boosts", `boosts message ${m.id} with ${JSON.stringify(content)}`, (c, s) => c.submit(s, u, "POST", `/messages/${m.id}/boosts`, [["boost[content]", content]]));
    }],
    [2, (rand) => {
      const drawn = r.someonesBoost(rand, users);
      if (!drawn) return null;
      const { u, b } = drawn;
      return r.step(u, b.room_id, "unboosts", `unboosts boost ${b.id} of message ${b.message_id}`, (c, s) => c.submit(s, u, "POST", `/messages/${b.message_id}/boosts/${b.id}`, [["_method", "delete"]], TURBO));
    }],
    [1, (rand) => {
      const drawn = r.someonesMessage(rand, users);
      if (!drawn) return null;
      const { u, m } = drawn;
      return r.step(u, m.room_id, "deletes", `deletes message ${m.id} of room ${m.room_id}`, (c, s) => c.submit(s, u, "POST", `/rooms/${m.room_id}/messages/${m.id}`, [["_method", "delete"]], TURBO));
    }],
    [1, (rand) => {
      // The room settings' member checkboxes: the room keeps its name, its members become a drawn subset (never
      // without the one who saves, so the room stays reachable).
      const u = pick(rand, users);
      const room = pick(rand, closedRooms());
      const members = users.filter((x) => x === u || rand() < 0.6);
      return r.step(u, room.id, "members", `sets the members of room ${room.id} to ${members.map((m) => m.name).join(", ")}`, (c, s) =>
        c.submit(s, u, "POST", `/rooms/closeds/${room.id}`, [["_method", "patch"], ["room[name]", room.name], ...members.map((m): [string, string] => ["user_ids[]", String(idOf(m))])]));
    }],
    [1, (rand) => {
      const u = pick(rand, users);
      const rooms = roomsOf(u);
      if (!rooms.length) return null;
      const room = pick(rand, rooms);
      // The bell offers only its room kind's order (a direct room has no mentions or invisible: Rails raises).
      const direct = (db.prepare("SELECT type FROM rooms WHERE id = ?").get(room) as { type: string }).type === "Rooms::Direct";
      const involvement = pick(rand, direct ? DIRECT_INVOLVEMENTS : INVOLVEMENTS);
      return r.step(u, room, "involvement", `sets involvement in room ${room} to ${involvement}`, (c, s) => c.submit(s, u, "POST", `/rooms/${room}/involvement`, [["_method", "put"], ["involvement", involvement]]));
    }],
  ];
  return {
    users,
    designDifferences: CAMPFIRE_DESIGN,
    draw: drawer(draws),
    pages: (rand) => [...r.pages(rand, users, (m) => [`/messages/${m.id}/boosts`]), { user: pick(rand, users), path: "/users/me/sidebar" }],
  };
}

/**
 * What Rails' own cache makes of Campfire's views, so a cached page differs from an uncached one in Rails too:
 *   - messages/_message `cache message`s itself inside `render collection: @messages, cached: true` under the
 *     same key: the collection stores the whole partial, a single render (the message page, a Turbo Stream) the
 *     block alone, and each reads the other's entry. Only whitespace between tags moves (shown on Rails 7.2.4 by
 *     test/fixtures/cache-self-key/probe.rb).
 *   - users/sidebars/rooms/_direct `cache membership` shows membership.room.updated_at (data-sorted-list-number),
 *     which a message in the room moves without touching the membership.
 */
export const CAMPFIRE_DESIGN: DesignDifference[] = [
  { name: "self-keyed partial whitespace", why: "messages/_message caches itself under its collection's key", normalize: (body) => body.replace(/(^|>)\s+(?=<|$)/g, "$1") },
  { name: "direct room sort number", why: "users/sidebars/rooms/_direct shows room.updated_at under the membership's key", normalize: (body) => body.replace(/ data-sorted-list-number="\d+"/g, ' data-sorted-list-number=""') },
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
