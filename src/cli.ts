#!/usr/bin/env node
// rails2ts: compile | serve | conformance | test | record | inspect. Errors print as diagnostics, never stack traces.
import { Command, CommanderError } from "commander";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { compile } from "./compile.js";
import { CompileError, formatDiagnostic, formatDiagnosticLine, isDecline, type Diagnostic } from "./diagnostics/index.js";
import { appDirProblem } from "./parse/app.js";
import { bootEmitted } from "./emit/boot.js";
import { loadFixturesInto } from "./emit/load-fixtures.js";
import { buildLedger, formatLedger } from "./diagnostics/ledger.js";
import { outDirProblem, PACKAGE_ROOT } from "./emit/project.js";

const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;

const program = new Command();
program.name("rails2ts").description("Compile a Rails application to a plain TypeScript application on Node.")
  .version(`rails2ts ${version} (node ${process.version})`, "-V, --version", "print rails2ts's version and Node's")
  // A usage error (unknown command or option, missing argument) prints the help on stderr and exits 2, as
  // POSIX utilities do; --help and --version exit 0; a failure of the work itself exits 1 (below).
  .showHelpAfterError()
  .exitOverride()
  .option("--gem-path <dirs>", "where the app's gems are installed (colon-separated; searched before GEM_PATH, GEM_HOME and the system's)");

/** The gem directories `--gem-path` names (any command). */
function gemPaths(): string[] {
  const value = program.opts<{ gemPath?: string }>().gemPath;
  return value ? value.split(":").filter(Boolean).map((p) => resolve(p)) : [];
}

/** The app directory an argument names, resolved; a clear diagnostic (exit 1) when it is not a Rails app's. */
function appRoot(app: string): string {
  const root = resolve(app);
  const problem = appDirProblem(root);
  if (problem) throw new CompileError([problem]);
  return root;
}

/** The --out directory, resolved; a clear diagnostic (exit 1) when compiling would replace what rails2ts did not write. */
function outDir(out: string, force = false): string {
  const dir = resolve(out);
  const problem = force ? null : outDirProblem(dir);
  if (problem) throw new CompileError([problem]);
  return dir;
}

/** Counts per code, on one line (every command); `lines` adds one line per diagnostic before it, `--report` a frame. */
function report(diagnostics: Diagnostic[], detail: "counts" | "lines" | "frames"): void {
  for (const d of detail === "counts" ? [] : diagnostics) {
    if (detail === "lines") console.error(formatDiagnosticLine(d));
    else console.error(d.stack ? `${formatDiagnostic(d)}\n${d.stack}` : formatDiagnostic(d));
  }
  const counts = new Map<string, number>();
  for (const d of diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
  if (counts.size) console.error(`diagnostics: ${[...counts].map(([c, n]) => `${c} ${n}`).join(", ")}`);
}

/**
 * compile's exit status: 1 when the compiler crashed anywhere (internal_error), or under --strict when any
 * construct was declined (diagnostics/index.ts isDecline); the output is written either way.
 */
function compileExitCode(diagnostics: Diagnostic[], strict: boolean): number {
  const crashes = diagnostics.filter((d) => d.code === "internal_error").length;
  const declined = diagnostics.filter(isDecline).length;
  if (crashes) console.error(`the compiler crashed on ${crashes} construct${crashes === 1 ? "" : "s"} (internal_error)`);
  if (strict && declined) console.error(`--strict: ${declined} declined construct${declined === 1 ? "" : "s"}`);
  return crashes || (strict && declined) ? 1 : 0;
}

program
  .command("compile <app>")
  .description("emit the app as a TypeScript Node project into --out, one line per diagnostic")
  .option("--out <dir>", "output directory", "out")
  .option("--report", "print every diagnostic with its code frame, then the ledger (counts per code, per file)")
  .option("--ledger <file>", "write the ledger as JSON")
  .option("--link", "link node_modules/rails2ts to this compiler, to run the output in place without `npm ci`")
  .option("--strict", "exit 1 when any construct was declined (the output is still written)")
  .option("--force", "write into --out even when it is a directory rails2ts did not write (its src/ and dist/ are replaced)")
  .option("--tests", "also lower the app's Minitest suite (test/**/*_test.rb) into test/ of the output; its `npm test` runs it")
  .action(async (app: string, opts: { out: string; report?: boolean; ledger?: string; link?: boolean; strict?: boolean; force?: boolean; tests?: boolean }) => {
    const root = appRoot(app);
    const result = await compile(root, { out: outDir(opts.out, opts.force), gemPaths: gemPaths(), link: Boolean(opts.link), tests: Boolean(opts.tests) });
    report(result.diagnostics, opts.report ? "frames" : "lines");
    const ledger = buildLedger(result.diagnostics, root);
    if (opts.report) console.error(`\n${formatLedger(ledger)}`);
    if (opts.ledger) writeFileSync(opts.ledger, JSON.stringify(ledger, null, 2) + "\n");
    console.log(`compiled ${result.files.length} modules into ${opts.out}`);
    process.exitCode = compileExitCode(result.diagnostics, Boolean(opts.strict));
  });

/**
 * Where `bin/rails server -e production` keeps the app's SQLite database: config/database.yml's production
 * `database:` (relative to the app), or Rails 7.2's default storage/production.sqlite3 when the file names none
 * or names it through ERB (which only Rails evaluates).
 */
function productionDatabase(root: string): string {
  const fallback = join(root, "storage/production.sqlite3");
  const file = join(root, "config/database.yml");
  if (!existsSync(file)) return fallback;
  try {
    const config = parseYaml(readFileSync(file, "utf8"), { merge: true }) as { production?: { database?: unknown } } | null;
    const database = config?.production?.database;
    return typeof database === "string" && !database.includes("<%") ? resolve(root, database) : fallback;
  } catch {
    return fallback;
  }
}

/** The temporary project `serve` compiled into (no --out) goes when the process ends, as a Ctrl-C ends it. */
function removeOnExit(dir: string): void {
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}

/** Unless the served app handles them itself (workers' graceful stop), SIGINT and SIGTERM end through process.exit so the exit hook runs. */
function exitOnSignals(): void {
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(code));
  }
}

program
  .command("serve <app>")
  .description("compile the app and serve it, as bin/rails server does in production")
  .option("--port <port>", "port", "3000")
  .option("--host <host>", "host", "127.0.0.1")
  .option("--out <dir>", "output directory (default: a temporary one)")
  .option("--db <file>", "SQLite database file (default: the production database config/database.yml names, storage/production.sqlite3 in a new app; kept across restarts)")
  .option("--fresh", "start from a new database: remove the file first (the schema and the seeds are loaded into it)")
  .option("--force", "write into --out even when it is a directory rails2ts did not write")
  .action(async (app: string, opts: { port: string; host: string; out?: string; db?: string; fresh?: boolean; force?: boolean }) => {
    const root = appRoot(app);
    const port = Number(opts.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${opts.port}: not a port (0 to 65535)`);
    const out = opts.out ? outDir(opts.out, opts.force) : mkdtempSync(join(tmpdir(), "rails2ts-"));
    if (!opts.out) removeOnExit(out);
    const db = resolve(opts.db ?? productionDatabase(root));
    if (opts.fresh) for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(db + suffix, { force: true });
    mkdirSync(dirname(db), { recursive: true });
    const result = await compile(root, { out, gemPaths: gemPaths() });
    report(result.diagnostics, "counts");
    const server = await bootEmitted(out, { port, host: opts.host, dbPath: db, inProcess: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") throw new Error(`${opts.host}:${port} is in use (another server listens there): choose another --port`);
      if (error.code === "EACCES") throw new Error(`${opts.host}:${port}: permission denied (ports below 1024 need root): choose another --port`);
      throw error;
    });
    if (!opts.out) exitOnSignals();
    console.log(`serving ${app} at http://${opts.host === "127.0.0.1" ? "localhost" : opts.host}:${server.port} (emitted into ${out})`);
  });

program
  .command("build <app>")
  .description("build the app as one executable (--binary): the emitted app, the runtime and Node in one file")
  .option("--binary", "a single executable application (Node's SEA): public/, the schema, seeds and SQLite inside")
  .option("-o, --output <file>", "the executable to write (default: the app directory's name)")
  .action(async (app: string, opts: { binary?: boolean; output?: string }) => {
    if (!opts.binary) throw new Error("build makes an executable: pass --binary (or use `compile` for a Node project)");
    const { buildBinary } = await import("./build/binary.js");
    const started = Date.now();
    const output = resolve(opts.output ?? basename(resolve(app)));
    const result = await buildBinary(appRoot(app), output, { gemPaths: gemPaths() });
    console.log(`built ${relative(process.cwd(), result.output) || result.output} (${(result.bytes / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

program
  .command("fixtures <app>")
  .description("load the app's test/fixtures/**/*.yml into a SQLite database, as bin/rails db:fixtures:load does")
  .requiredOption("--db <file>", "SQLite database file (a new one gets the schema first)")
  .option("--out <dir>", "output directory (default: a temporary one)")
  // As the rake task reads ENV["FIXTURES_PATH"]: an app whose fixtures are elsewhere (spec/fixtures) is loaded so.
  .option("--fixtures-path <dir>", "the fixtures' directory relative to the app", process.env.FIXTURES_PATH)
  .action(async (app: string, opts: { db: string; out?: string; fixturesPath?: string }) => {
    const root = appRoot(app);
    // The emitted app is only the loader here: a temporary one is removed once the fixtures are in.
    const temporary = opts.out ? null : mkdtempSync(join(tmpdir(), "rails2ts-fixtures-"));
    const out = opts.out ? outDir(opts.out) : temporary!;
    try {
      const result = await compile(root, { out, gemPaths: gemPaths(), fixturesPath: opts.fixturesPath });
      report(result.diagnostics, "counts");
      await loadFixturesInto(out, resolve(opts.db));
    } finally {
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    }
    console.log(`loaded ${app}/${opts.fixturesPath ?? "test/fixtures"} into ${opts.db}`);
  });

program
  .command("inspect <app> [file]")
  .description("show a Ruby or ERB file beside the TypeScript it became, each site annotated; --cache lists every fragment cache site; --html writes the whole app as a site")
  .option("--cache", "list every cache site: claimed or declined, and why")
  .option("--types", "the types proved of CurrentAttributes, then every call left to run-time dispatch, per file, with why, and a count")
  .option("--side-by-side", "two columns (the default on a terminal at least 100 characters wide)")
  .option("--interleaved", "each source line, then the TypeScript lines that came from it (the default otherwise)")
  .option("--width <n>", "the width two columns fill (default: the terminal's, or 160)")
  .option("--ts", "print the TypeScript alone, then the diagnostics with their code frames")
  .option("--html <dir>", "write a static site: the file tree, each file beside its TypeScript, diagnostics, cache sites, routes, models")
  .action(async (app: string, file: string | undefined, opts: { cache?: boolean; types?: boolean; sideBySide?: boolean; interleaved?: boolean; width?: string; ts?: boolean; html?: string }) => {
    const root = appRoot(app);
    const result = await compile(root, { gemPaths: gemPaths() });
    const { describeCacheSite, describeTypes, defaultLayout, inspectFile, writeInspectSite } = await import("./inspect/index.js");
    if (opts.html) {
      const pages = writeInspectSite(resolve(opts.html), root, result);
      console.log(`wrote ${pages} pages into ${opts.html} (open ${join(opts.html, "index.html")})`);
    }
    if (opts.cache) {
      for (const s of result.cacheSites) console.log(`${relative(resolve(app), s.span.file)}:${s.span.line}:${s.span.column} ${describeCacheSite(s)}`);
    }
    if (opts.types) process.stdout.write(describeTypes(root, result));
    if (!file) {
      if (opts.cache || opts.html || opts.types) return;
      throw new Error("name a file to inspect, or pass --cache, --types or --html <dir>");
    }
    const width = opts.width === undefined ? process.stdout.columns : Number(opts.width);
    if (width !== undefined && !(Number.isInteger(width) && width > 0)) throw new Error(`--width ${opts.width}: not a positive whole number`);
    const layout = opts.ts ? "ts" : opts.sideBySide ? "side-by-side" : opts.interleaved ? "interleaved" : defaultLayout(process.stdout);
    process.stdout.write(inspectFile(root, file, result, { layout, width }));
  });

program
  .command("conformance <app>")
  .description("replay the recorded scenarios against the emitted app and diff every response against reference/")
  .option("--binary", "against the app built as one executable (build --binary), run with no other environment")
  .option("--json", "print the report as one JSON document (every response: status, SQL and cache beside Rails', differences)")
  .option("--only <pattern>", "replay up to the last response whose name (e.g. 03_articles_index) matches this regular expression; compare only those")
  .option("--html <file>", "also write the report as one HTML page: every response, side-by-side diffs with the changed bytes marked")
  .action(async (app: string, opts: { binary?: boolean; json?: boolean; only?: string; html?: string }) => {
    const { conformanceCommand } = await import("./conformance/command.js");
    let only: RegExp | undefined;
    try {
      only = opts.only === undefined ? undefined : new RegExp(opts.only);
    } catch {
      throw new Error(`--only ${opts.only}: not a regular expression`);
    }
    process.exitCode = await conformanceCommand(appRoot(app), { binary: Boolean(opts.binary), json: Boolean(opts.json), only, html: opts.html && resolve(opts.html) });
  });

program
  .command("test <app> [files...]")
  .description("lower the app's own Minitest suite (test/**/*_test.rb) to vitest and run it on the emitted app: per-file results, then `N passed, M failed, K skipped`")
  .option("--out <dir>", "output directory (default: a temporary one)")
  .option("--record", "instead, run the suite under real Rails in the reference chroot and write reference/tests.json")
  .option("--json", "print the results as one JSON array (file, class, name, result, message) instead")
  .action(async (app: string, files: string[], opts: { out?: string; record?: boolean; json?: boolean }) => {
    const root = appRoot(app);
    if (opts.record) {
      const { recordTests, REFERENCE_TESTS } = await import("./testing/record.js");
      const results = await recordTests(root);
      console.log(`recorded ${results.length} tests into ${join(app, REFERENCE_TESTS)}`);
      return;
    }
    const { formatTestRun, runTests } = await import("./testing/run.js");
    const run = await runTests(root, { files, out: opts.out && outDir(opts.out), gemPaths: gemPaths() });
    report(run.diagnostics, "lines");
    console.log(opts.json ? JSON.stringify(run.results, null, 2) : formatTestRun(run.results));
    // No test at all is a failure too: a suite that lowered to nothing has not shown anything to pass.
    process.exitCode = run.results.some((r) => r.result === "fail") || run.results.length === 0 ? 1 : 0;
  });

program
  .command("record <app>")
  .description("record reference/ from real Rails in the reference chroot")
  .action(async (app: string) => {
    const { record } = await import("./conformance/record.js");
    await record(appRoot(app));
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  // Commander has printed its message (and the help) already; --help and --version are exit code 0.
  if (err instanceof CommanderError) process.exit(err.exitCode === 0 ? 0 : 2);
  if (err instanceof CompileError) console.error(err.message);
  else console.error(`rails2ts: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
