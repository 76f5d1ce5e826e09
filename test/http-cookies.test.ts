// Cookie jars against Rails 7.2.4 (test/fixtures/http/cookies, recorded by record.sh with SECRET_KEY_BASE of
// the conformance lane): with IVs pinned our Set-Cookie lines are Rails' bytes; we read what Rails wrote; and
// Rails reads what we wrote with random IVs (ours.json; UPDATE=1 regenerates it, then re-run record.sh).
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CookieJar, parseCookieHeader, type CookieOptions } from "../runtime/action-pack/cookies.js";
import { KeyGenerator } from "../runtime/active-support/messages.js";
import { SECRET_KEY_BASE } from "../src/conformance/secret.js";

const dir = new URL("./fixtures/http/cookies/", import.meta.url);
const read = (name: string) => JSON.parse(readFileSync(new URL(name, dir), "utf8"));
const cases = read("cases.json");
const expected = read("expected.json");
const keyGenerator = new KeyGenerator(SECRET_KEY_BASE);

interface WriteCase {
  kind: "encrypted" | "signed" | "plain";
  name: string;
  value?: unknown;
  options?: { httponly?: boolean; expires?: string };
  delete?: boolean;
  setCookie?: string[];
}

const pinnedIv = (size: number) => Buffer.alloc(size, 1);

function write(c: WriteCase, randomBytes?: (n: number) => Buffer): string[] {
  const jar = new CookieJar(c.delete ? `${c.name}=old` : undefined, { keyGenerator, randomBytes });
  if (c.delete) jar.delete(c.name);
  else {
    const options: CookieOptions = { httponly: c.options?.httponly, expires: c.options?.expires ? new Date(c.options.expires) : undefined };
    if (c.kind === "plain") jar.set(c.name, { ...options, value: String(c.value) });
    else jar[c.kind].set(c.name, { ...options, value: c.value });
  }
  return jar.setCookieHeaders();
}

function cookieFromSetCookie(line: string): string {
  return line.split(";")[0];
}

describe("cookie jar", () => {
  it("writes Rails' exact Set-Cookie bytes (IVs pinned as in the recording)", () => {
    const ours = cases.write.map((c: WriteCase) => ({ ...c, setCookie: write(c, pinnedIv) }));
    expect(ours).toEqual(expected.write);
  });

  it("reads every cookie Rails wrote", () => {
    const rows = expected.write.filter((c: WriteCase) => !c.delete).map((c: WriteCase) => {
      const jar = new CookieJar(cookieFromSetCookie(c.setCookie![0]), { keyGenerator, now: () => new Date("2024-02-15T12:00:00Z") });
      const value = c.kind === "plain" ? jar.get(c.name) : jar[c.kind].get(c.name);
      return [c.name, value];
    });
    expect(rows).toEqual(expected.write.filter((c: WriteCase) => !c.delete).map((c: WriteCase) => [c.name, c.value]));
  });

  it("is read by Rails when we write with random IVs", () => {
    if (process.env.UPDATE) {
      const ours = cases.write.filter((c: WriteCase) => !c.delete).map((c: WriteCase) => ({
        kind: c.kind, name: c.name, value: c.value, cookie: cookieFromSetCookie(write(c)[0]),
      }));
      writeFileSync(new URL("ours.json", dir), `${JSON.stringify(ours, null, 2)}\n`);
    }
    expect(expected.read.length).toBe(6);
    for (const row of expected.read) expect([row.name, row.railsRead]).toEqual([row.name, row.value]);
  });

  it("rejects tampered, truncated and wrong-purpose values", () => {
    const session = expected.write[0];
    const cookie = cookieFromSetCookie(session.setCookie[0]);
    const value = parseCookieHeader(cookie).get(session.name)!;
    const flipped = value.slice(0, 10) + (value[10] === "A" ? "B" : "A") + value.slice(11);
    const jars = [
      `${session.name}=${encodeURIComponent(flipped)}`,
      `${session.name}=${encodeURIComponent(value.slice(0, -3))}`,
      `other=${encodeURIComponent(value)}`,
    ].map((header) => new CookieJar(header, { keyGenerator }));
    expect([jars[0].encrypted.get(session.name), jars[1].encrypted.get(session.name), jars[2].encrypted.get("other")]).toEqual([null, null, null]);
  });

  it("expires metadata with an expiry date in the past", () => {
    const until = expected.write.find((c: WriteCase) => c.name === "until");
    const jar = new CookieJar(cookieFromSetCookie(until.setCookie[0]), { keyGenerator, now: () => new Date("2030-01-01T00:00:00Z") });
    expect(jar.encrypted.get("until")).toBe(null);
  });
});
