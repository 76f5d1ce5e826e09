// The chat fixture's emitted project is plain TypeScript (issue 18): every call the lowering makes is direct, none
// left to run-time dispatch by name (send, coreSend, sendSafe), and the project passes tsc --strict.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "../fixtures/chat");
const out = scratchDir("chat-typed");
let result: CompileResult;

beforeAll(async () => {
  result = await compile(app, { out, link: true });
}, 120_000);

describe("fixtures/chat, typed all the way", () => {
  it("has no dynamic send in its emitted code, and inspect --types lists none", () => {
    const dynamic = readdirSync(join(out, "src"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts"))
      .flatMap((e) => (readFileSync(join(e.parentPath, e.name), "utf8").match(/\b(?:send|coreSend|sendSafe)\(/g) ?? []).map((m) => `${e.name}: ${m}`));
    expect(dynamic).toEqual([]);
    expect([...result.dynamicSites.values()]).toEqual([]);
  });

  it("passes tsc --strict", () => {
    const tsc = join(import.meta.dirname, "../node_modules/typescript/bin/tsc");
    expect(() => execFileSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json")], { stdio: "pipe" })).not.toThrow();
  }, 120_000);
});
