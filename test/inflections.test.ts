// The app's config/initializers inflections: the inflector's answers under fixtures/nursery's rules, as Rails 7.2.4
// gave them (fixtures/nursery/inflector-vector.rb -> inflector-vector.json); per-compile isolation; declines.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeApp } from "../src/analyze/app-model.js";
import { readInflections } from "../src/analyze/inflections.js";
import { Diagnostics } from "../src/diagnostics/index.js";
import { parseApp, type SourceFile } from "../src/parse/app.js";
import { parseRuby } from "../src/parse/ruby.js";
import { lowerInitializers } from "../src/lower/initializers.js";
import * as I from "../runtime/active-support/inflector.js";
import { createInflectionRegistry, withInflections } from "../runtime/active-support/inflections.js";

const NURSERY = join(import.meta.dirname, "..", "fixtures", "nursery");
const LIBRARY = join(import.meta.dirname, "..", "fixtures", "library");

const METHODS: Record<string, (w: string) => string> = {
  pluralize: (w) => I.pluralize(w), singularize: (w) => I.singularize(w), camelize: (w) => I.camelize(w),
  underscore: I.underscore, tableize: I.tableize, classify: I.classify, humanize: (w) => I.humanize(w),
  titleize: (w) => I.titleize(w), foreign_key: (w) => I.foreignKey(w),
};

function configFile(source: string): SourceFile {
  const path = "config/initializers/inflections.rb";
  return { path, absPath: `/app/${path}`, source, body: parseRuby(source, path).body };
}

describe("the app's inflections", () => {
  it("answer as Rails does under fixtures/nursery's rules, for every word and method of the vector", () => {
    const expected = JSON.parse(readFileSync(join(NURSERY, "inflector-vector.json"), "utf8")) as Record<string, Record<string, string>>;
    const diags = new Diagnostics();
    const { registry } = readInflections(parseApp(NURSERY).config, diags);
    const ours = withInflections(registry, () =>
      Object.fromEntries(Object.keys(expected).map((w) => [w, Object.fromEntries(Object.entries(METHODS).map(([m, f]) => [m, f(w)]))])));
    expect(ours).toEqual(expected);
    expect(diags.list).toEqual([]);
  });

  it("are isolated per compile: another app in the same process, and the process default, never see them", () => {
    const fresh = withInflections(createInflectionRegistry(), () => [I.pluralize("cactus"), I.camelize("api_key"), I.pluralize("moose")]);
    const nursery = analyzeApp(parseApp(NURSERY));
    const library = analyzeApp(parseApp(LIBRARY));
    expect(nursery.models.get("Cactus")?.tableName).toBe("cacti");
    const inNursery = withInflections(nursery.inflections.registry, () => [I.pluralize("cactus"), I.camelize("api_key"), I.pluralize("moose")]);
    expect(inNursery).toEqual(["cacti", "APIKey", "moose"]);
    expect(withInflections(library.inflections.registry, () => [I.pluralize("cactus"), I.camelize("api_key"), I.pluralize("moose")])).toEqual(fresh);
    expect([I.pluralize("cactus"), I.camelize("api_key"), I.pluralize("moose")]).toEqual(fresh);
  });

  it("replay at boot in the emitted app, in load order", () => {
    const app = analyzeApp(parseApp(NURSERY));
    const mod = lowerInitializers(app, app.parsed.diagnostics);
    expect(mod?.statements).toEqual([
      "// config/initializers: ActiveSupport::Inflector.inflections",
      'inflections("en").irregular("cactus", "cacti");',
      // Ruby's ^ $ are \n-only line anchors and /i folds s with U+017F (runtime/ruby/regexp-translate.ts).
      'inflections("en").plural(new RegExp("(?<![^\\\\n])(corp)u[s\\\\u017F](?![^\\\\n])", "i"), "\\\\1ora");',
      'inflections("en").singular(new RegExp("(?<![^\\\\n])(corp)ora(?![^\\\\n])", "i"), "\\\\1us");',
      'inflections("en").uncountable(["moose"]);',
      'inflections("en").acronym("API");',
      'inflections("en").human(new RegExp("_cnt(?![^\\\\n])", "i"), "\\\\1_count");',
      'inflections("en").human("legacy_name", "Old name");',
    ]);
  });

  it("decline a rule they cannot evaluate, at its position, and keep the literal ones", () => {
    const diags = new Diagnostics();
    const source = [
      "ActiveSupport::Inflector.inflections(:en) do |inflect|",
      '  inflect.irregular "cactus", "cacti"',
      "  inflect.plural WORD, \"x\"",
      "  inflect.clear",
      "  %w[a b].each { |w| inflect.uncountable w }",
      "end",
      "",
    ].join("\n");
    const result = readInflections([configFile(source)], diags);
    expect(diags.list.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
      "3:3 unsupported_construct: construct not lowered: inflection rule not evaluated at compile time (a non-literal argument of inflect.plural)",
      "4:3 unsupported_construct: construct not lowered: inflection rule not evaluated at compile time (inflect.clear)",
      "5:3 unsupported_construct: construct not lowered: inflection rule not evaluated at compile time (a statement other than `inflect.<rule>(literals)`)",
    ]);
    expect(result.calls).toEqual([{ locale: "en", method: "irregular", args: ["cactus", "cacti"] }]);
    expect(result.declined.map((d) => d.span.line)).toEqual([3, 4, 5]);
    // The emitted app does not start on rules it would misread: each declined one raises at boot.
    const app = analyzeApp(parseApp(NURSERY));
    const boot = lowerInitializers({ ...app, inflections: result }, new Diagnostics())?.statements.slice(0, 3);
    expect(boot).toEqual([
      "// config/initializers: ActiveSupport::Inflector.inflections",
      'unsupported("inflection rule at config/initializers/inflections.rb:3 (a non-literal argument of inflect.plural)");',
      'unsupported("inflection rule at config/initializers/inflections.rb:4 (inflect.clear)");',
    ]);
  });
});

// pluralize/singularize remember their answers per rule list; a rule added afterwards (an initializer running after
// a first inflection, a test adding one) must still be heard, as every call reads the current rules in Rails.
describe("inflections changed after a word was inflected", () => {
  it("answers by the rules as they are now", () => {
    withInflections(createInflectionRegistry(), () => {
      expect(I.pluralize("octopus")).toBe("octopi");
      expect(I.singularize("octopi")).toBe("octopus");
      I.inflections("en").irregular("octopus", "octopuses");
      expect(I.pluralize("octopus")).toBe("octopuses");
      expect(I.singularize("octopuses")).toBe("octopus");
      I.inflections("en").uncountable("octopus");
      expect(I.pluralize("octopus")).toBe("octopus");
      I.inflections("en").plural(/^(ox)$/i, "\\1es");
      expect(I.pluralize("ox")).toBe("oxes");
    });
    expect(I.pluralize("ox")).toBe("oxen");
  });
});
