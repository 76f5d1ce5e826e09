// Sources past the 32K UTF-16 units tree-sitter's node binding reads at once (it answered "Invalid argument" and
// the whole compile stopped): a model and a view well over that size, non-ASCII text and surrogate pairs across
// the chunk boundaries, compile with no diagnostic, and the last method and the last row are in the output.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";

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
