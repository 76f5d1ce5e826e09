// Sources past the 32K UTF-16 units tree-sitter's node binding reads at once (it answered "Invalid argument" and
// the whole compile stopped): a model and a view well over that size, non-ASCII text and surrogate pairs across
// the chunk boundaries, compile with no diagnostic, and the last method and the last row are in the output.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { FORMAT_LIMIT } from "../src/emit/project.js";

const app = mkdtempSync(join(tmpdir(), "rails2ts-large-sources-"));
cpSync(join(import.meta.dirname, "fixtures/ivars-app"), app, { recursive: true });
rmSync(join(app, "reference"), { recursive: true, force: true });
afterAll(() => rmSync(app, { recursive: true, force: true }));

const METHODS = 1500;
const ROWS = 3000;
const methods = Array.from({ length: METHODS }, (_, i) => `  def label_${i}\n    "label ${i} 😀 é: #{name}"\n  end\n`).join("");
writeFileSync(join(app, "app/models/gadget.rb"), `class Gadget < ApplicationRecord\n${methods}end\n`);
const rows = Array.from({ length: ROWS }, (_, i) => `<tr><td>Row ${i} 😀</td><td><%= @gadgets.size %></td></tr>\n`).join("");
writeFileSync(join(app, "app/views/gadgets/index.html.erb"), rows);

describe("sources larger than tree-sitter's input buffer", () => {
  it("compile whole", async () => {
    expect(methods.length).toBeGreaterThan(65536);
    expect(rows.length).toBeGreaterThan(65536);
    const result = await compile(app);
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    const model = result.files.find((f) => f.path.endsWith("models/gadget.ts"))!.text;
    expect(model).toContain(`label${METHODS - 1}()`);
    const view = result.files.find((f) => f.path.includes("views/gadgets/index"))!.text;
    expect(view).toContain(`Row ${ROWS - 1} 😀`);
  });
});

// A module past FORMAT_LIMIT (a template of over a megabyte, as the fuzzer's repeated-file inputs make) is written
// as ts-morph lays it out instead of through prettier, which took most of a compile that ran past 10 s.
describe("a module too long to format", () => {
  const big = mkdtempSync(join(tmpdir(), "rails2ts-large-module-"));
  cpSync(join(import.meta.dirname, "fixtures/ivars-app"), big, { recursive: true });
  rmSync(join(big, "reference"), { recursive: true, force: true });
  afterAll(() => rmSync(big, { recursive: true, force: true }));
  const BIG_ROWS = 12_000;
  const lines = Array.from({ length: BIG_ROWS }, (_, i) => `<tr><td class="cell">Row ${i} of the long table</td><td><%= @gadgets.size %></td></tr>\n`);
  writeFileSync(join(big, "app/views/gadgets/index.html.erb"), lines.join(""));

  it("compiles whole, with its source map", async () => {
    const result = await compile(big);
    expect(result.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    const view = result.files.find((f) => f.path.includes("views/gadgets/index"))!;
    expect(view.text.length).toBeGreaterThan(FORMAT_LIMIT);
    expect(view.text).toContain(`Row ${BIG_ROWS - 1} of the long table`);
    // Output lines map back to the template as a formatted module's do: the text chunk holding the last row starts
    // right after the `%>` of the row before it (`</td></tr>\n<tr>...Row N-1`), so it maps to that line and column.
    const last = view.text.split("\n").findIndex((l) => l.includes(`Row ${BIG_ROWS - 1} of`));
    expect(view.lines?.[last]).toMatchObject({ line: BIG_ROWS - 1, column: lines[BIG_ROWS - 2]!.indexOf("%>") + 3 });
  }, 60_000);
});
