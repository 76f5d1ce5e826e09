// ONCE Campfire in a real browser (issue 16): the checkout RAILS2TS_CAMPFIRE, compiled by rails2ts with its gems
// RAILS2TS_CAMPFIRE_GEMS and its test fixtures loaded (test/support/campfire-scenario.ts), served in development
// (CSRF on, as a person would run it) with config/cable.yml's Redis on a redis-server of the test's own. Debian's
// chromium (playwright-core) opens it as two fixture users, david and jason, both members of the Designers room,
// in two browser contexts: both sign in through the real sign-in form and open the room; jason types in the Trix
// composer and david's page shows the typing indicator; jason sends with Enter and the message reaches david's page
// without a reload (Turbo Stream over Action Cable); david boosts it through the message's boost button and the
// boost reaches jason's page. Presence, as Campfire keeps it on the membership (connections, connected_at,
// unread_at, read from the database): both connected while in the room; jason, gone to another room (Turbo Drive),
// disconnected; a message posted meanwhile marks the room unread in his sidebar (and unread_at); back in it, he is
// connected and it is read again. Every console error, page error, response >= 400
// and failed request of either page fails the test. Screenshots in test/browser-artifacts/ (git-ignored):
// room-page{1,2}.png after the scenario, final-page{1,2}.png at the end whatever happened.
//
// Opt-in: RAILS2TS_BROWSER=1 and RAILS2TS_CAMPFIRE (RAILS2TS_CAMPFIRE_GEMS for its gems), after `npm run build`.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { BROWSER_ENABLED, broadcastsTo, CHROMIUM, launchChromium, openUserPage, screenshots, timed, type UserPage } from "./support/browser.js";
import { prepareCampfireWithRedis, ROOM, type PreparedWithRedis } from "./support/campfire-scenario.js";

const CHECKOUT = process.env.RAILS2TS_CAMPFIRE;
const GEMS = process.env.RAILS2TS_CAMPFIRE_GEMS;
const ENABLED = BROWSER_ENABLED && !!CHECKOUT;
// test/fixtures/users.yml and memberships.yml of the checkout: both members of the Designers room (ROOM).
const DAVID = { email: "david@37signals.com", password: "secret123456", name: "David" };
const JASON = { email: "jason@37signals.com", password: "secret123456", name: "Jason" };

// What the server may print besides its "listening on" line: nothing. (Room::PushMessageJob, performed after each
// message in development, pushes to the room's disconnected members through Campfire's WebPush::Pool; the fixtures'
// push subscriptions hold keys that are no P-256 point, so web-push raises OpenSSL::PKey::EC::Point::Error and the
// pool's invalidation handler destroys them, logging "Destroying push subscription: <id>" at info level, as Rails
// does. That line is the app's own log, allowed below by its exact text.)
const APP_LOG_LINES = [/^Destroying push subscription: \d+$/];

if (!ENABLED) process.stderr.write("test/campfire-browser.test.ts skipped: set RAILS2TS_BROWSER=1 and RAILS2TS_CAMPFIRE (README, Opt-in lanes)\n");

describe.skipIf(!ENABLED)("Campfire in chromium (RAILS2TS_BROWSER=1, RAILS2TS_CAMPFIRE)", () => {
  let app: PreparedWithRedis | null = null;
  let server: Booted | null = null;
  let browser: Browser | null = null;
  const users: UserPage[] = [];
  const timings: Record<string, number> = {};
  let passed = false;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`RAILS2TS_BROWSER=1 but ${CHROMIUM} is missing: apt-get install -y chromium`);
    app = await timed(timings, "compile", () => prepareCampfireWithRedis(CHECKOUT!, GEMS));
    const secret = createHash("sha512").update("campref").digest("hex").slice(0, 128);
    server = await timed(timings, "boot", () => bootEmitted(app!.prepared.out, { port: 0, dbPath: app!.prepared.db, env: { RAILS_ENV: "development", SECRET_KEY_BASE: secret } }));
    browser = await timed(timings, "launch", () => launchChromium());
    for (const _ of [DAVID, JASON]) users.push(await openUserPage(browser!, { failedRequests: true }));
  }, 300_000);

  afterAll(async () => {
    if (users.length) await screenshots(users, "final").catch(() => undefined);
    // On a failure: what each page saw last and what the server printed, to say where the scenario stopped.
    if (!passed) {
      const pings = (f: string) => f.includes('"type":"ping"');
      const seen = users.map((u) => ({ errors: u.errors, frames: u.frames.filter((f) => !pings(f)).slice(-15).map((f) => f.slice(0, 400)) }));
      console.error(JSON.stringify({ pages: seen, server: server?.output().slice(-6_000) }, null, 2));
    }
    await browser?.close();
    await server?.stop();
    await app?.cleanup();
    console.info(`campfire browser lane: timings (ms) ${JSON.stringify(timings)}`);
  });

  /** Signs in through the real form: the room redirects to the sign-in page, and back to the room after it. */
  async function signIn(user: UserPage, who: typeof DAVID): Promise<void> {
    const { page } = user;
    const baseUrl = server!.baseUrl;
    await page.goto(`${baseUrl}/rooms/${ROOM}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/session/new");
    await page.getByPlaceholder("Enter your email address").fill(who.email);
    await page.getByPlaceholder("Enter your password").fill(who.password);
    await page.getByRole("button", { name: "Go" }).click();
    await page.waitForURL(`${baseUrl}/rooms/${ROOM}`);
    await page.locator("trix-editor").waitFor();
  }

  /**
   * Presence as Campfire keeps it (Membership::Connectable): the user's membership of the room, its open
   * connections, whether it is connected (connected_at set) and unread (unread_at set).
   */
  function presence(who: typeof DAVID): { connections: number; connected: boolean; unread: boolean } {
    const db = new Database(app!.prepared.db, { readonly: true, fileMustExist: true });
    try {
      const row = db
        .prepare("SELECT m.connections, m.connected_at, m.unread_at FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email_address = ? AND m.room_id = ?")
        .get(who.email, Number(ROOM)) as { connections: number; connected_at: string | null; unread_at: string | null };
      return { connections: row.connections, connected: row.connected_at !== null, unread: row.unread_at !== null };
    } finally {
      db.close();
    }
  }

  /** The room's messages whose body shows TEXT, on PAGE. */
  const messageWith = (user: UserPage, text: string) => user.page.locator(`#messages_rooms_closed_${ROOM} .message`, { hasText: text });
  /** The message whose record id is ID (its DOM id is its client_message_id's). */
  const byId = (user: UserPage, id: string) => user.page.locator(`.message[data-message-id="${id}"]`);
  /** A full page load would drop this marker; Turbo Stream renders and Turbo Drive visits keep it. */
  const markNoReload = (user: UserPage) => user.page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  const noReload = (user: UserPage) => user.page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true);
  /** Subscriptions to CHANNEL (any params) the page's socket had confirmed. */
  const confirmed = (user: UserPage, channel: string) =>
    user.frames.filter((f) => f.includes('"confirm_subscription"') && f.includes(`\\"channel\\":\\"${channel}\\"`)).length;

  it("two users sign in; typing, a message and its boost reach the other page live; presence and unread show; no error on either page", async () => {
    const [david, jason] = users as [UserPage, UserPage];
    await timed(timings, "sign in", async () => {
      await signIn(david, DAVID);
      await signIn(jason, JASON);
      // The room page's channels: its Turbo Streams, presence (which marks the room read) and typing.
      for (const user of users) {
        for (const channel of ["Turbo::StreamsChannel", "PresenceChannel", "TypingNotificationsChannel", "UnreadRoomsChannel"]) {
          await expect.poll(() => confirmed(user, channel), { message: `${channel} confirmed` }).toBeGreaterThanOrEqual(1);
        }
      }
    });
    for (const who of [DAVID, JASON]) await expect.poll(() => presence(who)).toEqual({ connections: 1, connected: true, unread: false });
    for (const user of users) await markNoReload(user);

    // Jason types in the Trix composer: David's page shows "Jason" in the typing indicator.
    const body = `Hello from the browser ${Date.now()} & friends`;
    await timed(timings, "typing", async () => {
      await jason.page.locator("trix-editor").click();
      await jason.page.keyboard.type(body);
      const indicator = david.page.locator(".typing-indicator.typing-indicator--active");
      await indicator.waitFor({ timeout: 10_000 });
      await expect(indicator.textContent().then((t) => t?.trim())).resolves.toBe(JASON.name);
    });
    await screenshots(users, "typing");

    // Enter sends it: David's page receives it without a reload, and the indicator goes away.
    const messageId = await timed(timings, "message", async () => {
      await jason.page.keyboard.press("Enter");
      const arrived = messageWith(david, body);
      await arrived.waitFor({ timeout: 10_000 });
      await messageWith(jason, body).waitFor();
      await david.page.locator(".typing-indicator.typing-indicator--active").waitFor({ state: "detached", timeout: 10_000 });
      return (await arrived.getAttribute("data-message-id"))!;
    });
    expect(messageId).toMatch(/^\d+$/);
    expect(broadcastsTo(david).some((m) => m.includes(`data-message-id="${messageId}"`))).toBe(true);
    for (const user of users) {
      await expect(byId(user, messageId).locator(".message__author strong").textContent()).resolves.toBe(JASON.name);
      await expect(byId(user, messageId).count()).resolves.toBe(1);
    }

    // David boosts it from the message's menu ("Message options", then "New boost"): the boost form opens in its
    // frame, Enter submits it, and Jason's page shows the boost.
    const content = "🎉 yay";
    await timed(timings, "boost", async () => {
      const message = byId(david, messageId);
      await message.hover();
      await message.locator("summary", { hasText: "Message options" }).click();
      await message.getByRole("link", { name: "New boost" }).click();
      const input = message.locator("input.input--boost");
      await input.waitFor();
      await input.fill(content);
      await input.press("Enter");
      for (const user of users) await byId(user, messageId).locator(".boosts .boost", { hasText: content }).waitFor({ timeout: 10_000 });
    });
    expect(broadcastsTo(jason).some((m) => m.includes(`action="/messages/${messageId}/boosts/`))).toBe(true);
    for (const user of users) {
      await expect(byId(user, messageId).locator(".boosts .boost").count()).resolves.toBe(1);
      await expect(noReload(user)).resolves.toBe(true);
      expect(new URL(user.page.url()).pathname).toBe(`/rooms/${ROOM}`);
    }
    await screenshots(users, "room");

    // Unread and presence: Jason goes to HQ (Turbo Drive); David posts in Designers, and Jason's sidebar marks
    // Designers unread; back in Designers, presence marks it read again.
    await timed(timings, "unread", async () => {
      await jason.page.locator("#shared_rooms").getByRole("link", { name: "HQ" }).click();
      await expect.poll(() => jason.page.locator("#shared_rooms .room.unread").count()).toBe(0);
      await expect.poll(() => confirmed(jason, "PresenceChannel")).toBeGreaterThanOrEqual(2);
      await expect.poll(() => presence(JASON)).toEqual({ connections: 0, connected: false, unread: false });
      const again = `Are you there, ${JASON.name}? ${Date.now()}`;
      await david.page.locator("trix-editor").click();
      await david.page.keyboard.type(again);
      await david.page.keyboard.press("Enter");
      await messageWith(david, again).waitFor();
      const designers = jason.page.locator("#shared_rooms .room", { hasText: "Designers" });
      await expect.poll(() => designers.getAttribute("class")).toContain("unread");
      expect(presence(JASON)).toEqual({ connections: 0, connected: false, unread: true });
      await screenshots([jason], "unread");
      await designers.click();
      await messageWith(jason, again).waitFor();
      await expect.poll(() => designers.getAttribute("class")).not.toContain("unread");
      await expect.poll(() => presence(JASON)).toEqual({ connections: 1, connected: true, unread: false });
      await expect(noReload(jason)).resolves.toBe(true);
    });

    expect(users.flatMap((u) => u.errors)).toEqual([]);
    const printed = server!.output().split("\n").filter((l) => l.trim() && !/^listening on \d+$/.test(l));
    expect(printed.filter((l) => !APP_LOG_LINES.some((line) => line.test(l)))).toEqual([]);
    passed = true;
  }, 120_000);
});
