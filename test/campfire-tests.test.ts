// Campfire's own test suite (issue 19) lowered by `rails2ts test` and run on the TypeScript target, compared test
// by test with what `bin/rails test` answered under real Rails 7.2.4 in the reference chroot
// (test/campfire/rails-tests.json: 193 of 223 pass there; the others need libvips/image_processing, ffmpeg or DNS).
// Every test that passes under Rails must pass here, except those listed in test/campfire/known-test-failures.ts
// with their cause: a listed test runs as an expected failure, so one that starts passing fails the lane until it
// is taken off the list.
// How rails-tests.json was recorded: test/campfire/setup-rails.sh's copy of the app with `gem "mocha"` and
// `gem "webmock"` added to its Gemfile (Debian's ruby-mocha 3.1, ruby-webmock 3.34: EXTRA_PACKAGES of chroot.sh),
// then `bin/rails test` with src/conformance/rails/minitest_results.rb reporting each test; Debian has no ruby-vips,
// so an empty vips.rb on the load path lets logos_controller_test.rb load (its tests then fail on Vips, as they
// would without the library).
// Opt-in as the other Campfire lanes: RAILS2TS_CAMPFIRE (a df76a22 checkout), RAILS2TS_CAMPFIRE_GEMS (gem dir).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runTests, type TestResult } from "../src/testing/run.js";
import type { RecordedTest } from "../src/testing/record.js";
import { KNOWN_TEST_FAILURES } from "./campfire/known-test-failures.js";
import { scratchDir } from "./support/scratch.js";

const checkout = process.env.RAILS2TS_CAMPFIRE;
const gems = process.env.RAILS2TS_CAMPFIRE_GEMS;
if (!checkout || !gems) console.log("campfire tests lane: skipped (set RAILS2TS_CAMPFIRE and RAILS2TS_CAMPFIRE_GEMS)");

const rails = JSON.parse(readFileSync(join(import.meta.dirname, "campfire/rails-tests.json"), "utf8")) as RecordedTest[];
const key = (t: { file: string; name: string }) => `${t.file}#${t.name}`;
const known = new Map<string, string>();
for (const { cause, tests } of KNOWN_TEST_FAILURES) for (const t of tests) known.set(t, cause);

describe.skipIf(!checkout || !gems)("Campfire's own suite on the TypeScript target", () => {
  let ours = new Map<string, TestResult>();
  // The emitted project (compile --tests), kept for the type check below; made when the lane runs (a skipped
  // lane's afterAll never runs, so a directory made while collecting it was left to the run's sandbox).
  let out = "";

  beforeAll(async () => {
    out = scratchDir("campfire-tests");
    const run = await runTests(checkout!, { gemPaths: [gems!], out });
    ours = new Map(run.results.map((r) => [key(r), r]));
    const count = (o: string) => run.results.filter((r) => r.result === o).length;
    console.log(`campfire tests: ${count("pass")} passed, ${count("fail")} failed, ${count("skip")} skipped`);
  }, 900_000);

  // Its `npm test` builds first (tsc), so a lowered test that does not type-check stops the whole suite there.
  it("emits a project whose lowered suite passes tsc --strict", () => {
    const tsc = join(import.meta.dirname, "../node_modules/typescript/bin/tsc");
    let errors = "";
    try {
      execFileSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json"), "--noEmit"], { stdio: "pipe" });
    } catch (error) {
      errors = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    expect(errors).toBe("");
  }, 180_000);

  it("runs every test Rails ran", () => {
    expect(rails).toHaveLength(223);
    expect([...ours.keys()].sort()).toEqual(rails.map(key).sort());
  });

  it("lists only tests that pass under Rails", () => {
    const passing = new Set(rails.filter((t) => t.result === "pass").map(key));
    expect([...known.keys()].filter((t) => !passing.has(t))).toEqual([]);
  });

  for (const test of rails.filter((t) => t.result === "pass")) {
    const name = key(test);
    const cause = known.get(name);
    it.skipIf(cause !== undefined)(`${name} passes as under Rails`, () => {
      const result = ours.get(name);
      expect(result?.result, result?.message).toBe("pass");
    });
    if (cause !== undefined) {
      it(`${name} still fails (known: ${cause})`, () => {
        expect(ours.get(name)?.result, "now passes: take it off test/campfire/known-test-failures.ts").not.toBe("pass");
      });
    }
  }
});
