// `rails2ts test <app> --record`: the app's own suite run by real Rails in the reference chroot (`bin/rails test`
// on a scratch copy, with src/conformance/rails/minitest_results.rb reporting each test), written to
// <app>/reference/tests.json: the oracle `rails2ts test` is compared with, test by test.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { chrootRun, unbindFromChroot } from "../conformance/chroot.js";
import { railsHooksDir } from "../conformance/paths.js";

export const REFERENCE_TESTS = "reference/tests.json";

export interface RecordedTest {
  file: string;
  line: number;
  class: string;
  name: string;
  result: "pass" | "fail" | "error" | "skip";
}

export async function recordTests(appDir: string): Promise<RecordedTest[]> {
  const work = mkdtempSync(join(tmpdir(), `rails2ts-tests-${basename(appDir)}-`));
  const dir = join(work, "app");
  // Local state of earlier runs stays behind: the test database is made afresh from db/schema.rb.
  cpSync(appDir, dir, { recursive: true, filter: (src) => !/^(reference|tmp|log|node_modules)(\/|$)|\.sqlite3/.test(relative(appDir, src)) });
  const hooks = join(dir, "tmp", "rails2ts");
  mkdirSync(hooks, { recursive: true });
  cpSync(railsHooksDir(), hooks, { recursive: true });
  const resultsFile = join(hooks, "results.json");
  try {
    // `bin/rails test` exits 1 when a test fails; the results file says which, so that is not an error here.
    await chrootRun(dir, ["env", `RAILS2TS_TEST_RESULTS=${resultsFile}`, `RUBYOPT=-r${join(hooks, "minitest_results.rb")}`, "bin/rails", "test"]).catch((error: Error) => {
      if (!existsSync(resultsFile)) throw error;
    });
    const results = JSON.parse(readFileSync(resultsFile, "utf8")) as RecordedTest[];
    mkdirSync(join(appDir, "reference"), { recursive: true });
    writeFileSync(join(appDir, REFERENCE_TESTS), `${JSON.stringify(results, null, 2)}\n`);
    return results;
  } finally {
    unbindFromChroot(dir);
    rmSync(work, { recursive: true, force: true });
  }
}
