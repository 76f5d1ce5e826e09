// The CLI as a user meets it (issue 13, items 13 and 15, --strict): the built dist/src/cli.js run as a process.
// A path that is not a Rails app is one line naming the path and what is wrong, exit 1, no stack trace; `compile`
// prints one `file:line:col: code: message` line per diagnostic (the code frame with --report) and exits 0, or 1
// under --strict when a construct was declined (an advisory diagnostic, a fragment cached without the store, is
// not one); a clean app passes --strict.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeCrashApp } from "./crash-app.js";

const cli = join(import.meta.dirname, "../dist/src/cli.js");
const tmp = mkdtempSync(join(tmpdir(), "rails2ts-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[], env: NodeJS.ProcessEnv = process.env): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", env });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("rails2ts on a path that is not a Rails app", () => {
  it("a missing directory: no such directory", () => {
    const path = join(tmp, "nowhere");
    expect(run(["compile", path, "--out", join(tmp, "out")])).toEqual({ status: 1, stdout: "", stderr: `${path}: error app_not_found: no such directory\n` });
  });

  it("a regular file: not a directory", () => {
    const path = join(tmp, "a-file.rb");
    writeFileSync(path, "class A; end\n");
    expect(run(["compile", path, "--out", join(tmp, "out")])).toEqual({ status: 1, stdout: "", stderr: `${path}: error app_not_a_directory: not a directory\n` });
  });

  it("a directory without config/application.rb: not a Rails app (also for serve and inspect)", () => {
    const path = join(tmp, "empty-dir");
    mkdirSync(join(path, "app/models"), { recursive: true });
    const line = `${path}: error not_a_rails_app: not a Rails app: no config/application.rb\n`;
    expect(run(["compile", path, "--out", join(tmp, "out")])).toEqual({ status: 1, stdout: "", stderr: line });
    expect(run(["serve", path, "--port", "0"])).toEqual({ status: 1, stdout: "", stderr: line });
    expect(run(["inspect", path, "--cache"])).toEqual({ status: 1, stdout: "", stderr: line });
  });
});

describe("rails2ts compile on an app with one declined construct (test/fixtures/cli-app)", () => {
  const app = join(import.meta.dirname, "fixtures/cli-app");
  const model = join(app, "app/models/widget.rb");
  const view = join(app, "app/views/widgets/index.html.erb");
  const lines =
    `${model}:2:3: unsupported_construct: construct not lowered: model macro acts_as_list\n` +
    `${view}:1:10: cache_key_declined: cache key declined: rendered without the store: a string with interpolation is not a provable fragment name\n` +
    "diagnostics: unsupported_construct 1, cache_key_declined 1\n";

  it("prints one line per diagnostic, at file:line:col, and exits 0", () => {
    const out = join(tmp, "cli-app-out");
    expect(run(["compile", app, "--out", out])).toEqual({ status: 0, stdout: `compiled 8 modules into ${out}\n`, stderr: lines });
  });

  it("under --strict exits 1, counting only the declined construct (the fragment is advisory)", () => {
    const out = join(tmp, "cli-app-strict");
    expect(run(["compile", app, "--out", out, "--strict"])).toEqual({
      status: 1,
      stdout: `compiled 8 modules into ${out}\n`,
      stderr: `${lines}--strict: 1 declined construct\n`,
    });
  });

  it("with --report prints each diagnostic with its code frame", () => {
    const r = run(["compile", app, "--out", join(tmp, "cli-app-report"), "--report"]);
    expect(r.status).toBe(0);
    expect(r.stderr.split("\n\n")[0]).toBe(
      `${model}:2:3: warning unsupported_construct: construct not lowered: model macro acts_as_list\n` +
        "  1 | class Widget < ApplicationRecord\n" +
        "> 2 |   acts_as_list\n" +
        "    |   ^\n" +
        "  3 | end\n" +
        `${view}:1:10: warning cache_key_declined: cache key declined: rendered without the store: a string with interpolation is not a provable fragment name\n` +
        '> 1 | <% cache "widgets-#{@widgets.size}" do %>\n' +
        "    |          ^\n" +
        "  2 |   <p><%= @widgets.size %> widgets</p>\n" +
        "diagnostics: unsupported_construct 1, cache_key_declined 1",
    );
    expect(r.stderr).not.toContain("    at ");
  });
});

describe("rails2ts compile --strict on a clean app", () => {
  it("prints no diagnostic and exits 0", () => {
    const app = join(tmp, "clean-app");
    writeCrashApp(app);
    const out = join(tmp, "clean-out");
    expect(run(["compile", app, "--out", out, "--strict"])).toEqual({ status: 0, stdout: `compiled 8 modules into ${out}\n`, stderr: "" });
  });
});

describe("rails2ts fixtures without --out", () => {
  it("loads the fixtures and removes the temporary project it compiled to load them", () => {
    const app = join(tmp, "fixtures-app");
    writeCrashApp(app);
    const temp = join(tmp, "fixtures-temp");
    mkdirSync(temp);
    const db = join(tmp, "fixtures.sqlite3");
    expect(run(["fixtures", app, "--db", db], { ...process.env, TMPDIR: temp })).toEqual({ status: 0, stdout: `loaded ${app}/test/fixtures into ${db}\n`, stderr: "" });
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe("rails2ts --version, --help and usage errors (issue 23, item 1)", () => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8")) as { version: string };
  const help = run(["--help"]);

  it("--version names the package's version and Node's", () => {
    expect(run(["--version"])).toEqual({ status: 0, stdout: `rails2ts ${pkg.version} (node ${process.version})\n`, stderr: "" });
  });

  it("--help describes every command", () => {
    expect(help.status).toBe(0);
    const commands = help.stdout.slice(help.stdout.indexOf("\nCommands:\n") + 11).split("\n").filter((l) => /^  \S/.test(l));
    expect(commands.map((l) => l.trim().split(/\s+/)[0])).toEqual(["compile", "serve", "build", "fixtures", "inspect", "conformance", "record", "help"]);
    // Each command's line carries a description after its usage (commander pads the two apart).
    for (const line of commands) expect(line, line).toMatch(/^  \S.*\S {2,}\S/);
  });

  it("an unknown command prints the help on stderr and exits 2", () => {
    expect(run(["frobnicate", "x"])).toEqual({ status: 2, stdout: "", stderr: `error: unknown command 'frobnicate'\n\n${help.stdout}` });
  });

  it("a missing argument is a usage error too: the command's help, exit 2", () => {
    const own = run(["compile", "--help"]);
    expect(run(["compile"])).toEqual({ status: 2, stdout: "", stderr: `error: missing required argument 'app'\n\n${own.stdout}` });
  });

  it("`build --help` (and `help build`) prints build's own help and exits 0", () => {
    const own = run(["build", "--help"]);
    expect(own.stdout.split("\n").slice(0, 3)).toEqual([
      "Usage: rails2ts build [options] <app>",
      "",
      "build the app as one executable (--binary): the emitted app, the runtime and",
    ]);
    expect(own).toEqual({ status: 0, stdout: own.stdout, stderr: "" });
    expect(own.stdout).not.toBe(help.stdout);
    expect(run(["help", "build"])).toEqual(own);
  });
});

describe("rails2ts serve without --out", () => {
  it("compiles into a temporary project, serves it, and removes the project when Ctrl-C ends the process", async () => {
    const { spawn } = await import("node:child_process");
    const { existsSync } = await import("node:fs");
    const own = join(tmp, "serve-tmpdir");
    mkdirSync(own);
    const child = spawn(process.execPath, [cli, "serve", join(import.meta.dirname, "fixtures/cli-app"), "--port", "0"], {
      env: { ...process.env, TMPDIR: own },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    const served = await new Promise<RegExpMatchArray>((done, fail) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const m = stdout.match(/^serving \S+ at (http:\/\/\S+) \(emitted into (\S+)\)$/m);
        if (m) done(m);
      });
      child.on("exit", (code) => fail(new Error(`serve exited ${code}: ${stdout}`)));
    });
    const [, url, out] = served;
    expect(out.startsWith(own)).toBe(true);
    expect(existsSync(join(out, "package.json"))).toBe(true);
    expect((await fetch(`${url}/widgets`)).status).toBe(200);
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(readdirSync(own)).toEqual([]);
  }, 120_000);
});
