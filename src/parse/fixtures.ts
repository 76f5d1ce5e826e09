// test/fixtures/**/*.yml -> FixtureFile: what `bin/rails db:fixtures:load` reads (databases.rake: every *.yml under
// the fixtures path except those under files/), each file's ERB compiled to Ruby.
//
// Rails renders a fixture file with Ruby's ERB (ActiveSupport::ConfigurationFile: ERB.new(content).result, no trim
// mode, nothing escaped): text is kept as written, `<%= x %>` appends x.to_s, `<% %>` runs code. The Ruby made
// here has Erubi's shape without trimming (text: `@output_buffer.safe_append='…'`, `<%= %>`:
// `@output_buffer.safe_expr_append=(…)`, the escape-less append), so the lowering reads it as it reads views.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostics } from "../diagnostics/index.js";
import { BufferWriter } from "./erb/buffer-writer.js";
import { buildPositionMap } from "./erb/position-map.js";
import { scanErb } from "./erb/scanner.js";
import type { Node } from "./ir.js";
import { parseRuby } from "./ruby.js";

export const FIXTURES_DIR = "test/fixtures";

export interface FixtureFile extends ErbYamlFile {
  /** The fixture set name: the path under test/fixtures without `.yml` ("posts", "shop/items"). */
  name: string;
}

/** DIR: the fixtures path relative to the app, test/fixtures unless `db:fixtures:load` is given FIXTURES_PATH. */
export function parseFixtures(root: string, files: string[], diags: Diagnostics, dir: string = FIXTURES_DIR): FixtureFile[] {
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  return files
    .filter((rel) => rel.endsWith(".yml") && !rel.startsWith(`${dir}/files/`) && rel !== `${dir}/files`)
    .map((rel) => ({ name: rel.slice(dir.length + 1, -".yml".length), ...parseErbYaml(root, rel, diags) }));
}

/** A YAML file with ERB (fixtures, config/cable.yml, any file ActiveSupport::ConfigurationFile reads). */
export interface ErbYamlFile {
  /** Root-relative path. */
  path: string;
  absPath: string;
  /** The YAML with its ERB, as written. */
  source: string;
  /** The ERB as Ruby (see above). */
  body: Node[];
}

export function parseErbYaml(root: string, rel: string, diags: Diagnostics): ErbYamlFile {
  const absPath = join(root, rel);
  const source = readFileSync(absPath, "utf8");
  const writer = new BufferWriter(true);
  scanErb(source, writer, false);
  const map = buildPositionMap(writer.segments, source, 0);
  const parsed = parseRuby(writer.src, absPath, (offset) => map.toErb(offset));
  for (const e of parsed.errors) diags.report(e.code ?? "ruby_syntax_error", e.span, e.detail);
  return { path: rel, absPath, source, body: parsed.body };
}
