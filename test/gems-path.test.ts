// Gemfile.lock's PATH sources resolved as Bundler resolves them (test/fixtures/gems-path/bundler.json, recorded with
// Bundler in the reference chroot by record.rb): the path is relative to the Gemfile, the gem sits at the path or in
// a directory right below it, and it is used from there even when a gem directory holds another version of it
// (the compiler used to substitute that other version, changing every asset digest and the import map).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseGemfileLock, resolveAppGems } from "../src/analyze/gems.js";
import { Diagnostics } from "../src/diagnostics/index.js";

const fixture = join(import.meta.dirname, "fixtures/gems-path");
const app = join(fixture, "app");
const bundler = JSON.parse(readFileSync(join(fixture, "bundler.json"), "utf8")) as Record<string, [string, string]>;

// A gem directory with other releases of the same gems, as a system or GEM_PATH directory may hold.
const gemDir = mkdtempSync(join(tmpdir(), "rails2ts-gems-path-"));
for (const name of ["local_widget-0.2.0", "flat_part-9.9.9"]) {
  mkdirSync(join(gemDir, "gems", name), { recursive: true });
  writeFileSync(join(gemDir, "gems", name, `${name.split("-")[0]}.gemspec`), "");
}
afterAll(() => rmSync(gemDir, { recursive: true, force: true }));

describe("Gemfile.lock PATH sources", () => {
  it("reads each PATH spec with its remote", () => {
    const specs = parseGemfileLock(readFileSync(join(app, "Gemfile.lock"), "utf8")).specs;
    expect(specs.map((s) => [s.name, s.version, s.path, s.gitCheckout])).toEqual([
      ["flat_part", "2.1.0", "../vendor/bundle_of_gems", null],
      ["nested_part", "1.0.0", "../vendor/bundle_of_gems", null],
      ["local_widget", "0.3.1", "../vendor/local_widget", null],
    ]);
  });

  it("loads each gem from its path, at the version and directory Bundler does, with nothing substituted", () => {
    const diagnostics = new Diagnostics();
    const gems = resolveAppGems(app, diagnostics, [gemDir]);
    const found = Object.fromEntries(gems.loaded.map((g) => [g.name, [g.version, relative(fixture, g.root)]]));
    expect(found).toEqual(bundler);
    expect(gems.missing).toEqual([]);
    expect(diagnostics.list).toEqual([]);
  });
});
