// `rails2ts test` (issue 19, first slice): test/fixtures/gazette's own Minitest suite (Rails' scaffold tests plus
// model and integration tests a developer adds) lowered to vitest and run on the TypeScript target, compared test
// by test with what `bin/rails test` answered under real Rails 7.2.4 in the reference chroot (reference/tests.json,
// written by `rails2ts test --record`). A copy of the app with one assertion changed fails, naming that test with
// Minitest's words (as Rails printed them for the same change), and exits 1. The built dist/src/cli.js is run.
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "./support/scratch.js";
import { buildNestedQuery } from "../runtime/testing/integration.js";
import { regexpEscape } from "../runtime/testing/assertions.js";
import { TEST_CASE_METHODS } from "../runtime/testing/methods.js";
import { TestCase } from "../runtime/testing/test-case.js";

const root = join(import.meta.dirname, "..");
const cli = join(root, "dist/src/cli.js");
const gazette = join(root, "test/fixtures/gazette");

interface Result {
  file: string;
  class: string;
  name: string;
  result: string;
  message?: string;
}

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** One line per test: `file class#name outcome` (Minitest's error is a failure too). */
const lines = (results: Array<Omit<Result, "message">>) =>
  results.map((r) => `${r.file} ${r.class}#${r.name} ${r.result === "error" ? "fail" : r.result}`).sort();

describe("rails2ts test", () => {
  it("passes every test of the app that passes under real Rails, and skips what Rails skips", () => {
    const reference = JSON.parse(readFileSync(join(gazette, "reference/tests.json"), "utf8")) as Result[];
    expect(reference.filter((r) => r.result === "pass").length).toBeGreaterThanOrEqual(30);
    const { status, stdout, stderr } = run(["test", gazette, "--json"]);
    const results = JSON.parse(stdout) as Result[];
    expect(lines(results)).toEqual(lines(reference));
    expect(status, stderr).toBe(0);
  }, 300_000);

  it("fails a test whose assertion no longer holds, naming it in Minitest's words, and one that reaches a construct the lowering declined; exits 1", () => {
    const app = join(scratchDir("rails-test"), "gazette");
    cpSync(gazette, app, { recursive: true });
    const file = join(app, "test/models/post_test.rb");
    const source = readFileSync(file, "utf8");
    const changed = source.replace('assert_equal "MyString", @post.title', 'assert_equal "Other", @post.title');
    expect(changed).not.toBe(source);
    // assert_operator is not lowered yet: a diagnostic at its position, and the test raises there.
    const body = changed.trimEnd().replace(/end$/, "");
    const declinedLine = body.split("\n").length + 2;
    writeFileSync(file, `${body}\n  test "a page heading" do\n    assert_operator 1, :<, 2\n  end\nend\n`);
    const { status, stdout, stderr } = run(["test", app, "test/models/post_test.rb"]);
    expect(stdout.trimEnd().split("\n")).toEqual([
      "test/models/post_test.rb: 8 passed, 2 failed, 1 skipped",
      "  FAIL PostTest#test_a_fixture_post_is_valid",
      '    Expected: "Other"',
      '      Actual: "MyString"',
      "  FAIL PostTest#test_a_page_heading",
      "    rails2ts: not lowered: assert_operator",
      "8 passed, 2 failed, 1 skipped",
    ]);
    expect(stderr.split("\n")).toContain(`${file}:${declinedLine}:5: unknown_helper: unknown helper or method: assert_operator`);
    expect(status).toBe(1);
  }, 300_000);
});

describe("runtime/testing", () => {
  it("every method the compiler lowers a test's call to is the test case's", () => {
    const missing = Object.entries(TEST_CASE_METHODS).filter(([, m]) => !(m.ts in TestCase.prototype)).map(([ruby]) => ruby);
    expect(missing).toEqual([]);
  });

  // Expected values: Rack::Test::Utils.build_nested_query and Regexp.escape run in the reference chroot (rack-test 2.2, Ruby 3.3).
  it.each([
    [
      { post: { title: "A b&c", body: null, published: false, tags: ["x", "y"], n: 3 } },
      "post[title]=A+b%26c&post[body]&post[published]=false&post[tags][]=x&post[tags][]=y&post[n]=3",
    ],
    [{ q: "é/~!*'()", empty: [] }, "q=%C3%A9%2F%7E%21*%27%28%29&empty[]="],
    [{ "a b": { "c&d": 1, e: null }, f: [{ g: 1 }, null] }, "a+b[c%26d]=1&a+b[e]&f[][g]=1&f[]"],
  ])("params %j as Rack::Test encodes them", (params, expected) => {
    expect(buildNestedQuery(params)).toBe(expected);
  });

  it("Regexp.escape, as assert_match applies it to a String", () => {
    expect(regexpEscape("Stale news. (a|b) #1 - [x] {y} * ? + ^ $ \\ / \t\n")).toBe(
      "Stale\\ news\\.\\ \\(a\\|b\\)\\ \\#1\\ \\-\\ \\[x\\]\\ \\{y\\}\\ \\*\\ \\?\\ \\+\\ \\^\\ \\$\\ \\\\\\ /\\ \\t\\n",
    );
  });
});
