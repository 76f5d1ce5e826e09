// Propshaft and importmap-rails as the release the app runs behaves: which changes a version (or a git checkout's
// source) has, Pathname's path arithmetic that Propshaft's compilers resolve url()s with (checked against Ruby 3.3's
// Pathname in the chroot), digests and compiled bytes of a small load path under 0.8.0 and 1.3.2, and
// config/importmap.rb read by importmap-rails 2.0.1 and 2.2.3 (module names, entry-point preloads, integrity).
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { digestAssets, PROPSHAFT_CHANGES } from "../src/analyze/assets.js";
import { compareGemVersions, gemFeatures } from "../src/analyze/gem-release.js";
import { analyzeImportmap } from "../src/analyze/importmap.js";
import { pathnamePlus, resolvePath } from "../src/analyze/propshaft-compilers.js";
import { Diagnostics } from "../src/diagnostics/index.js";
import { javascriptImportmapModulePreloadTags, importmapJson } from "../runtime/gems/importmap-rails/importmap.js";
import type { ImportmapPin, ViewHost } from "../runtime/active-model/host.js";
import { scratchDir } from "./support/scratch.js";

function tree(files: Record<string, string>): string {
  const root = scratchDir("gem-releases");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("gem releases", () => {
  it.each([
    ["0.8.0", "0.9.0", -1], ["1.10.0", "1.9.2", 1], ["2.2.3", "2.2.3", 0], ["2.0", "2.0.0", 0], ["1.0.0.rc1", "1.0.0", -1], ["1.16.0-x86_64-linux", "1.16.0", 0],
  ])("Gem::Version %s <=> %s is %i", (a, b, expected) => {
    expect(Math.sign(compareGemVersions(a, b))).toBe(expected);
  });

  it("takes a released version's changes from the table, and a git checkout's later changes from its source", () => {
    const checkout = tree({ "lib/propshaft/asset.rb": 'Digest::SHA1.hexdigest("#{content}#{version}").first(8)\n/-([0-9a-zA-Z_-]{7,128})\\.digested/' });
    expect([...gemFeatures({ version: "0.8.0", checkout: null }, PROPSHAFT_CHANGES)]).toEqual([]);
    expect([...gemFeatures({ version: "0.8.0", checkout }, PROPSHAFT_CHANGES)]).toEqual(["shortDigest", "urlSafeDigestedNames"]);
    expect([...gemFeatures({ version: "1.1.0", checkout: null }, PROPSHAFT_CHANGES)]).not.toContain("cssSchemeColons");
    expect(gemFeatures({ version: "1.3.2", checkout: null }, PROPSHAFT_CHANGES).size).toBe(PROPSHAFT_CHANGES.length);
    expect(gemFeatures(null, PROPSHAFT_CHANGES).size).toBe(PROPSHAFT_CHANGES.length);
  });
});

describe("Pathname arithmetic of Propshaft's resolve_path (Ruby 3.3)", () => {
  it.each([
    [".", "../x", "../x"], ["a/b", "../x", "a/x"], ["a", "b/../c", "a/b/../c"], ["a", "./b", "a/b"], [".", "./x", "x"], ["a/b", "../../x", "x"],
    ["a", "/c.png", "/c.png"], ["a", "c//d.png", "a/c//d.png"], [".", "..", ".."], ["a", "..", "."],
  ])("Pathname(%s) + %s is %s", (dir, path, expected) => {
    expect(pathnamePlus(dir, path)).toBe(expected);
  });

  it.each([
    ["a", "../../x", "../x"], ["a/b", "/top.png", "top.png"], ["a", "./c.png", "a/c.png"], ["a", ".//c.png", "/c.png"],
  ])("resolve_path(%s, %s) is %s", (dir, url, expected) => {
    expect(resolvePath(dir, url)).toBe(expected);
  });
});

describe("Propshaft digests and compiled bytes by release", () => {
  const css = "a { background: url('database.svg'); }\nb { background: url(logo.svg); }\n";
  const root = tree({ "app.css": css, "database.svg": "<svg/>", "logo.svg": "<svg>logo</svg>", "lib.js.map": "{}" });
  const sha1 = (...parts: string[]) => createHash("sha1").update(parts.join("")).digest("hex");

  it("0.8.0: all 40 digits of the file alone, url(database...) left as a data URL, x.js-<digest>.map", () => {
    const { assets, publicFiles } = digestAssets({ paths: [root], propshaft: gemFeatures({ version: "0.8.0", checkout: null }, PROPSHAFT_CHANGES) }, "1");
    expect(assets["app.css"]).toBe(`/assets/app-${sha1(css, "1")}.css`);
    expect(assets["lib.js.map"]).toBe(`/assets/lib.js-${sha1("{}", "1")}.map`);
    expect(publicFiles.get(assets["app.css"]!.slice(1))!.toString()).toBe(
      `a { background: url('database.svg'); }\nb { background: url("/assets/logo-${sha1("<svg>logo</svg>", "1")}.svg"); }\n`,
    );
  });

  it("1.3.2: 8 digits over the file and what its url()s reference, both urls compiled, x-<digest>.js.map", () => {
    const { assets, publicFiles } = digestAssets({ paths: [root], propshaft: gemFeatures({ version: "1.3.2", checkout: null }, PROPSHAFT_CHANGES) }, "1");
    expect(assets["app.css"]).toBe(`/assets/app-${sha1(css, "<svg/>", "<svg>logo</svg>", "1").slice(0, 8)}.css`);
    expect(assets["lib.js.map"]).toBe(`/assets/lib-${sha1("{}", "1").slice(0, 8)}.js.map`);
    expect(publicFiles.get(assets["app.css"]!.slice(1))!.toString()).toBe(
      `a { background: url("${assets["database.svg"]}"); }\nb { background: url("${assets["logo.svg"]}"); }\n`,
    );
  });
});

describe("config/importmap.rb by importmap-rails release", () => {
  const importmapRb = [
    'pin "application"',
    'pin "admin", preload: "admin"',
    'pin "both", to: "application.js", integrity: "sha384-abc"',
    'pin_all_from "app/javascript/lib", under: "lib"',
  ].join("\n");
  const app = (version: string) => tree({
    "Gemfile.lock": `GEM\n  remote: https://rubygems.org/\n  specs:\n    importmap-rails (${version})\n`,
    "config/importmap.rb": importmapRb,
    "app/javascript/application.js": "", "app/javascript/admin.js": "",
    "app/javascript/lib/reindex.js": "", "app/javascript/lib/a.js.js": "", "app/javascript/lib/m.mjs": "", "app/javascript/lib/d/index.js": "",
  });
  const read = (version: string) => {
    const diagnostics = new Diagnostics();
    const pins = analyzeImportmap(app(version), diagnostics, () => true, [])!;
    return { pins, diagnostics: diagnostics.list.map((d) => d.message) };
  };

  it("2.0.1: any preload value is true, every .js and a trailing `index` stripped, integrity: an unknown keyword", () => {
    const { pins, diagnostics } = read("2.0.1");
    expect(pins.map((p) => [p.name, p.path, p.preload, p.entryPoints])).toEqual([
      ["application", "application.js", true, undefined], ["admin", "admin.js", true, undefined], ["both", "application.js", true, undefined],
      ["lib/a", "lib/a.js.js", true, undefined], ["lib/d", "lib/d/index.js", true, undefined], ["lib/re", "lib/reindex.js", true, undefined],
    ]);
    expect(diagnostics).toEqual(["construct not lowered: pin: unknown keyword integrity (importmap-rails raises ArgumentError)"]);
  });

  it("2.2.3: preload names an entry point, the last extension and a whole `index` stripped, integrity only after enable_integrity!", () => {
    const { pins, diagnostics } = read("2.2.3");
    expect(pins.map((p) => [p.name, p.preload, p.entryPoints, p.integrity, p.preloadByPath])).toEqual([
      ["application", true, undefined, undefined, true], ["admin", false, ["admin"], undefined, undefined], ["both", true, undefined, undefined, true],
      ["lib/a.js", true, undefined, undefined, undefined], ["lib/d", true, undefined, undefined, undefined], ["lib/reindex", true, undefined, undefined, undefined],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("2.2.1: an integrity: String is written without enable_integrity!", () => {
    expect(read("2.2.1").pins.find((p) => p.name === "both")!.integrity).toBe("sha384-abc");
  });
});

describe("javascript_importmap_module_preload_tags by entry point", () => {
  const view = (importmap: ImportmapPin[]) =>
    ({ assetIndex: { logicalPaths: [], importmap, pipeline: "propshaft" }, computeAssetPath: (src: string) => `/assets/${src}` }) as unknown as ViewHost;
  const pins: ImportmapPin[] = [
    { name: "application", path: "application.js", preload: true, preloadByPath: true },
    { name: "admin", path: "admin.js", preload: false, entryPoints: ["admin"] },
    { name: "app", path: "application.js", preload: true, preloadByPath: true, integrity: "sha384-x" },
  ];

  it.each([
    ["application", ['<link rel="modulepreload" href="/assets/application.js" integrity="sha384-x">']],
    ["admin", ['<link rel="modulepreload" href="/assets/application.js" integrity="sha384-x">', '<link rel="modulepreload" href="/assets/admin.js">']],
    [["application", "admin"], ['<link rel="modulepreload" href="/assets/application.js" integrity="sha384-x">', '<link rel="modulepreload" href="/assets/admin.js">']],
  ])("entry_point %j", (entryPoint, links) => {
    expect(String(javascriptImportmapModulePreloadTags(view(pins), { entry_point: entryPoint }))).toBe(links.join("\n"));
  });

  it("writes the pins' integrity into the map by resolved path", () => {
    expect(JSON.parse(importmapJson(view(pins)))).toEqual({
      imports: { application: "/assets/application.js", admin: "/assets/admin.js", app: "/assets/application.js" },
      integrity: { "/assets/application.js": "sha384-x" },
    });
  });
});
