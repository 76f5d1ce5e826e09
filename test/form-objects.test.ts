// Active Model form objects (test/fixtures/form-objects-app): ActiveModel::Model, ::API, ::Attributes (casts and
// defaults), ::Validations (the built-in validators, validate :method, if:/unless:, errors.add, validate!) and
// ::Validations::Callbacks, compiled and run against what ActiveModel 7.2.4 did with the same Ruby (record.rb wrote
// recorded.json in the chroot of ../shared/rails): the app's own ValidationScenario.run, lowered, returns the same
// values. The app's pages (a form object posted, re-rendered with its errors) are compared with Puma's responses
// in test/form-objects-app.test.ts.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/form-objects-app");
const out = scratchDir("form-objects");
const compiled = await compile(app, { out });
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = async (dir: string, file: string, name: string) => ((await import(pathToFileURL(join(dir, `dist/models/${file}.js`)).href)) as Dyn)[name] as Dyn;

describe("form objects, as ActiveModel 7.2.4 validates and casts them", () => {
  it("compiles without a diagnostic", () => {
    expect(compiled.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });

  it("each case's valid?, full messages, details and cast attributes are Rails'", async () => {
    const Scenario = await load(out, "validation_scenario", "ValidationScenario");
    const recorded = JSON.parse(readFileSync(join(app, "recorded.json"), "utf8")) as unknown[];
    const ours = JSON.parse(JSON.stringify(Scenario.run())) as unknown[];
    expect(ours.length).toBe(recorded.length);
    for (let i = 0; i < recorded.length; i++) expect(ours[i]).toEqual(recorded[i]);
  });
});

describe("what an Active Model class declares that the compiler does not lower", () => {
  it("is reported at its line, and the class raises when instantiated, naming it", async () => {
    const declinedApp = join(scratchDir("form-objects-declined-src"), "app");
    cpSync(app, declinedApp, { recursive: true });
    writeFileSync(
      join(declinedApp, "app/models/search_query.rb"),
      "class SearchQuery\n  include ActiveModel::API\n  include ActiveModel::Attributes\n\n  attribute :q, :string\n  attribute :at, :money\n  validates_with QueryValidator\n  validates :q, :at, uniqueness: true\nend\n",
    );
    const declinedOut = scratchDir("form-objects-declined");
    const result = await compile(declinedApp, { out: declinedOut });
    expect(result.diagnostics.filter((d) => d.span.file.endsWith("search_query.rb")).map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
      "6:18 unsupported_construct: construct not lowered: attribute at of a type ActiveModel does not register by that name",
      "7:3 unsupported_construct: construct not lowered: validates_with in a plain class body",
      "8:3 unsupported_option: option not supported: validates uniqueness: on a class that is not an Active Record model (Rails: Unknown validator)",
    ]);
    const SearchQuery = await load(declinedOut, "search_query", "SearchQuery");
    expect(() => SearchQuery.build({ q: "x" })).toThrow(/declined at app\/models\/search_query\.rb:6: unsupported_construct: construct not lowered: attribute at of a type/);
  });
});
