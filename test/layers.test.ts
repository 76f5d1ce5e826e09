// The layer rules (runtime/README.md, .dependency-cruiser.cjs), checked with dependency-cruiser: each runtime
// folder imports only from the folders below it, each compiler stage only from the stages before it, and the
// runtime never from the compiler. The second test shows the rules can fail: a probe tree with imports that point up
// is reported.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

function cruise(cwd: string, roots = ["runtime", "src"]): { violations: Violation[]; modules: number } {
  const run = spawnSync(BIN, ["--config", CONFIG, "--output-type", "json", ...roots], { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error) throw run.error;
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: result.summary.violations, modules: result.summary.totalCruised };
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe("runtime folders", () => {
  it("each layered folder has an index.ts that opens with a line of what it is, and the public surface re-exports those", () => {
    const config = readFileSync(CONFIG, "utf8");
    const folders = [...config.slice(config.indexOf("const RUNTIME_LAYERS"), config.indexOf("];")).matchAll(/"([a-z_/-]+)"/g)].map((m) => m[1]!);
    expect(folders.length).toBeGreaterThan(20);
    for (const folder of folders) {
      const index = join(ROOT, "runtime", folder, "index.ts");
      expect(existsSync(index), index).toBe(true);
      expect(readFileSync(index, "utf8").split("\n")[0], index).toMatch(/^\/\/ \S.{20,}/);
    }
    // runtime/index.ts's named re-exports come from folder indexes only.
    const surface = readFileSync(join(ROOT, "runtime/index.ts"), "utf8");
    const named = [...surface.matchAll(/^export (?:type )?(?:\{[^}]*\}|\*) from "\.\/([^"]+)";/gm)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((path) => !/^([a-z-]+|gems\/[a-z_-]+)\/index\.js$/.test(path))).toEqual([]);
  });
});

describe("runtime layers", () => {
  it("no runtime folder or compiler stage imports from one above it, and every file is in a layer", () => {
    const { violations, modules } = cruise(ROOT);
    expect(modules).toBeGreaterThan(370);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 120_000);

  it("reports imports that point up a layer, and files outside the layers", () => {
    const dir = mkdtempSync(join(tmpdir(), "rails2ts-layers-"));
    temps.push(dir);
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" }, include: ["runtime/**/*.ts", "src/**/*.ts"] }));
    write("runtime/ruby/value.ts", 'import { routes } from "../action-pack/routes.js";\nexport const value = routes;\n');
    write("runtime/action-pack/routes.ts", 'import { value } from "../active-support/inflector.js";\nexport const routes = value;\n');
    write("runtime/active-support/inflector.ts", "export const value = 1;\n");
    write("runtime/misc/loose.ts", 'import { value } from "../active-support/inflector.js";\nexport const loose = value;\n');
    write("runtime/active-support/compiled.ts", 'import { tree } from "../../src/parse/tree.js";\nexport const compiled = tree;\n');
    write("src/parse/tree.ts", 'import { emitted } from "../emit/project.js";\nexport const tree = emitted;\n');
    write("src/emit/project.ts", 'import { value } from "../../runtime/active-support/inflector.js";\nexport const emitted = value;\n');
    write("src/tools/loose.ts", 'import { tree } from "../parse/tree.js";\nexport const loose = tree;\n');
    const { violations } = cruise(dir);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([
      "runtime-folder-known: runtime/misc/loose.ts -> runtime/active-support/inflector.ts",
      "runtime-layer:ruby: runtime/ruby/value.ts -> runtime/action-pack/routes.ts",
      "runtime-not-compiler: runtime/active-support/compiled.ts -> src/parse/tree.ts",
      "src-entry-known: src/tools/loose.ts -> src/parse/tree.ts",
      "src-layer:parse: src/parse/tree.ts -> src/emit/project.ts",
    ]);
  }, 120_000);
});
