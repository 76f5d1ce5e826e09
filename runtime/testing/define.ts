// A lowered test file's class, registered with the test runner the emitted project runs (vitest, handed in by the
// emitted file so the runtime does not depend on it):
//   class PostTest < ActiveSupport::TestCase       describe("PostTest", ...)
//     setup do ... end                             each test: BEGIN; setups; the test; teardowns; ROLLBACK
//     test "is valid" do ... end                   test("test_is_valid", ...)   (Minitest's method name)
// A Skip reports the test skipped; any other error (an Assertion, or an exception of the app) fails it.
import { Skip } from "./assertions.js";
import { loadSelectEngine } from "./select.js";
import { resetJobs } from "./library-helpers.js";
import { unsupported } from "../active-support/index.js";
import { inTestTransaction, TestCase, type OwnMethod, type Step, type TestSuite } from "./test-case.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TestRunnerApi {
  describe(name: string, body: () => void): void;
  test(name: string, body: (context: { skip(note?: string): void }) => Promise<void>): void;
}

export interface TestCaseDefinition {
  /** The Ruby class name (PostTest). */
  name: string;
  /** The .rb file, relative to the app. */
  file: string;
  setup: Step[];
  teardown: Step[];
  /** The class's own methods (`def`s other than tests), by Ruby name. */
  methods?: Record<string, OwnMethod>;
  /** A channel test's channel class (ActionCable::Channel::TestCase) or a connection test's connection class. */
  subject?: { kind: "channel" | "connection"; class: unknown };
  tests: Array<{ name: string; line: number; body: Step }>;
}

export function defineTestCase(api: TestRunnerApi, suite: TestSuite, definition: TestCaseDefinition): void {
  api.describe(definition.name, () => {
    for (const t of definition.tests) {
      api.test(t.name, async (context) => {
        await loadSelectEngine();
        let skipped: string | null = null;
        await inTestTransaction(async () => {
          const instance = new TestCase(suite, definition.methods, definition.subject ?? null);
          resetJobs();
          // Minitest's order: the superclass's setup blocks first; teardown blocks the other way round (the class's,
          // then test_helper.rb's), each run even when the test failed, then the after_teardown hooks.
          let failure: unknown = null;
          try {
            if (suite.declined) unsupported(suite.declined);
            for (const step of [...suite.shared.setup, ...definition.setup]) await step.call(instance);
            await t.body.call(instance);
          } catch (error) {
            failure = error;
          }
          for (const step of [...definition.teardown, ...suite.shared.teardown]) {
            try {
              await step.call(instance);
            } catch (error) {
              failure ??= error;
            }
          }
          try {
            instance.afterTeardown(failure === null);
          } catch (error) {
            failure ??= error;
          }
          if (failure instanceof Skip) skipped = failure.message;
          else if (failure !== null) throw failure;
        });
        if (skipped !== null) context.skip(skipped);
      });
    }
  });
}

/**
 * test_helper.rb's `ENV["RAILS_ENV"] ||= "test"`, and the test database: a new SQLite file for this process (the
 * schema, then the fixtures instead of the seeds), set before the app is imported. Answers what removes the
 * database once the file's tests are done (the test runner's workers end without running exit hooks).
 */
export function testEnvironment(): () => void {
  process.env.RAILS_ENV ??= "test";
  const dir = mkdtempSync(join(tmpdir(), "rails2ts-test-"));
  process.env.DATABASE_PATH = join(dir, "test.sqlite3");
  process.env.RAILS2TS_FIXTURES = "1";
  return () => rmSync(dir, { recursive: true, force: true });
}
