// The chat fixture in a real browser: Debian's chromium (/usr/bin/chromium) driven by playwright-core, against the
// emitted app compiled by the real pipeline. Two users sign in through the sign-in form, open the same room; a
// message posted in one page reaches the other without a reload (Action Cable broadcast -> Turbo stream), and a
// boost reaches both; after a Turbo Drive visit to another room and back, broadcasts still arrive. Twice: in one
// process, and in two workers (WEB_CONCURRENCY=2) sharing broadcasts over a real redis-server, the two users'
// sockets on different workers. Screenshots of
// both pages land in test/browser-artifacts/ (git-ignored; the path is printed): room-page{1,2}.png when the
// scenario has run, final-page{1,2}.png at the end whatever happened (so a failure shows where the pages were).
//
// Opt-in: RAILS2TS_BROWSER=1 (README, "Opt-in lanes"; .ci/run installs chromium and runs it). With the variable set,
// a missing chromium fails the test rather than skipping it.
//
// The Turbo client: the fixture's layout maps `@hotwired/turbo` to the fixed path /assets/turbo.min.js, which
// turbo-rails would serve from its gem; turbo-rails is not in Debian, so neither Rails nor the fixture has it. The
// test copies the fixture to a temporary directory and puts @hotwired/turbo's ESM build (npm, v8 as turbo-rails 2.0
// bundles) at public/assets/turbo.min.js, a public file both Rails and the emitted app serve as is. Nothing is
// added to the compiler or the runtime for it. @rails/actioncable reaches the page through the app's own asset
// paths (digested, from the npm package the runtime already uses).
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { ARTIFACTS, BROWSER_ENABLED, broadcastsTo, CHROMIUM, launchChromium, openUserPage, screenshots as screenshotsOf, timed as timedIn, type UserPage } from "./support/browser.js";
import { startRedis, type RedisServer } from "./support/redis-server.js";

const ENABLED = BROWSER_ENABLED;
const FIXTURE = join(import.meta.dirname, "../fixtures/chat");
// Seeds (fixtures/chat/db/seeds.rb): both are members of room 1, "All Talk".
const USERS = [
  { email: "alice@example.com", password: "alice-password-1", name: "Alice Adams" },
  { email: "bob@example.com", password: "bob-password-2", name: "Bob Brown" },
];
const ROOM = { id: 1, messagesId: "messages_rooms_open_1" };

if (!ENABLED) process.stderr.write("test/browser.test.ts skipped: set RAILS2TS_BROWSER=1 to run the chromium lane (README, Opt-in lanes)\n");

/** A copy of the fixture with @hotwired/turbo's ESM build where the layout's import map points. */
function fixtureWithTurbo(): string {
  const dir = mkdtempSync(join(tmpdir(), "rails2ts-browser-app-"));
  const skip = new Set(["reference", "log", "tmp", "storage"].map((d) => join(FIXTURE, d)));
  cpSync(FIXTURE, dir, { recursive: true, filter: (src) => !skip.has(src) });
  const turbo = createRequire(import.meta.url).resolve("@hotwired/turbo/dist/turbo.es2017-esm.js");
  mkdirSync(join(dir, "public/assets"), { recursive: true });
  cpSync(turbo, join(dir, "public/assets/turbo.min.js"));
  return dir;
}

/** One lane's state: its server, browser, the two users' pages, what to remove after, how long each phase took. */
interface Lane {
  server: Booted | null;
  browser: Browser | null;
  users: UserPage[];
  temps: string[];
  timings: Record<string, number>;
  redis: RedisServer | null;
}

function timed<T>(lane: Lane, label: string, f: () => Promise<T>): Promise<T> {
  return timedIn(lane.timings, label, f);
}

/** Signs in through the real form: the room redirects to the sign-in page and back after it. */
async function signIn(user: UserPage, baseUrl: string, who: (typeof USERS)[number]): Promise<void> {
  const { page } = user;
  await page.goto(`${baseUrl}/rooms/${ROOM.id}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe("/session/new");
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseUrl}/rooms/${ROOM.id}`);
  await page.locator(`#${ROOM.messagesId}`).waitFor();
}

/** Confirmations of the page's RoomChannel subscription to room ROOM seen on the wire so far. */
function confirmations(user: UserPage, room = ROOM.id): number {
  const identifier = JSON.stringify({ channel: "RoomChannel", room_id: room });
  return user.frames.filter((f) => f.includes('"confirm_subscription"') && f.includes(JSON.stringify(identifier))).length;
}

/** The page's RoomChannel subscription is confirmed (seen on the wire) at least COUNT times. */
async function subscribed(user: UserPage, count = 1, timeout = 10_000): Promise<void> {
  try {
    await expect.poll(() => confirmations(user), { timeout }).toBeGreaterThanOrEqual(count);
  } catch (error) {
    // What the page and the server saw, so a failure on a loaded machine says where the subscription stopped.
    const server = serverOf.get(user)?.output() ?? "";
    const pings = (f: string) => f.includes('"type":"ping"');
    const seen = { frames: user.frames.filter((f) => !pings(f)).slice(-20), workers: user.workers, errors: user.errors, server: server.slice(-8_000) };
    throw new Error(`${(error as Error).message}\n${JSON.stringify(seen, null, 2)}`);
  }
}

/** Each page's lane server, for the failure message above. */
const serverOf = new WeakMap<UserPage, Booted>();

async function screenshots(lane: Lane, label: string): Promise<void> {
  await screenshotsOf(lane.users, label);
}

// The two lanes: one process, as `node dist/server.js` runs by default; and two workers (WEB_CONCURRENCY=2) with
// the fixture's config/cable.yml production entry made what `rails new` writes (adapter: redis) on a real
// redis-server, the two users' sockets on different workers (checked by the handshake's x-rails2ts-worker).
const RAILS_NEW_CABLE_YML = `production:
  adapter: redis
  url: <%= ENV.fetch("REDIS_URL") { "redis://localhost:6379/1" } %>
  channel_prefix: chat_production
`;

function chatLane(title: string, workers: number): void {
  const lane: Lane = { server: null, browser: null, users: [], temps: [], timings: {}, redis: null };

  beforeAll(async () => {
    if (!ENABLED) return;
    if (!existsSync(CHROMIUM)) throw new Error(`RAILS2TS_BROWSER=1 but ${CHROMIUM} is missing: apt-get install -y chromium`);
    const app = fixtureWithTurbo();
    const out = mkdtempSync(join(tmpdir(), "rails2ts-browser-out-"));
    lane.temps.push(app, out);
    let env: Record<string, string> = {};
    if (workers > 1) {
      writeFileSync(join(app, "config/cable.yml"), RAILS_NEW_CABLE_YML);
      lane.redis = await startRedis();
      env = { WEB_CONCURRENCY: String(workers), REDIS_URL: lane.redis.url, RAILS2TS_WORKER_HEADER: "1" };
    }
    await timed(lane, "compile", () => compile(app, { out }));
    lane.server = await timed(lane, "boot", () => bootEmitted(out, { port: 0, dbPath: join(out, "browser.sqlite3"), env }));
    // Each context below is a separate cookie jar (its own signed session_token).
    lane.browser = await timed(lane, "launch", () => launchChromium());
    for (const _ of USERS) lane.users.push(await openUserPage(lane.browser!));
    for (const user of lane.users) serverOf.set(user, lane.server!);
  }, 120_000);

  afterAll(async () => {
    if (lane.users.length) await screenshots(lane, "final").catch(() => undefined);
    await lane.browser?.close();
    await lane.server?.stop();
    await lane.redis?.cleanup();
    for (const dir of lane.temps) rmSync(dir, { recursive: true, force: true });
    if (ENABLED) console.info(`browser lane (${title}): screenshots in ${ARTIFACTS}; timings (ms) ${JSON.stringify(lane.timings)}`);
  });

  it(`${title}: signs two users in, and a message and its boost posted in one page appear in both without a reload`, async () => {
    const server = lane.server;
    const users = lane.users;
    const baseUrl = server!.baseUrl;
    const [one, two] = users as [UserPage, UserPage];

    await timed(lane, "sign in", async () => {
      await signIn(one, baseUrl, USERS[0]!);
      await signIn(two, baseUrl, USERS[1]!);
      await Promise.all([subscribed(one), subscribed(two)]);
      if (workers > 1) await onOtherWorkers(one, two);
    });
    // A full page load would drop this marker; Turbo stream renders keep it.
    for (const { page } of users) await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    const body = `Hello from the browser <${Date.now()}> & friends`;
    const messageId = await timed(lane, "message", async () => {
      await one.page.getByPlaceholder("Say something to All Talk").fill(body);
      await one.page.getByRole("button", { name: "Send" }).click();
      const posted = two.page.locator(`#${ROOM.messagesId} .message`, { hasText: body });
      await posted.waitFor({ timeout: 10_000 });
      await one.page.locator(`#${ROOM.messagesId} .message`, { hasText: body }).waitFor();
      return (await posted.getAttribute("data-message-id"))!;
    });
    // Page two saw it as an Action Cable broadcast of a turbo-stream append to the room's messages.
    expect(broadcastsTo(two).some((m) => m.startsWith(`<turbo-stream action="append" target="${ROOM.messagesId}">`))).toBe(true);
    for (const { page } of users) {
      await expect(page.locator(`#message_${messageId} .message__author`).textContent()).resolves.toBe(USERS[0]!.name);
      // Appended once, even where both the form's own turbo_stream response and the broadcast arrived.
      await expect(page.locator(`#message_${messageId}`).count()).resolves.toBe(1);
    }
    // The composer was replaced by the create response's `update` stream: empty again.
    await expect(one.page.getByPlaceholder("Say something to All Talk").inputValue()).resolves.toBe("");

    // The fixture renders boosts but has no boost form (Campfire's is a Stimulus-driven form, and the fixture has
    // no Stimulus): the test adds the form Rails' form_with would render to messages/:id/boosts, and Turbo submits
    // it like any other form (POST, Accept text/vnd.turbo-stream.html).
    const content = "🎉 yay";
    await timed(lane, "boost", async () => {
      await one.page.evaluate(
        ({ action, content }) => {
          const form = document.createElement("form");
          form.action = action;
          form.method = "post";
          form.id = "test-boost-form";
          const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
          for (const [name, value] of [["authenticity_token", token], ["boost[content]", content]]) {
            const input = document.createElement("input");
            input.type = "hidden";
            input.name = name!;
            input.value = value!;
            form.append(input);
          }
          const button = document.createElement("button");
          button.textContent = "Boost";
          form.append(button);
          document.body.append(form);
        },
        { action: `/messages/${messageId}/boosts`, content },
      );
      await one.page.locator("#test-boost-form button").click();
      for (const { page } of users) await page.locator(`#boosts_message_${messageId} .boost`, { hasText: content }).waitFor({ timeout: 10_000 });
    });
    for (const user of users) {
      expect(broadcastsTo(user).some((m) => m.startsWith(`<turbo-stream action="append" target="boosts_message_${messageId}">`))).toBe(true);
    }
    for (const { page } of users) {
      const boosts = page.locator(`#boosts_message_${messageId} .boost`);
      await expect(boosts.count()).resolves.toBe(1);
      await expect(boosts.getAttribute("title")).resolves.toBe(`${USERS[0]!.name} boosted ${content}`);
      await expect(page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).resolves.toBe(true);
      expect(new URL(page.url()).pathname).toBe(`/rooms/${ROOM.id}`);
    }

    // Turbo Drive to another room and back: the page's <cable-stream-source> unsubscribes and subscribes again on
    // the same socket, and later broadcasts still reach it.
    await timed(lane, "navigate", async () => {
      const before = confirmations(two);
      await two.page.locator("#rooms").getByRole("link", { name: "watercooler" }).click();
      await two.page.waitForURL(`${baseUrl}/rooms/2`);
      await two.page.locator("#rooms").getByRole("link", { name: "All Talk" }).click();
      await two.page.waitForURL(`${baseUrl}/rooms/${ROOM.id}`);
      await subscribed(two, before + 1);
      expect(confirmations(two, 2)).toBeGreaterThanOrEqual(1);
      const again = `Still here ${Date.now()}`;
      await one.page.getByPlaceholder("Say something to All Talk").fill(again);
      await one.page.getByRole("button", { name: "Send" }).click();
      await two.page.locator(`#${ROOM.messagesId} .message`, { hasText: again }).waitFor({ timeout: 10_000 });
      await expect(two.page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).resolves.toBe(true);
    });
    await screenshots(lane, "room");
    // public/icon.png is left out of the fixture (binary; FIXTURE.md), so its 404 is Rails' answer too.
    const expected = (e: string) => e.includes("/icon.png");
    expect(users.flatMap((u) => u.errors).filter((e) => !expected(e))).toEqual([]);
  }, 60_000);
}

/**
 * Records the x-rails2ts-worker of the page's WebSocket handshakes from now on. The handshake's response headers
 * are only in the DevTools protocol (playwright's WebSocket has none); the session is attached once the page has
 * loaded (attached before the first navigation, chromium ran the page's module before its import map).
 */
async function watchHandshakes(user: UserPage): Promise<void> {
  const cdp = await user.context.newCDPSession(user.page);
  await cdp.send("Network.enable");
  cdp.on("Network.webSocketHandshakeResponseReceived", (e) => {
    const headers = e.response.headers as Record<string, string>;
    const worker = Object.entries(headers).find(([k]) => k.toLowerCase() === "x-rails2ts-worker")?.[1];
    if (worker !== undefined) user.workers.push(worker);
  });
}

/**
 * page.reload() for placing a page's socket on a worker, chat.js held back until the new document's parser has
 * read the import map. The fixture's layout (as Rails renders it) answers with `Link: <chat.js>; rel=modulepreload`,
 * and with the DevTools Network domain attached (watchHandshakes) a loaded chromium now and then fetches and parses
 * that module before its parser has read the import map, so `import "@hotwired/turbo"` fails to resolve ("Failed to
 * resolve module specifier"; Rails' page does the same, a user reloads). Retrying lost that race three times in a
 * row on a busy CI machine. Here every byte is the server's; only chat.js's request waits (playwright's route, which
 * also keeps it out of the HTTP cache) until the import map's script has a next sibling in the new document.
 */
async function reload(user: UserPage): Promise<void> {
  const { page } = user;
  const committed = page.waitForEvent("framenavigated", (f) => f === page.mainFrame());
  const handler = async (route: Route) => {
    await committed;
    await page.waitForFunction(() => document.querySelector("script[type=importmap] + *") !== null, undefined, { polling: 5 });
    await route.continue();
  };
  const chatJs = (url: URL) => /^\/assets\/chat-[0-9a-f]+\.js$/.test(url.pathname);
  await page.route(chatJs, handler);
  try {
    await page.reload();
  } finally {
    await page.unroute(chatJs, handler);
  }
}

/**
 * The two pages' current sockets are on different workers: while they share one, page two reloads (a new socket,
 * which node:cluster hands to the next worker in turn).
 */
async function onOtherWorkers(one: UserPage, two: UserPage): Promise<void> {
  for (const user of [one, two]) {
    await watchHandshakes(user);
    const before = confirmations(user);
    await reload(user);
    // A reload under two booting workers on a loaded machine can take more than the usual 10 s.
    await subscribed(user, before + 1, 30_000);
  }
  for (let i = 0; i < 6 && one.workers.at(-1) === two.workers.at(-1); i++) {
    const before = confirmations(two);
    await reload(two);
    await subscribed(two, before + 1, 30_000);
  }
  expect([one.workers.at(-1), two.workers.at(-1)].sort()).toEqual(["0", "1"]);
}

describe.skipIf(!ENABLED)("fixtures/chat in chromium (RAILS2TS_BROWSER=1)", () => {
  describe("one process", () => chatLane("one process", 1));
  describe("two workers over Redis", () => chatLane("two workers over Redis", 2));
});
