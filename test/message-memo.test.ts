// A message opened once is remembered per key (runtime/active-support/message-memo.ts); what depends on the reader
// and the clock must still be checked on every read, and what fails must fail every time.
import { describe, expect, it } from "vitest";
import { MessageEncryptor } from "../runtime/active-support/messages.js";
import { MessageVerifier } from "../runtime/active-support/message-verifier.js";
import { JsonSerializer, NullSerializer } from "../runtime/active-support/message-codec.js";

const secret = Buffer.alloc(32, 7);
let now = new Date("2026-01-01T00:00:00Z");
const clock = () => now;

describe("remembered messages", () => {
  it("encrypted: expiry and purpose are checked on each read, after the first read opened it", () => {
    now = new Date("2026-01-01T00:00:00Z");
    const encryptor = new MessageEncryptor(secret, clock);
    const message = encryptor.encryptAndSign('"v"', { purpose: "cookie.a", expiresAt: new Date("2026-01-01T00:10:00Z") });
    expect(encryptor.decryptAndVerify(message, { purpose: "cookie.a" })).toBe('"v"');
    expect(new MessageEncryptor(secret, clock).decryptAndVerify(message, { purpose: "cookie.a" })).toBe('"v"');
    expect(encryptor.decryptAndVerify(message, { purpose: "cookie.b" })).toBeNull();
    now = new Date("2026-01-01T00:11:00Z");
    expect(encryptor.decryptAndVerify(message, { purpose: "cookie.a" })).toBeNull();
  });

  it("encrypted: a tampered message fails each time, and another key does not open a remembered one", () => {
    now = new Date("2026-01-01T00:00:00Z");
    const encryptor = new MessageEncryptor(secret, clock);
    const message = encryptor.encryptAndSign('"v"');
    expect(encryptor.decryptAndVerify(message)).toBe('"v"');
    // Another first character, always (a message that already starts with "A" would otherwise stay untouched).
    const tampered = `${message[0] === "A" ? "B" : "A"}${message.slice(1)}`;
    expect(encryptor.decryptAndVerify(tampered)).toBeNull();
    expect(encryptor.decryptAndVerify(tampered)).toBeNull();
    expect(new MessageEncryptor(Buffer.alloc(32, 8), clock).decryptAndVerify(message)).toBeNull();
  });

  it("signed: another digest or key does not accept a remembered message; expiry still applies", () => {
    now = new Date("2026-01-01T00:00:00Z");
    const verifier = new MessageVerifier(secret, { digest: "sha256", serializer: JsonSerializer, now: clock });
    const message = verifier.generate({ a: 1 }, { expiresAt: new Date("2026-01-01T00:05:00Z") });
    expect(verifier.verified(message)).toEqual({ a: 1 });
    expect(verifier.verified(message)).toEqual({ a: 1 });
    expect(new MessageVerifier(secret, { digest: "sha1", serializer: JsonSerializer, now: clock }).verified(message)).toBeNull();
    expect(new MessageVerifier(Buffer.alloc(32, 9), { digest: "sha256", serializer: JsonSerializer, now: clock }).verified(message)).toBeNull();
    expect(verifier.verified(`${message.slice(0, -1)}0`)).toBeNull();
    now = new Date("2026-01-01T00:06:00Z");
    expect(verifier.verified(message)).toBeNull();
  });

  it("gives each reader its own value (a remembered message is deserialized again)", () => {
    now = new Date("2026-01-01T00:00:00Z");
    const verifier = new MessageVerifier(secret, { digest: "sha256", serializer: JsonSerializer, now: clock });
    const message = verifier.generate({ list: [1] });
    const first = verifier.verified(message) as { list: number[] };
    first.list.push(2);
    expect(verifier.verified(message)).toEqual({ list: [1] });
  });

  it("signed cookie envelope (a String in the legacy envelope, parsed once): purpose and expiry checked on every read", () => {
    now = new Date("2026-01-01T00:00:00Z");
    const verifier = new MessageVerifier(secret, { digest: "sha1", serializer: NullSerializer, now: clock });
    const message = verifier.generate('"tok"', { purpose: "cookie.session_token", expiresAt: new Date("2026-01-01T00:05:00Z") });
    expect(verifier.verified(message, { purpose: "cookie.session_token" })).toBe('"tok"');
    expect(verifier.verified(message, { purpose: "cookie.session_token" })).toBe('"tok"');
    expect(verifier.verified(message, { purpose: "cookie.other" })).toBeNull();
    expect(() => verifier.verify(message, { purpose: "cookie.other" })).toThrow("mismatched purpose");
    expect(verifier.verified(message)).toBeNull();
    now = new Date("2026-01-01T00:06:00Z");
    expect(verifier.verified(message, { purpose: "cookie.session_token" })).toBeNull();
    expect(() => verifier.verify(message, { purpose: "cookie.session_token" })).toThrow("expired");
  });
});
