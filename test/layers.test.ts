// The runtime's layer rule (runtime/README.md, .dependency-cruiser.cjs), checked with dependency-cruiser: each
// runtime folder imports only from the folders below it. The second test shows the rule can fail: a probe tree with
// one import that points up a layer is reported.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const BIN = join(ROOT, "node_modules", ".bin", "depcruise");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(cwd: string): { violations: Violation[]; modules: number } {
  const run = spawnSync(BIN, ["--config", CONFIG, "--output-type", "json", "runtime"], { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: result.summary.violations, modules: result.summary.totalCruised };
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe("runtime layers", () => {
  it("no runtime folder imports from a folder above it, and every file is in a layered folder", () => {
    const { violations, modules } = cruise(ROOT);
    expect(modules).toBeGreaterThan(250);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 120_000);

  it("reports an import that points up a layer, and a file outside the layered folders", () => {
    const dir = mkdtempSync(join(tmpdir(), "rails2ts-layers-"));
    temps.push(dir);
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" }, include: ["runtime/**/*.ts"] }));
    write("runtime/ruby/value.ts", 'import { routes } from "../action-pack/routes.js";\nexport const value = routes;\n');
    write("runtime/action-pack/routes.ts", 'import { value } from "../active-support/inflector.js";\nexport const routes = value;\n');
    write("runtime/active-support/inflector.ts", "export const value = 1;\n");
    write("runtime/misc/loose.ts", 'import { value } from "../active-support/inflector.js";\nexport const loose = value;\n');
    const { violations } = cruise(dir);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([
      "runtime-folder-known: runtime/misc/loose.ts -> runtime/active-support/inflector.ts",
      "runtime-layer:ruby: runtime/ruby/value.ts -> runtime/action-pack/routes.ts",
    ]);
  }, 120_000);
});
