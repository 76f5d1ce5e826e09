// `rails2ts test <app> [files...]`: the app compiled with its Minitest suite lowered (compile --tests), then that
// suite run by vitest in this process's control (each file in a worker with its own app and test database), and
// every test's outcome read back by Ruby file, class and Minitest name, to print and to compare with Rails'.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { compile } from "../compile.js";
import type { Diagnostic } from "../diagnostics/index.js";

export type TestOutcome = "pass" | "fail" | "skip";

export interface TestResult {
  /** The .rb file, relative to the app (test/models/post_test.rb). */
  file: string;
  class: string;
  /** Minitest's method name (test_is_valid). */
  name: string;
  result: TestOutcome;
  /** The failure's message (an assertion's, or the error's), for a failed test. */
  message?: string;
}

export interface TestRun {
  results: TestResult[];
  diagnostics: Diagnostic[];
}

/** Minimal shapes of what vitest's state holds (vitest/node's task tree). */
interface VitestTask {
  type: string;
  name: string;
  mode?: string;
  filepath?: string;
  tasks?: VitestTask[];
  result?: { state?: string; errors?: Array<{ message?: string; stack?: string }> };
}

export async function runTests(appDir: string, options: { files?: string[]; out?: string; gemPaths?: string[] } = {}): Promise<TestRun> {
  const temporary = options.out ? null : mkdtempSync(join(tmpdir(), "rails2ts-test-"));
  const out = options.out ?? temporary!;
  try {
    const compiled = await compile(appDir, { out, gemPaths: options.gemPaths, link: true, tests: true });
    // A file is named as from here, or as `bin/rails test` names it, from the app's root.
    // No test file with a test in it: nothing for vitest to run (the caller reports no results).
    if (!existsSync(join(out, "vitest.config.mjs"))) return { results: [], diagnostics: compiled.diagnostics };
    const filters = (options.files ?? []).map((f) => emittedTestFile(existsSync(resolve(f)) ? relative(appDir, resolve(f)) : f));
    const { startVitest } = await import("vitest/node");
    const vitest = await startVitest("test", filters, {
      root: out, config: join(out, "vitest.config.mjs"), watch: false, reporters: [{}], passWithNoTests: true,
    });
    try {
      // By path, as the suite is written: vitest lists files in the order their workers finished.
      const files = (vitest.state.getFiles() as unknown as VitestTask[]).sort((a, b) => (a.filepath ?? a.name).localeCompare(b.filepath ?? b.name));
      return { results: files.flatMap((f) => fileResults(f, out)), diagnostics: compiled.diagnostics };
    } finally {
      await vitest.close();
    }
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

/** test/models/post_test.rb -> dist/test/models/post_test.js (what vitest runs). */
function emittedTestFile(rel: string): string {
  return join("dist", rel.replace(/\.rb$/, ".js"));
}

/** A file's tests; a file that failed to load is one failed result naming it. */
function fileResults(file: VitestTask, out: string): TestResult[] {
  const rb = relative(join(out, "dist"), file.filepath ?? file.name).replace(/\.js$/, ".rb");
  const results: TestResult[] = [];
  const visit = (task: VitestTask, className: string) => {
    if (task.type === "suite") for (const t of task.tasks ?? []) visit(t, task.name);
    else if (task.type === "test") results.push(outcome(task, rb, className));
  };
  for (const t of file.tasks ?? []) visit(t, "");
  if (!results.length && file.result?.state === "fail") {
    results.push({ file: rb, class: "", name: "(loading the file)", result: "fail", message: errorText(file) });
  }
  return results;
}

function outcome(task: VitestTask, file: string, className: string): TestResult {
  const state = task.result?.state;
  if (task.mode === "skip" || state === "skip") return { file, class: className, name: task.name, result: "skip" };
  if (state === "pass") return { file, class: className, name: task.name, result: "pass" };
  return { file, class: className, name: task.name, result: "fail", message: errorText(task) || "did not run" };
}

function errorText(task: VitestTask): string {
  return (task.result?.errors ?? []).map((e) => e.message ?? e.stack ?? "").join("\n");
}

/** Per file: its counts and each failure; then `N passed, M failed, K skipped`. */
export function formatTestRun(results: TestResult[]): string {
  const lines: string[] = [];
  const files = [...new Set(results.map((r) => r.file))];
  const count = (list: TestResult[], outcome: TestOutcome) => list.filter((r) => r.result === outcome).length;
  for (const file of files) {
    const own = results.filter((r) => r.file === file);
    lines.push(`${file}: ${count(own, "pass")} passed, ${count(own, "fail")} failed, ${count(own, "skip")} skipped`);
    for (const r of own.filter((x) => x.result === "fail")) {
      lines.push(`  FAIL ${r.class}#${r.name}`, ...(r.message ?? "").split("\n").map((l) => `    ${l}`));
    }
  }
  lines.push(`${count(results, "pass")} passed, ${count(results, "fail")} failed, ${count(results, "skip")} skipped`);
  return lines.join("\n");
}
