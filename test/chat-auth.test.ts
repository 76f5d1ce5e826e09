// The chat fixture's sign-in cookie under attack: a signed `session_token` (Rails' MessageVerifier format,
// `<base64 message>--<hex HMAC>`) altered in its message or its digest must count as no cookie at all, for the
// app's pages (Authentication#find_session_by_cookie -> signed out, redirected to the sign-in form) and for
// Action Cable (ApplicationCable::Connection -> reject_unauthorized_connection), exactly as Rails answered the
// recorded `cable_without_session` step.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { CableSocket } from "../src/conformance/cable.js";
import { extractCsrfToken } from "../src/conformance/csrf.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";

const app = join(import.meta.dirname, "../fixtures/chat");
const out = mkdtempSync(join(tmpdir(), "rails2ts-chat-auth-"));
let server: Booted | null = null;

beforeAll(async () => {
  await compile(app, { out });
  server = await bootEmitted(out, { port: 0, dbPath: join(out, "auth.sqlite3") });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(out, { recursive: true, force: true });
});

/** Signs alice in through the form; the Cookie header the browser would then send, and its session_token. */
async function signInAlice(baseUrl: string): Promise<{ cookies: Map<string, string>; token: string }> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  };
  const form = await fetch(`${baseUrl}/session/new`);
  keep(form);
  const authenticity = extractCsrfToken(await form.text(), { path: "/session", method: "post" })!;
  const created = await fetch(`${baseUrl}/session`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(cookies), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ authenticity_token: authenticity, email_address: "alice@example.com", password: "alice-password-1" }),
  });
  expect(created.status).toBe(302);
  keep(created);
  return { cookies, token: cookies.get("session_token")! };
}

function cookieHeader(cookies: Map<string, string>, overrides: Record<string, string> = {}): string {
  return [...new Map([...cookies, ...Object.entries(overrides)])].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** What /cable answers a socket that sends COOKIE and subscribes to room 1: the frames, then how it closed. */
async function cableAnswer(baseUrl: string, cookie: string): Promise<string[]> {
  const socket = await CableSocket.open({ url: `${baseUrl.replace(/^http/, "ws")}/cable`, headers: { cookie }, origin: baseUrl });
  await socket.waitFor((f) => /"type":"(welcome|disconnect)"/.test(f), 5_000);
  socket.send({ command: "subscribe", identifier: JSON.stringify({ channel: "RoomChannel", room_id: 1 }) });
  await socket.waitFor((f) => f.includes("confirm_subscription"), 2_000);
  const frames = socket.take().map((f) => f.toString("utf8"));
  await socket.close();
  return [...frames, `[closed ${socket.closeCode}]`];
}

describe("a tampered signed session_token cookie", () => {
  it("is signed out over HTTP and refused by Action Cable, as when there is no cookie at all", async () => {
    const baseUrl = server!.baseUrl;
    const { cookies, token } = await signInAlice(baseUrl);
    // `<base64 of the message>--<hex HMAC>`, URL-escaped: change the message and keep the digest, then the reverse.
    const [data, digest] = decodeURIComponent(token).split("--") as [string, string];
    const payload = JSON.parse(Buffer.from(data, "base64").toString("utf8")) as { _rails: { message: string } };
    const forged = { ...payload, _rails: { ...payload._rails, message: Buffer.from(JSON.stringify("someone-else")).toString("base64") } };
    const tampered = {
      message: encodeURIComponent(`${Buffer.from(JSON.stringify(forged)).toString("base64")}--${digest}`),
      digest: encodeURIComponent(`${data}--${digest.slice(0, -1)}${digest.endsWith("0") ? "1" : "0"}`),
    };
    const room = (cookie: string) => fetch(`${baseUrl}/rooms/1`, { redirect: "manual", headers: { cookie } });
    const signedOut = [302, `${baseUrl}/session/new`];

    expect((await room(cookieHeader(cookies))).status).toBe(200);
    for (const value of Object.values(tampered)) {
      const res = await room(cookieHeader(cookies, { session_token: value }));
      expect([res.status, res.headers.get("location")]).toEqual(signedOut);
    }

    const refused = readReference(referenceDir(app)).find((r) => r.name === "cable_without_session")!.body.toString("utf8").trim().split("\n");
    expect(refused).toEqual(['{"type":"disconnect","reason":"unauthorized","reconnect":false}', "[closed 1000]"]);
    const welcomed = await cableAnswer(baseUrl, cookieHeader(cookies));
    expect(welcomed.map((f) => JSON.parse(f.startsWith("[") ? "{}" : f).type ?? f)).toEqual(["welcome", "confirm_subscription", "[closed 1000]"]);
    for (const value of Object.values(tampered)) expect(await cableAnswer(baseUrl, cookieHeader(cookies, { session_token: value }))).toEqual(refused);
  });
});
