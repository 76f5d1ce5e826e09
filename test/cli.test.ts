// The CLI as a user meets it (issue 13, items 13 and 15, --strict): the built dist/src/cli.js run as a process.
// A path that is not a Rails app is one line naming the path and what is wrong, exit 1, no stack trace; `compile`
// prints one `file:line:col: code: message` line per diagnostic (the code frame with --report) and exits 0, or 1
// under --strict when a construct was declined (an advisory diagnostic, a fragment cached without the store, is
// not one); a clean app passes --strict.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    expect(commands.map((l) => l.trim().split(/\s+/)[0])).toEqual(["compile", "serve", "build", "fixtures", "inspect", "conformance", "test", "record", "help"]);
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

/** `rails2ts serve …` as a child process, once it prints its URL: the URL, the project it emitted into, a stop. */
async function serving(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, [cli, "serve", ...args, "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const [, url, out] = await new Promise<RegExpMatchArray>((done, fail) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const m = stdout.match(/^serving \S+ at (http:\/\/\S+) \(emitted into (\S+)\)$/m);
      if (m) done(m);
    });
    void exited.then((code) => fail(new Error(`serve exited ${code}: ${stdout}`)));
  });
  const stop = async (signal: NodeJS.Signals = "SIGINT") => {
    child.kill(signal);
    return exited;
  };
  return { url, out, stop };
}

const cliApp = join(import.meta.dirname, "fixtures/cli-app");

describe("rails2ts serve", () => {
  it("without --out compiles into a temporary project, serves it, and removes the project when Ctrl-C ends it", async () => {
    const { existsSync } = await import("node:fs");
    const own = join(tmp, "serve-tmpdir");
    mkdirSync(own);
    const db = join(tmp, "serve-tmpdir.sqlite3");
    const server = await serving([cliApp, "--db", db], { ...process.env, TMPDIR: own });
    expect(server.out.startsWith(own)).toBe(true);
    expect(existsSync(join(server.out, "package.json"))).toBe(true);
    expect((await fetch(`${server.url}/widgets`)).status).toBe(200);
    expect(await server.stop("SIGINT")).toBe(130);
    expect(readdirSync(own)).toEqual([]);
  }, 120_000);

  it("keeps its database in the app's storage/ across restarts, as bin/rails server does; --fresh starts anew", async () => {
    const { cpSync, existsSync } = await import("node:fs");
    const Database = (await import("better-sqlite3")).default;
    const app = join(tmp, "serve-app");
    cpSync(cliApp, app, { recursive: true });
    const db = join(app, "storage/production.sqlite3");
    const marked = () => new Database(db, { readonly: true }).prepare("SELECT name FROM sqlite_master WHERE name = 'kept'").all().length === 1;

    let server = await serving([app]);
    expect((await fetch(`${server.url}/widgets`)).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(143);
    expect(existsSync(db)).toBe(true);
    const write = new Database(db);
    write.exec("CREATE TABLE kept (id INTEGER)");
    write.close();

    server = await serving([app]);
    expect((await fetch(`${server.url}/widgets`)).status).toBe(200);
    await server.stop();
    expect(marked()).toBe(true);

    server = await serving([app, "--fresh"]);
    expect((await fetch(`${server.url}/widgets`)).status).toBe(200);
    await server.stop();
    expect(marked()).toBe(false);
  }, 180_000);

  it("a busy port or one that is not a port: one line, exit 1, no stack trace", async () => {
    const { createServer } = await import("node:net");
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, "127.0.0.1", done));
    const port = (busy.address() as { port: number }).port;
    const db = join(tmp, "busy.sqlite3");
    const r = run(["serve", cliApp, "--port", String(port), "--db", db]);
    busy.close();
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n").filter(Boolean).at(-1)).toBe(`rails2ts: 127.0.0.1:${port} is in use (another server listens there): choose another --port`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(run(["serve", cliApp, "--port", "7x", "--db", db])).toEqual({ status: 1, stdout: "", stderr: "rails2ts: --port 7x: not a port (0 to 65535)\n" });
  }, 120_000);
});

describe("rails2ts compile --out", () => {
  it("refuses a directory rails2ts did not write (it would replace its src/ and dist/) unless --force, and a file", () => {
    const foreign = join(tmp, "someone-elses");
    mkdirSync(join(foreign, "src"), { recursive: true });
    writeFileSync(join(foreign, "src/keep.txt"), "mine\n");
    const line = `${foreign}: error out_not_ours: --out is a directory rails2ts did not write (compile replaces its src/ and dist/): pass --force, or name a new or empty directory\n`;
    expect(run(["compile", cliApp, "--out", foreign])).toEqual({ status: 1, stdout: "", stderr: line });
    expect(readFileSync(join(foreign, "src/keep.txt"), "utf8")).toBe("mine\n");
    const file = join(tmp, "a-file");
    writeFileSync(file, "x");
    expect(run(["compile", cliApp, "--out", file])).toEqual({ status: 1, stdout: "", stderr: `${file}: error out_not_a_directory: --out names a file, not a directory\n` });
    expect(run(["compile", cliApp, "--out", foreign, "--force"]).status).toBe(0);
  }, 120_000);

  it("writes again into a project it wrote before, and into an empty directory", () => {
    const empty = join(tmp, "empty-out");
    mkdirSync(empty);
    expect(run(["compile", cliApp, "--out", empty]).status).toBe(0);
    expect(run(["compile", cliApp, "--out", empty]).status).toBe(0);
  }, 120_000);
});

describe("rails2ts inspect", () => {
  it("config/routes.rb shows routes.ts, the module the route table became (--ts: the TypeScript alone)", () => {
    const r = run(["inspect", cliApp, "config/routes.rb", "--ts"]);
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("// routes.ts");
    expect(r.stdout).toContain('path: "/widgets(.:format)"');
  }, 120_000);
});

// The view as written (test/fixtures/cli-app/app/views/widgets/index.html.erb): a `cache` block whose key
// interpolates, so the key builder declines it (a warning and a declined cache site at 1:10), around one paragraph.
// The TS is its render function: the imports and the buffer before the first statement's mark, then line 2's three
// appends (text, the size, text) and the function's end, which the source map gives the last mark above it.
const WIDGETS_INDEX_TS = [
  'import { type Relation, type SafeString, type View } from "rails2ts/runtime";',
  'import { type Widget } from "../../models/widget.js";',
  "export default function render(view: View, locals: Record<string, unknown>): SafeString {",
  "  const out = view.outputBuffer;",
];
const DECLINED_KEY = "a string with interpolation is not a provable fragment name";

/** `inspect <cli-app> ...args`'s stdout, once it has exited 0 with nothing on stderr. */
function inspected(...args: string[]): string {
  const r = run(["inspect", cliApp, ...args]);
  expect([r.status, r.stderr]).toEqual([0, ""]);
  return r.stdout;
}

/** Lines as a command prints them, each ended by a newline. */
const lines = (list: string[]) => list.map((l) => `${l}\n`).join("");

describe("rails2ts inspect <app> <file>: the source beside its TypeScript", () => {
  it("interleaved when piped: each source line, its notes, then the TS lines lowered from it", () => {
    expect(inspected("app/views/widgets/index.html.erb")).toBe(
      lines([
        "== app/views/widgets/index.html.erb -> views/widgets/index.html.ts",
        ...WIDGETS_INDEX_TS.map((l, i) => `   ts ${i + 1} | ${l}`),
        'erb   1 | <% cache "widgets-#{@widgets.size}" do %>',
        `         ! 1:10 warning cache_key_declined: cache key declined: rendered without the store: ${DECLINED_KEY}`,
        `         ~ 1:10 cache declined: ${DECLINED_KEY}`,
        "erb   2 |   <p><%= @widgets.size %> widgets</p>",
        '   ts 5 |   out.safeAppend("  <p>");',
        "   ts 6 |   out.append((view.assigns.widgets as Relation<Widget>).size());",
        '   ts 7 |   out.safeAppend(" widgets</p>\\n");',
        "   ts 8 |   return out.toSafeString();",
        "   ts 9 | }",
        "erb   3 | <% end %>",
      ]),
    );
  }, 120_000);

  it("a controller: the class's scaffolding first, the action's statement under its line", () => {
    expect(inspected("app/controllers/widgets_controller.rb", "--interleaved")).toBe(
      lines([
        "== app/controllers/widgets_controller.rb -> controllers/widgets_controller.ts",
        '  ts  1 | import { type Relation } from "rails2ts/runtime";',
        '  ts  2 | import { Widget } from "../models/widget.js";',
        '  ts  3 | import { ApplicationController, type ApplicationControllerAssigns } from "./application_controller.js";',
        "  ts  4 |",
        "  ts  5 | export interface WidgetsControllerAssigns extends ApplicationControllerAssigns {",
        "  ts  6 |   widgets: Relation<Widget>;",
        "  ts  7 | }",
        "  ts  8 |",
        "  ts  9 | export class WidgetsController<",
        "  ts 10 |   A extends WidgetsControllerAssigns = WidgetsControllerAssigns,",
        "  ts 11 | > extends ApplicationController<A> {",
        '  ts 12 |   static override controllerPath = "widgets";',
        '  ts 13 |   static override wrapParameters = { name: "widget", include: ["id", "name", "created_at", "updated_at"] };',
        "  ts 14 |",
        "  ts 15 |   index() {",
        "rb    1 | class WidgetsController < ApplicationController",
        "rb    2 |   def index",
        "rb    3 |     @widgets = Widget.all",
        "  ts 16 |     this.assigns.widgets = Widget.all();",
        "  ts 17 |     return this.assigns.widgets;",
        "  ts 18 |   }",
        "  ts 19 | }",
        "rb    4 |   end",
        "rb    5 | end",
      ]),
    );
  }, 120_000);

  it("side by side: two columns, each TS line on the row of its source line, too-long lines cut, notes whole", () => {
    // 120 = "N | " + 54 + " | " + "N | " + 55: a TS line past 55 characters keeps 54 and an ellipsis.
    expect(inspected("app/views/widgets/index.html.erb", "--side-by-side", "--width", "120")).toBe(
      lines([
        "  | app/views/widgets/index.html.erb                       |   | views/widgets/index.html.ts",
        "  |                                                        | 1 | import { type Relation, type SafeString, type View } f…",
        "  |                                                        | 2 | import { type Widget } from \"../../models/widget.js\";",
        "  |                                                        | 3 | export default function render(view: View, locals: Rec…",
        "  |                                                        | 4 |   const out = view.outputBuffer;",
        "1 | <% cache \"widgets-#{@widgets.size}\" do %>              |   |",
        "  | ! 1:10 warning cache_key_declined: cache key declined: rendered without the store: a string with interpolation is not a provable fragment name",
        "  | ~ 1:10 cache declined: a string with interpolation is not a provable fragment name",
        "2 |   <p><%= @widgets.size %> widgets</p>                  | 5 |   out.safeAppend(\"  <p>\");",
        "  |                                                        | 6 |   out.append((view.assigns.widgets as Relation<Widget>…",
        "  |                                                        | 7 |   out.safeAppend(\" widgets</p>\\n\");",
        "  |                                                        | 8 |   return out.toSafeString();",
        "  |                                                        | 9 | }",
        "3 | <% end %>                                              |   |",
      ]),
    );
  }, 120_000);

  // A real terminal: util-linux's `script` runs the command on a pseudo-terminal 110 columns wide.
  it.skipIf(!existsSync("/usr/bin/script"))("on a terminal at least 100 wide: side by side in its width, by default", () => {
    const command = `stty cols 110 rows 50; ${JSON.stringify(process.execPath)} ${JSON.stringify(cli)} inspect ${JSON.stringify(cliApp)} app/views/widgets/index.html.erb`;
    const r = spawnSync("/usr/bin/script", ["-qec", command, "/dev/null"], { encoding: "utf8" });
    // 110 = "N | " + 49 + " | " + "N | " + 50.
    expect(r.stdout.replace(/\r\n/g, "\n").split("\n").slice(0, 2)).toEqual([
      "  | app/views/widgets/index.html.erb                  |   | views/widgets/index.html.ts",
      "  |                                                   | 1 | import { type Relation, type SafeString, type Vie…",
    ]);
  }, 120_000);

  it("--html <dir>: writes the site and says where to open it", () => {
    const dir = join(tmp, "inspect-site");
    expect(run(["inspect", cliApp, "--html", dir])).toEqual({ status: 0, stdout: `wrote 7 pages into ${dir} (open ${dir}/index.html)\n`, stderr: "" });
    expect(readdirSync(dir)).toContain("index.html");
  }, 120_000);

  it("a model: its macros noted (its data carries no source marks), the module after the source", () => {
    expect(inspected("app/models/widget.rb").split("\n").slice(0, 6)).toEqual([
      "== app/models/widget.rb -> models/widget.ts",
      "rb    1 | class Widget < ApplicationRecord",
      "rb    2 |   acts_as_list",
      "         ! 2:3 warning unsupported_construct: construct not lowered: model macro acts_as_list",
      "rb    3 | end",
      '  ts  1 | import { defineModel, type Time } from "rails2ts/runtime";',
    ]);
  }, 120_000);
});

describe("rails2ts conformance --json --only --html", () => {
  it("prints one JSON document with the compared responses, and exits by them", () => {
    const html = join(tmp, "conformance.html");
    const r = run(["conformance", join(import.meta.dirname, "../fixtures/blog"), "--json", "--only", "^01_", "--html", html]);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(readFileSync(html, "utf8")).toContain('<p class="summary">1 identical, 0 different;');
    const doc = JSON.parse(r.stdout) as { identical: number; different: number; responses: { stem: string; status: { ours: number } }[] };
    expect([doc.identical, doc.different]).toEqual([1, 0]);
    expect(doc.responses.map((s) => [s.stem, s.status.ours])).toEqual([["01_articles_index", 200]]);
    expect(run(["conformance", join(import.meta.dirname, "../fixtures/blog"), "--only", "("])).toEqual({
      status: 1,
      stdout: "",
      stderr: "rails2ts: --only (: not a regular expression\n",
    });
  }, 120_000);
});
