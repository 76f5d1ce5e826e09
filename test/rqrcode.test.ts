// rqrcode: the module matrix and the SVG export against rqrcode 3.2.0 / rqrcode_core 2.1.0 run by Ruby in the chroot
// (test/fixtures/rqrcode/record.sh writes expected.json from cases.json): numeric, alphanumeric, byte and UTF-8
// data, the four levels, a given size and mode, versions past 7 (version info), and as_svg's options (rects and
// path, viewBox, offsets, Symbol and hex colours, not standalone, extra attributes).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RQRCodeCore, RQRCodeQRCode } from "../runtime/gems/rqrcode/index.js";

const dir = new URL("./fixtures/rqrcode/", import.meta.url);
type Case = { name: string; data: string; options?: Record<string, unknown> };
const cases = JSON.parse(readFileSync(new URL("cases.json", dir), "utf8")) as { codes: Case[]; svgs: Case[] };
const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8")) as {
  codes: { name: string; version: number; modules: string[] }[];
  svgs: { name: string; sha256: string; bytes: number; head: string }[];
};

// record.rb's ":name" values are Symbols; lowered code hands Symbols over as their names.
const lowered = (options: Record<string, unknown> = {}) =>
  Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === "string" && v.startsWith(":") ? v.slice(1) : v]));

describe("rqrcode", () => {
  for (const c of cases.codes) {
    it(`encodes ${c.name} as rqrcode_core does`, () => {
      const rails = expected.codes.find((e) => e.name === c.name)!;
      const qr = new RQRCodeCore(c.data, c.options ?? {});
      expect(qr.version).toBe(rails.version);
      expect(qr.modules.map((row) => row.map((dark) => (dark ? "x" : " ")).join(""))).toEqual(rails.modules);
    });
  }
  for (const c of cases.svgs) {
    it(`draws ${c.name} as as_svg does`, () => {
      const rails = expected.svgs.find((e) => e.name === c.name)!;
      const svg = new RQRCodeQRCode(c.data).asSvg(lowered(c.options));
      expect(svg.slice(0, 600)).toBe(rails.head);
      expect(Buffer.byteLength(svg)).toBe(rails.bytes);
      expect(createHash("sha256").update(svg).digest("hex")).toBe(rails.sha256);
    });
  }
});
