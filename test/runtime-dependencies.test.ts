// The emitted project's package.json lists the npm packages the runtime imports (src/emit/node-project.ts keeps
// them by name): every bare import in runtime/**/*.ts must be there, and nothing there may be unused, or a copy of
// the emitted app fails at start with ERR_MODULE_NOT_FOUND (or installs what it never loads).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinModules } from "node:module";
import { expect, it } from "vitest";
import { RUNTIME_DEPENDENCIES } from "../src/emit/node-project.js";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []);
}

it("names exactly the npm packages runtime/ imports", () => {
  const packages = new Set<string>();
  for (const file of sources(join(import.meta.dirname, "../runtime"))) {
    for (const m of readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\b[^"';]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith(".") || spec.startsWith("node:") || builtinModules.includes(spec)) continue;
      packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
    }
  }
  expect([...packages].sort()).toEqual([...RUNTIME_DEPENDENCIES].sort());
});
