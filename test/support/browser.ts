// What the chromium lanes share (test/browser.test.ts on the chat fixture, test/campfire-browser.test.ts on
// Campfire): Debian's chromium driven by playwright-core, one browser context (cookie jar) per user, each page's
// Action Cable frames and every console error, page error and response >= 400 collected, screenshots of the pages
// in test/browser-artifacts/ (git-ignored).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";

export const BROWSER_ENABLED = process.env.RAILS2TS_BROWSER === "1";
export const CHROMIUM = "/usr/bin/chromium";
export const ARTIFACTS = join(import.meta.dirname, "../browser-artifacts");
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface UserPage {
  context: BrowserContext;
  page: Page;
  /** Action Cable frames the page received, as text, in order. */
  frames: string[];
  errors: string[];
  /** Under workers: the x-rails2ts-worker of each WebSocket handshake the page made, in order. */
  workers: string[];
}

/** Launches chromium with a fresh temporary --user-data-dir of its own (removed on close). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A page in a context of its own, its frames and errors recorded from now on; with `failedRequests`, also every
 * request that got no response at all (refused, reset, blocked).
 */
export async function openUserPage(b: Browser, o: { failedRequests?: boolean } = {}): Promise<UserPage> {
  const context = await b.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const user: UserPage = { context, page, frames: [], errors: [], workers: [] };
  page.on("websocket", (ws) => ws.on("framereceived", (f) => user.frames.push(String(f.payload))));
  page.on("pageerror", (e) => user.errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && user.errors.push(`console: ${m.text()} ${m.location().url}`));
  page.on("response", (r) => r.status() >= 400 && user.errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
  if (o.failedRequests) page.on("requestfailed", (r) => user.errors.push(`failed ${r.method()} ${new URL(r.url()).pathname}: ${r.failure()?.errorText ?? ""}`));
  return user;
}

/** The `message` of every broadcast frame the page received. */
export function broadcastsTo(user: UserPage): string[] {
  return user.frames.flatMap((f) => {
    const frame = JSON.parse(f) as { message?: unknown };
    return typeof frame.message === "string" ? [frame.message] : [];
  });
}

/** Full-page screenshots of each page as ARTIFACTS/<label>-page<N>.png. */
export async function screenshots(users: UserPage[], label: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const [i, user] of users.entries()) await user.page.screenshot({ path: join(ARTIFACTS, `${label}-page${i + 1}.png`), fullPage: true });
}

/** Runs F, keeping its duration in milliseconds under LABEL. */
export async function timed<T>(timings: Record<string, number>, label: string, f: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await f();
  } finally {
    timings[label] = Math.round(performance.now() - start);
  }
}
