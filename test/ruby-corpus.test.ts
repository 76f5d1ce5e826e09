// The Ruby semantics corpus (issue 13): every `c_*` case of test/fixtures/ruby-corpus/*.rb is a plain Ruby class
// method placed in app/models of one throwaway app, compiled by the real compiler (parseApp -> analyzeApp ->
// lowerApp) once, called, and its `inspect` (or `!! ErrorClass: message`) compared with what Ruby 3.3 +
// ActiveSupport 7.2 answered (expected/<family>.json, recorded by record.rb in the chroot). A compile-time
// diagnostic on a case's file fails that case. Cases that do not pass yet are listed in known/<family>.json.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseApp } from "../src/parse/app.js";
import { analyzeApp } from "../src/analyze/app-model.js";
import { lowerApp } from "../src/lower/index.js";
import { inspect } from "../runtime/ruby/ruby.js";
import { ModuleLoader } from "./vectors/loader.js";

const CORPUS = join(__dirname, "fixtures/ruby-corpus");
type Family = { class: string; cases: Record<string, string> };
/** Every family file <name>.rb has its answers in expected/<name>.json and may list, in known/<name>.json, the
 * cases that do not pass yet (case -> why), run as it.fails: a case that starts passing fails the suite. */
const families = readdirSync(CORPUS).filter((f) => f.endsWith(".rb") && f !== "record.rb").sort();
const expected: Record<string, Family> = {};
const KNOWN_FAILURES: Record<string, Record<string, string>> = {};
for (const file of families) {
  const base = file.replace(/\.rb$/, "");
  expected[file] = JSON.parse(readFileSync(join(CORPUS, "expected", `${base}.json`), "utf8")) as Family;
  const known = join(CORPUS, "known", `${base}.json`);
  if (existsSync(known)) KNOWN_FAILURES[file] = JSON.parse(readFileSync(known, "utf8")) as Record<string, string>;
}

const root = join(tmpdir(), `rails2ts-ruby-corpus-${process.pid}`);
let loader: ModuleLoader;
let diagnostics: string[] = [];

beforeAll(() => {
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  write("config/routes.rb", "Rails.application.routes.draw do\nend\n");
  write("config/application.rb", 'require "rails"\n');
  write("db/schema.rb", "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n");
  for (const [file, family] of Object.entries(expected)) write(`app/models/${underscore(family.class)}.rb`, readFileSync(join(CORPUS, file), "utf8"));
  const parsed = parseApp(root);
  const lowered = lowerApp(analyzeApp(parsed));
  // A diagnostic names its file in its span.
  diagnostics = parsed.diagnostics.list.map((d) => `${(d as { span?: { file?: string } }).span?.file ?? ""} ${d.message}`);
  loader = new ModuleLoader(lowered.modules);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A class name -> the file Rails autoloads it from (CorpusOperators -> corpus_operators). */
function underscore(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();
}

/** A case's Ruby name -> the emitted static method (names compared without underscores or case). */
function method(klass: Record<string, unknown>, rubyName: string): () => unknown {
  const want = rubyName.replace(/_/g, "").toLowerCase();
  for (const key of Object.getOwnPropertyNames(klass)) {
    if (key.replace(/_/g, "").toLowerCase() === want && typeof klass[key] === "function") return (klass[key] as () => unknown).bind(klass);
  }
  throw new Error(`no emitted method for ${rubyName}`);
}

function answer(family: Family, name: string): string {
  const mod = loader.load(`models/${underscore(family.class)}.ts`);
  const klass = mod[family.class] as Record<string, unknown>;
  try {
    return inspect(method(klass, name)());
  } catch (e) {
    const err = e as { rubyClass?: string; constructor: { name: string }; message: string };
    return `!! ${err.rubyClass ?? err.constructor.name}: ${err.message}`;
  }
}

for (const [file, family] of Object.entries(expected)) {
  describe(file, () => {
    // A family of declined constructs (<family>_declined.rb) lists this check too: its diagnostics are the point.
    (KNOWN_FAILURES[file]?.["compiles without diagnostics"] ? it.fails : it)("compiles without diagnostics", () => {
      expect(diagnostics.filter((d) => d.includes(`/${underscore(family.class)}.rb`))).toEqual([]);
    });
    for (const [name, want] of Object.entries(family.cases)) {
      const known = KNOWN_FAILURES[file]?.[name];
      (known ? it.fails : it)(name, () => {
        expect(answer(family, name)).toBe(want);
      });
    }
  });
}
