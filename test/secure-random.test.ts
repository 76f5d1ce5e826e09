import { describe, expect, it } from "vitest";
import { randomBytes } from "../runtime/ruby/secure-random.js";

describe("pooled random bytes", () => {
  it("answers the size asked, each draw its own memory", () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    expect(a.length).toBe(32);
    expect(b.length).toBe(32);
    expect(a.equals(b)).toBe(false);
    const copy = Buffer.from(a);
    b.fill(0);
    expect(a.equals(copy)).toBe(true);
  });

  it("never hands out the same bytes twice across refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(randomBytes(12).toString("hex")); // ~3 refills of the pool
    expect(seen.size).toBe(2000);
  });

  it("passes sizes outside the pool to node:crypto, with its errors", () => {
    expect(randomBytes(0).length).toBe(0);
    expect(randomBytes(10_000).length).toBe(10_000);
    expect(() => randomBytes(-1)).toThrow(RangeError);
  });

  it("looks uniform: every byte value appears in 64 KiB", () => {
    const counts = new Array(256).fill(0);
    for (let i = 0; i < 1024; i++) for (const byte of randomBytes(64)) counts[byte]++;
    expect(Math.min(...counts)).toBeGreaterThan(128); // expected 256 each
  });
});
