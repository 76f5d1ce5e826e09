// Ruby cases recorded from real Ruby (test/fixtures/ruby-corpus's format: a family file defines one class whose
// `c_*` singleton methods are the cases, expected.json holds what Ruby 3.3 answered): every family placed in
// app/models of one throwaway app, compiled by the real compiler (parseApp -> analyzeApp -> lowerApp), and each
// case called and its `inspect` (or `!! ErrorClass: message`) read back.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseApp } from "../../src/parse/app.js";
import { analyzeApp } from "../../src/analyze/app-model.js";
import { lowerApp } from "../../src/lower/index.js";
import { inspect } from "../../runtime/ruby/ruby.js";
import { ModuleLoader } from "../vectors/loader.js";

export type Family = { class: string; cases: Record<string, string> };

export interface CompiledCases {
  expected: Record<string, Family>;
  /** Diagnostics of one family's file, as `message` lines. */
  diagnosticsOf(family: Family): string[];
  answer(family: Family, name: string): string;
  dispose(): void;
}

export function compileCases(dir: string, name: string): CompiledCases {
  const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Record<string, Family>;
  const root = join(tmpdir(), `rails2ts-${name}-${process.pid}`);
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  write("config/routes.rb", "Rails.application.routes.draw do\nend\n");
  write("config/application.rb", 'require "rails"\n');
  write("db/schema.rb", "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n");
  for (const [file, family] of Object.entries(expected)) write(`app/models/${underscore(family.class)}.rb`, readFileSync(join(dir, file), "utf8"));
  const parsed = parseApp(root);
  const loader = new ModuleLoader(lowerApp(analyzeApp(parsed)).modules);
  const diagnostics = parsed.diagnostics.list.map((d) => ({ file: d.span.file, line: `${d.span.line}:${d.span.column} ${d.code}: ${d.message}` }));
  return {
    expected,
    diagnosticsOf: (family) => diagnostics.filter((d) => d.file.endsWith(`/${underscore(family.class)}.rb`)).map((d) => d.line),
    answer(family, name) {
      const klass = loader.load(`models/${underscore(family.class)}.ts`)[family.class] as Record<string, unknown>;
      try {
        return inspect(method(klass, name)());
      } catch (e) {
        const err = e as { rubyClass?: string; constructor: { name: string }; message: string };
        return `!! ${err.rubyClass ?? err.constructor.name}: ${err.message}`;
      }
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

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
