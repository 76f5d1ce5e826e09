// The plain (ActiveModel) classes of the vector headers, as the project writer emits them: the lowering of
// src/lower/core/plain-class.ts pinned as whole files (test/vectors/golden/<vector file>/models/*.ts).
// UPDATE=1 rewrites the golden files after a deliberate change. Their behaviour is checked by test/vectors.test.ts.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { parseApp } from "../src/parse/app.js";
import { analyzeApp } from "../src/analyze/app-model.js";
import { lowerApp } from "../src/lower/index.js";
import { renderModules } from "../src/emit/project.js";
import { loadVectorFile } from "./vectors/files.js";
import { writeVectorApp } from "./vectors/app-dir.js";

const GOLDEN = new URL("./vectors/golden/", import.meta.url);

describe("plain classes of the vector headers", () => {
  for (const name of ["actionview-7.2.4", "turbo-rails-2.0.0"]) {
    it(name, async () => {
      const file = loadVectorFile(name);
      const root = writeVectorApp({ ...file, vectors: [] });
      const parsed = parseApp(root);
      const modules = lowerApp(analyzeApp(parsed)).modules.filter((m) => m.path.startsWith("models/"));
      rmSync(root, { recursive: true, force: true });
      const written = await renderModules(modules, parsed.diagnostics);
      expect(parsed.diagnostics.list.map((d) => d.message)).toEqual([]);
      for (const f of written) {
        const golden = new URL(`${name}/${f.path}`, GOLDEN);
        if (process.env.UPDATE) {
          mkdirSync(dirname(golden.pathname), { recursive: true });
          writeFileSync(golden, f.text);
        }
        expect(f.text).toBe(readFileSync(golden, "utf8"));
      }
    });
  }
});
