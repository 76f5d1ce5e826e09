// package.json's "exports" (after `npm run build`): every entry names a built file, and each loads with what it is
// for: "." the compiler's compile(), "./runtime" the one surface emitted code imports.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, { types: string; default: string }>; bin: Record<string, string> };

describe("package.json exports", () => {
  it("every entry's code and types exist, and the bin too", () => {
    for (const [name, entry] of Object.entries(pkg.exports)) {
      expect(existsSync(join(ROOT, entry.default)), `${name} -> ${entry.default}`).toBe(true);
      expect(existsSync(join(ROOT, entry.types)), `${name} -> ${entry.types}`).toBe(true);
    }
    for (const bin of Object.values(pkg.bin)) expect(existsSync(join(ROOT, bin)), bin).toBe(true);
  });

  it('"." is the compiler (compile) and "./runtime" the runtime surface (createApp, Base)', async () => {
    const compiler = await import(pathToFileURL(join(ROOT, pkg.exports["."].default)).href);
    expect(typeof compiler.compile).toBe("function");
    const runtime = await import(pathToFileURL(join(ROOT, pkg.exports["./runtime"].default)).href);
    expect(typeof runtime.createApp).toBe("function");
    expect(typeof runtime.Base).toBe("function");
  });
});
