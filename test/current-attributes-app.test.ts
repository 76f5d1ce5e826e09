// A CurrentAttributes class as an app writes it (test/fixtures/current-app): attribute defaults (a lambda called,
// a value dup'ed, per reset), before_reset with a block and resets naming a method, and set { }, compiled and run
// against what ActiveSupport 7.2.4 did with the same Ruby (record.rb, recorded.json): the app's own
// CurrentScenario.run, lowered, writes the same trace.
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/current-app");
const out = scratchDir("current-app");
const compiled = await compile(app, { out });
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = async (file: string, name: string) => ((await import(pathToFileURL(join(out, `dist/models/${file}.js`)).href)) as Dyn)[name] as Dyn;

describe("CurrentAttributes defaults and reset callbacks, as ActiveSupport 7.2.4 runs them", () => {
  it("compiles without a diagnostic", () => {
    expect(compiled.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
    expect(realpathSync(join(out, "node_modules/rails2ts"))).toBeTruthy();
  });

  it("the scenario's trace is Rails' trace", async () => {
    const Scenario = await load("current_scenario", "CurrentScenario");
    const recorded = JSON.parse(readFileSync(join(app, "recorded.json"), "utf8")) as string[];
    expect(Scenario.run()).toEqual(recorded);
  });
});

describe("a CurrentAttributes statement the compiler declines", () => {
  it("is reported at its line, and the class raises at first use, naming it", async () => {
    const { cpSync, writeFileSync } = await import("node:fs");
    const declinedApp = join(scratchDir("current-declined-src"), "app");
    cpSync(app, declinedApp, { recursive: true });
    writeFileSync(
      join(declinedApp, "app/models/current.rb"),
      "class Current < ActiveSupport::CurrentAttributes\n  attribute :user\n  attribute :tags, bogus: true\nend\n",
    );
    const declinedOut = scratchDir("current-declined");
    const result = await compile(declinedApp, { out: declinedOut });
    expect(result.diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toContain(
      "3:3 unsupported_construct: construct not lowered: attribute bogus: in a CurrentAttributes class",
    );
    const Current = ((await import(pathToFileURL(join(declinedOut, "dist/models/current.js")).href)) as Dyn).Current as Dyn;
    expect(() => Current.user).toThrow(/app\/models\/current\.rb:3.*unsupported_construct: construct not lowered: attribute bogus: in a CurrentAttributes class/);
  });
});
