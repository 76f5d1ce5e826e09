// Runs seeded fuzz inputs through the compiler: sources gathered from the fixture apps (and Campfire when a
// checkout is given), each input one source file mutated (mutate.ts) inside a copy of its own app's skeleton
// (config, schema, models, so lowering reaches as far as in the real app), compiled in a child process with a
// watchdog. A verdict per input: ok, escaped (an exception left the compiler), internal_error (the compiler
// crashed on a construct and said so), bad_location (a diagnostic without file:line:col), abort (the process died:
// a native crash), or hang (over 10 s of the compile process's CPU time on one input, read from /proc, so that a
// loaded machine does not turn a slow compile into a hang; a compile that takes six times that in wall time without
// spending it, e.g. blocked, is a hang too).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fork, type ChildProcess } from "node:child_process";
import { mutate, prng, type Kind } from "./mutate.js";

export interface Source {
  app: string;
  rel: string;
  kind: Kind;
  bytes: Buffer;
}

export interface Verdict {
  input: number;
  app: string;
  rel: string;
  ops: string[];
  verdict: "ok" | "escaped" | "internal_error" | "bad_location" | "abort" | "hang";
  detail?: string;
  /** Wall time. */
  ms: number;
  /** The compile process's CPU time (user + system) on this input, when /proc tells it. */
  cpuMs?: number;
}

const SKELETON = ["config/application.rb", "config/routes.rb", "config/initializers/inflections.rb", "db/schema.rb", "db/structure.sql", "app/models", "Gemfile", "Gemfile.lock"];

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every .rb, .erb and test fixture .yml the app has, less vendored and generated trees. */
export function gatherSources(appDir: string): Source[] {
  const app = appDir.replace(/\/$/, "");
  const files = ["app", "config", "db", "lib", "test/fixtures"].flatMap((d) => walk(join(app, d)));
  return files
    .map((path) => ({ path, rel: relative(app, path) }))
    .filter(({ rel }) => /\.(rb|erb|yml)$/.test(rel) && !rel.startsWith("test/fixtures/files/") && !/(^|\/)(vendor|node_modules|tmp)\//.test(rel))
    .filter(({ rel }) => !rel.startsWith("test/") || rel.startsWith("test/fixtures/"))
    .map(({ path, rel }) => ({ app, rel, kind: (rel.endsWith(".erb") ? "erb" : rel.endsWith(".yml") ? "yml" : "rb") as Kind, bytes: readFileSync(path) }));
}

/** One skeleton copy per app and lane, reused by every input from it (the worker restores the file after each). */
function prepare(apps: string[], root: string): Map<string, string> {
  const dirs = new Map<string, string>();
  apps.forEach((app, i) => {
    const dir = join(root, `app${i}`);
    for (const part of SKELETON) if (existsSync(join(app, part))) cpSync(join(app, part), join(dir, part), { recursive: true });
    dirs.set(app, dir);
  });
  return dirs;
}

export interface FuzzOptions {
  count: number;
  seed: number;
  /** Compile processes side by side (default 1); inputs are drawn in one sequence, so input N is the same input. */
  workers?: number;
  hangMs?: number;
  /** Replay only these inputs of the sequence (the others are still drawn). */
  only?: (input: number) => boolean;
  /** A directory to write each failing input's bytes into, as <input>-<file name>. */
  keepFailures?: string;
}

type Drawn = { input: number; source: Source; bytes: Buffer; ops: string[] };

export async function fuzz(sources: Source[], opts: FuzzOptions): Promise<Verdict[]> {
  const hangMs = opts.hangMs ?? Number(process.env.RAILS2TS_FUZZ_HANG_MS ?? 10_000);
  const root = mkdtempSync(join(tmpdir(), "rails2ts-fuzz-"));
  const apps = [...new Set(sources.map((s) => s.app))];
  const rand = prng(opts.seed);
  let drawn = 0;
  const next = (): Drawn | null => {
    while (drawn < opts.count) {
      const input = drawn++;
      const source = sources[Math.floor(rand() * sources.length)]!;
      const { bytes, ops } = mutate(source.bytes, source.kind, rand);
      if (!opts.only || opts.only(input)) return { input, source, bytes, ops };
    }
    return null;
  };
  const verdicts: Verdict[] = [];
  const workers: ChildProcess[] = [];
  const lane = async (k: number) => {
    const dirs = prepare(apps, join(root, `lane${k}`));
    let worker = await startWorker();
    workers[k] = worker;
    for (let item = next(); item; item = next()) {
      const { input, source, bytes, ops } = item;
      const dir = dirs.get(source.app)!;
      const original = existsSync(join(dir, source.rel)) ? readFileSync(join(dir, source.rel)) : null;
      const started = performance.now();
      const cpuBefore = cpuMsOf(worker.pid);
      const answer = await ask(worker, { id: input, dir, rel: source.rel, bytes, original }, hangMs);
      const cpuAfter = cpuMsOf(worker.pid);
      const cpuMs = cpuBefore === null || cpuAfter === null ? undefined : cpuAfter - cpuBefore;
      const base = { input, app: source.app, rel: source.rel, ops, ms: Math.round(performance.now() - started), ...(cpuMs === undefined ? {} : { cpuMs }) };
      let verdict: Verdict;
      if (answer === "hang" || answer === "abort") {
        worker.kill("SIGKILL");
        // The process died mid-compile: put the file back as it would have.
        if (original) writeFileSync(join(dir, source.rel), original);
        else rmSync(join(dir, source.rel), { force: true });
        worker = workers[k] = await startWorker();
        verdict = { ...base, verdict: answer };
      } else verdict = { ...base, ...judge(answer) };
      if (verdict.verdict !== "ok" && opts.keepFailures) {
        mkdirSync(opts.keepFailures, { recursive: true });
        writeFileSync(join(opts.keepFailures, `${input}-${source.rel.split("/").pop()}`), bytes);
      }
      verdicts.push(verdict);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.workers ?? 1) }, (_, k) => lane(k)));
  } finally {
    for (const w of workers) w?.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  }
  return verdicts.sort((a, b) => a.input - b.input);
}

type Slim = { code: string; severity: string; message: string; file: string; line: number; column: number };
type Answer = { outcome: "compiled" | "refused" | "escaped"; diagnostics: Slim[]; error?: string };

function judge(answer: Answer): Pick<Verdict, "verdict" | "detail"> {
  if (answer.outcome === "escaped") return { verdict: "escaped", detail: answer.error };
  const crash = answer.diagnostics.find((d) => d.code === "internal_error");
  if (crash) return { verdict: "internal_error", detail: `${crash.file}:${crash.line}:${crash.column}: ${crash.message}` };
  // Every diagnostic names its file; one about a file's text (not a whole directory) names a line and column.
  const unplaced = answer.diagnostics.find((d) => !d.file || (d.severity === "error" && d.code !== "schema_missing" && !(d.line >= 1 && d.column >= 1)));
  if (unplaced) return { verdict: "bad_location", detail: `${unplaced.code} at ${unplaced.file}:${unplaced.line}:${unplaced.column}: ${unplaced.message}` };
  return { verdict: "ok" };
}

function startWorker(): Promise<ChildProcess> {
  const worker = fork(new URL("./worker.mjs", import.meta.url), [], { serialization: "advanced", stdio: ["ignore", "ignore", "pipe", "ipc"] });
  return new Promise((resolve, reject) => {
    worker.once("message", () => resolve(worker));
    worker.once("exit", (code) => reject(new Error(`fuzz worker exited with ${code} before it was ready`)));
  });
}

/** USER_HZ: the unit of /proc/<pid>/stat's utime and stime (100 on every Linux Node runs on). */
const USER_HZ = 100;

/** A process's CPU time so far in ms (user + system), or null where /proc cannot tell. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces), from its closing parenthesis: state is field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

function ask(worker: ChildProcess, message: object, hangMs: number): Promise<Answer | "hang" | "abort"> {
  return new Promise((resolve) => {
    const started = performance.now();
    const cpuStart = cpuMsOf(worker.pid);
    const done = () => {
      clearInterval(timer);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
    };
    const onMessage = (answer: Answer) => (done(), resolve(answer));
    const onExit = () => (done(), resolve("abort"));
    // Over hangMs of CPU on this input, or (where /proc cannot tell, or the process spends nothing) of wall time
    // past six times that: a hang.
    const timer = setInterval(() => {
      const wall = performance.now() - started;
      const cpu = cpuStart === null ? null : cpuMsOf(worker.pid);
      const spent = cpu === null || cpuStart === null ? wall : cpu - cpuStart;
      if (spent > hangMs || wall > hangMs * 6) (done(), resolve("hang"));
    }, 100);
    worker.on("message", onMessage);
    worker.on("exit", onExit);
    worker.send(message);
  });
}
