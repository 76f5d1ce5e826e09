// The emitted TS for the blog fixture, module by module, against test/golden/blog/ (exact, whole).
// `UPDATE=1 npx vitest run test/compile-blog.test.ts` rewrites the golden files after a deliberate change;
// the diff of that commit is the review of what the change did to emitted code.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compile, type CompileResult } from "../src/compile.js";

const app = join(import.meta.dirname, "../fixtures/blog");
const golden = join(import.meta.dirname, "golden/blog");

let result: CompileResult;
beforeAll(async () => {
  result = await compile(app);
});

function listGolden(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listGolden(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

describe("compile fixtures/blog", () => {
  it("emits exactly the golden set of modules", () => {
    const emitted = result.files.map((f) => f.path).sort();
    if (process.env.UPDATE) {
      for (const f of result.files) {
        mkdirSync(dirname(join(golden, f.path)), { recursive: true });
        writeFileSync(join(golden, f.path), f.text);
      }
    }
    expect(emitted).toEqual(listGolden(golden).sort());
  });

  it("each module equals its golden file", () => {
    for (const f of result.files) expect(f.text, f.path).toBe(readFileSync(join(golden, f.path), "utf8"));
  });

  it("reports exactly these diagnostics", () => {
    const got = result.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`);
    expect(got).toEqual([]);
  });
});
