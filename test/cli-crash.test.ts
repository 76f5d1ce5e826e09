// A compiler crash is an internal_error diagnostic at the construct, never a bare message (issue 13, item 3). For
// each boundary RAILS2TS_FAULT can name (src/parse/crash.ts), a crash injected there while `rails2ts compile`
// runs (the built CLI, as a process) is one diagnostic line at the construct's file:line:col; the compile still
// writes the app and exits 1; and the emitted app, booted, raises NotLowered naming that internal_error where the
// crashed construct is reached, while the pages that do not reach it serve as without the crash.
// The app is test/crash-app.ts; the line:col each case expects is the construct's place in it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootEmitted } from "../src/emit/boot.js";
import { writeCrashApp } from "./crash-app.js";

const cli = join(import.meta.dirname, "../dist/src/cli.js");
const tmp = mkdtempSync(join(tmpdir(), "rails2ts-crash-"));
const app = join(tmp, "app");
writeCrashApp(app);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const INDEX = "<h1>Widgets</h1>\n<p>0 widgets</p>\n";
const OK = { "/widgets": [200, INDEX], "/widgets/3": [200, "widget 3"], "/make?name=a": [200, "made a"] } as const;
type Answers = Record<keyof typeof OK, readonly [number, string]>;

/** Compiles with the fault (none: ""), boots the output, requests every page; what each step printed and answered. */
async function compileAndServe(fault: string, name: string) {
  const out = join(tmp, name);
  const env = { ...process.env, RAILS2TS_FAULT: fault };
  const compiled = spawnSync(process.execPath, [cli, "compile", app, "--out", out, "--link"], { encoding: "utf8", env });
  const server = await bootEmitted(out, { port: 0, dbPath: join(out, "db.sqlite3"), env: { SECRET_KEY_BASE: "0".repeat(64), RAILS2TS_FAULT: "" } });
  const answers: Record<string, [number, string]> = {};
  try {
    for (const path of Object.keys(OK)) {
      const res = await fetch(`${server.baseUrl}${path}`);
      const body = await res.text();
      answers[path] = [res.status, res.status === 500 ? "" : body];
    }
    const failures = Object.values(answers).filter(([s]) => s === 500).length;
    // The app logs each 500's error before answering; its pipe may deliver the text a little later.
    for (let i = 0; i < 100 && errorLines(server.stderr()).length < failures; i++) await new Promise((r) => setTimeout(r, 50));
    return { status: compiled.status, stdout: compiled.stdout, stderr: compiled.stderr, answers, logged: errorLines(server.stderr()) };
  } finally {
    await server.stop();
  }
}

/** The logged errors' first lines (their stack frames left out). */
function errorLines(stderr: string): string[] {
  return stderr.split("\n").filter((l) => l !== "" && !/^\s+at /.test(l));
}

interface Case {
  boundary: string;
  fault: string;
  /** The construct: app-relative file:line:col. */
  at: string;
  /** The pages that reach it, and the error each raises (declined: the model's whole-record decline). */
  reached: Array<keyof typeof OK>;
  declined?: string;
}

const CASES: Case[] = [
  { boundary: "parse, a whole file", fault: "parse:file@app/views/widgets/index.html.erb", at: "app/views/widgets/index.html.erb:1:1", reached: ["/widgets"] },
  {
    boundary: "parse, a whole model file (the class its path implies is declined as a whole)",
    fault: "parse:file@app/models/widget.rb",
    at: "app/models/widget.rb:1:1",
    reached: ["/make?name=a"],
    declined: "app/models/widget.rb:1",
  },
  {
    boundary: "parse, a whole controller file (the class its path implies: every action raises)",
    fault: "parse:file@app/controllers/widgets_controller.rb",
    at: "app/controllers/widgets_controller.rb:1:1",
    reached: ["/widgets", "/widgets/3", "/make?name=a"],
  },
  { boundary: "parse, an ERB tag", fault: "parse:erb_tag@app/views/widgets/index.html.erb:2", at: "app/views/widgets/index.html.erb:2:4", reached: ["/widgets"] },
  { boundary: "parse, a tree-sitter node", fault: "parse:call@app/controllers/widgets_controller.rb:8", at: "app/controllers/widgets_controller.rb:8:5", reached: ["/widgets/3"] },
  {
    boundary: "analyze, a model's class-body statement (no record is made past it: validate/save raise)",
    fault: "analyze:call@app/models/widget.rb:2",
    at: "app/models/widget.rb:2:3",
    reached: ["/make?name=a"],
    declined: "app/models/widget.rb:2",
  },
  {
    boundary: "analyze, a controller's class-body statement (a filter in its place: every action raises)",
    fault: "analyze:call@app/controllers/widgets_controller.rb:2",
    at: "app/controllers/widgets_controller.rb:2:3",
    reached: ["/widgets", "/widgets/3", "/make?name=a"],
  },
  { boundary: "lower, a module (a template)", fault: "lower:module@app/views/widgets/index.html.erb", at: "app/views/widgets/index.html.erb:1:1", reached: ["/widgets"] },
  {
    boundary: "lower, a module (a model: declined as a whole, the app boots)",
    fault: "lower:module@app/models/widget.rb",
    at: "app/models/widget.rb:1:1",
    reached: ["/make?name=a"],
    declined: "app/models/widget.rb:1",
  },
  {
    boundary: "lower, a module (a controller: its routes reach actions that raise)",
    fault: "lower:module@app/controllers/widgets_controller.rb",
    at: "app/controllers/widgets_controller.rb:1:1",
    reached: ["/widgets", "/widgets/3", "/make?name=a"],
  },
  { boundary: "lower, a def's parameters", fault: "lower:def@app/controllers/widgets_controller.rb:7", at: "app/controllers/widgets_controller.rb:7:3", reached: ["/widgets/3"] },
  { boundary: "lower, a statement", fault: "lower:assign@app/controllers/widgets_controller.rb:19", at: "app/controllers/widgets_controller.rb:19:5", reached: ["/widgets"] },
  { boundary: "lower, an expression", fault: "lower:const@app/controllers/widgets_controller.rb:19", at: "app/controllers/widgets_controller.rb:19:14", reached: ["/widgets"] },
  { boundary: "emit, a module (a template)", fault: "emit:module@app/views/widgets/index.html.erb", at: "app/views/widgets/index.html.erb:1:1", reached: ["/widgets"] },
  {
    boundary: "emit, a module (a model: declined as a whole, the app boots)",
    fault: "emit:module@app/models/widget.rb",
    at: "app/models/widget.rb:1:1",
    reached: ["/make?name=a"],
    declined: "app/models/widget.rb:1",
  },
  {
    boundary: "emit, a module (a controller: its routes reach actions that raise)",
    fault: "emit:module@app/controllers/widgets_controller.rb",
    at: "app/controllers/widgets_controller.rb:1:1",
    reached: ["/widgets", "/widgets/3", "/make?name=a"],
  },
];

describe("a compiler crash at each boundary", () => {
  it("without a fault: no diagnostic, exit 0, every page serves", async () => {
    const r = await compileAndServe("", "clean");
    expect(r).toEqual({ status: 0, stdout: `compiled 8 modules into ${join(tmp, "clean")}\n`, stderr: "", answers: OK, logged: [] });
  }, 60_000);

  CASES.forEach((c, i) => {
    it(`${c.boundary}: internal_error at ${c.at}, exit 1, raises where reached`, async () => {
      const out = `case-${i}`;
      const r = await compileAndServe(c.fault, out);
      const message = `the compiler crashed on this construct (its code raises when reached): injected fault (RAILS2TS_FAULT=${c.fault})`;
      const raised = c.declined
        ? `NotLowered: rails2ts: declined at ${c.declined}: internal_error: ${message}`
        : `NotLowered: rails2ts: not lowered: internal_error at ${c.at}: injected fault (RAILS2TS_FAULT=${c.fault})`;
      const answers: Answers = { ...OK };
      for (const path of c.reached) answers[path] = [500, ""];
      expect(r).toEqual({
        status: 1,
        stdout: `compiled 8 modules into ${join(tmp, out)}\n`,
        stderr: `${join(app, c.at)}: internal_error: ${message}\ndiagnostics: internal_error 1\nthe compiler crashed on 1 construct (internal_error)\n`,
        answers,
        logged: c.reached.map(() => raised),
      });
    }, 60_000);
  });
});
