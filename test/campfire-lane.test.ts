// The Campfire lane: every step of test/campfire/scenario.json replayed on the compiled ONCE Campfire, in the test
// and the development environment, and compared with what real Rails 7.2.4 answered (test/campfire/reference,
// recorded by campfire-record.test.ts). Per HTTP step: status and body byte for byte (development: CSRF token
// values forgiven, src/conformance/forgiven.ts), then the headers, then the SQL statement count (never above Rails'),
// then the fragment cache activity (equal to what Rails logged); per Action Cable entry: the frames, byte for byte.
// Steps that differ today are listed in KNOWN below with their cause and run as expected failures, so one that
// starts matching fails until it is taken off the list.
// Opt-in as campfire-pages.test.ts: RAILS2TS_CAMPFIRE (a df76a22 checkout), RAILS2TS_CAMPFIRE_GEMS (gem dir).
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheDiff, cacheSummary, diffBodies, normalizeForgiven } from "../src/conformance/index.js";
import { spawn } from "node:child_process";
import { prepareCampfire } from "./support/campfire-scenario.js";
import { bodyDigest, loadCampfireScenario, readRecording, recordingDir, REFERENCE_DIR, replayCampfire, SCENARIOS, type CampfireEnv, type Recorded } from "./support/campfire-lane.js";
import { KNOWN } from "./campfire/known-differences.js";

const checkout = process.env.RAILS2TS_CAMPFIRE;
const gems = process.env.RAILS2TS_CAMPFIRE_GEMS;
const SECRET = createHash("sha512").update("campref").digest("hex").slice(0, 128);

if (!checkout || !gems) console.log("campfire lane: skipped (set RAILS2TS_CAMPFIRE and RAILS2TS_CAMPFIRE_GEMS)");

const known = new Map<string, string>();
for (const { cause, steps } of KNOWN) for (const step of steps) known.set(step, cause);

// Values that differ on every request whoever serves: per-request ids and timings, the session cookie's encryption,
// the clock of the response; in development, the ETag of a body whose CSRF tokens differ per request.
function comparableHeaders(headers: [string, string][], env: CampfireEnv): string[] {
  return headers
    .filter(([k]) => !/^(x-request-id|x-runtime|date|connection|keep-alive|transfer-encoding)$/i.test(k))
    .map(([k, v]) => {
      const name = k.toLowerCase();
      if (name === "set-cookie") return `${name}: ${v.replace(/^([^=]+=)[^;]*/, "$1…")}`;
      if (name === "server-timing" || (env === "development" && name === "etag")) return `${name}: …`;
      return `${name}: ${v}`;
    })
    .sort();
}

/** `@offset: rails «…» ours «…»`: where two byte strings part, with a little context. */
function firstDifference(a: Buffer, b: Buffer): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (x: Buffer): string => JSON.stringify(x.subarray(Math.max(0, i - 20), i + 60).toString("utf8"));
  return `@${i}: rails ${show(a)} ours ${show(b)}`;
}

const summary: string[] = [];

/** The emitted server (as src/emit/boot.ts starts it), its stderr kept so each step's exceptions can be named. */
async function bootOurs(out: string, env: Record<string, string>): Promise<{ baseUrl: string; takeStderr(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(out, "dist/server.js")], { env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`emitted Campfire exited with ${code}: ${stderr.slice(-2000)}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    takeStderr: () => {
      const taken = stderr;
      stderr = "";
      return taken;
    },
    stop: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once("exit", () => done()), child.kill("SIGTERM")))),
  };
}

describe.skipIf(!checkout || !gems || !existsSync(REFERENCE_DIR))("ONCE Campfire, every recorded step, as Rails answered it", () => {
  let prepared: { out: string; db: string };
  beforeAll(() => {
    prepared = prepareCampfire(checkout!, gems);
  }, 300_000);
  afterAll(() => {
    if (prepared) rmSync(dirname(prepared.out), { recursive: true, force: true });
    if (summary.length) console.log(`campfire lane differences (${summary.length}):\n${summary.join("\n")}`);
  });

  for (const name of SCENARIOS) for (const env of ["test", "development"] as CampfireEnv[]) {
    describe(`${name} ${env}`, () => {
      const scenario = loadCampfireScenario(name);
      const rails = readRecording(name, env);
      let ours = new Map<string, Recorded>();
      const errors = new Map<string, string>();
      beforeAll(async () => {
        const scratch = mkdtempSync(join(tmpdir(), `rails2ts-campfire-lane-${env}-`));
        const db = join(scratch, "campfire.sqlite3");
        // first-run.json starts from an empty database: the emitted app creates the schema in a new file itself.
        if (name === "scenario") copyFileSync(prepared.db, db);
        const sqlLog = join(scratch, "sql.log");
        const cacheLog = join(scratch, "cache.log");
        writeFileSync(sqlLog, "");
        writeFileSync(cacheLog, "");
        const server = await bootOurs(prepared.out, { RAILS_ENV: env, SECRET_KEY_BASE: SECRET, RAILS2TS_FROZEN_TIME: scenario.frozenTime, RAILS2TS_SQL_LOG: sqlLog, RAILS2TS_CACHE_LOG: cacheLog, DATABASE_PATH: db });
        try {
          // What our server printed on stderr during each step (an exception's first line): the cause of a 500.
          const replayed = await replayCampfire(scenario, env, server.baseUrl, { sql: sqlLog, cache: cacheLog }, (step) => {
            const first = server.takeStderr().split("\n").find((l) => /\S/.test(l) && !/^\s+at /.test(l));
            if (first) errors.set(step.name, first.slice(0, 160));
          });
          ours = new Map(replayed.map((r) => [r.name, r]));
        } finally {
          await server.stop();
          rmSync(scratch, { recursive: true, force: true });
        }
      }, 600_000);

      rails.forEach((expected, i) => {
        const stem = `${relative(REFERENCE_DIR, recordingDir(name, env))}/${String(i + 1).padStart(3, "0")}_${expected.name}`;
        const parts = expected.method === "WS" ? (["frames"] as const) : (["body", "headers", "sql", "cache"] as const);
        for (const part of parts) {
          const key = `${stem}:${part}`;
          const cause = known.get(key);
          const check = (): void => {
            const actual = ours.get(expected.name);
            if (!actual) expect.fail(`${key}: our replay has no such entry`);
            const mismatch = (what: string, detail = ""): void => {
              summary.push(`${key}  ${what}${cause ? `  [known: ${cause}]` : ""}`);
              expect.fail(`${key}: ${what}${detail}`);
            };
            if (part === "headers") {
              const a = comparableHeaders(expected.headers, env);
              const b = comparableHeaders(actual.headers, env);
              const missing = a.filter((l) => !b.includes(l));
              const extra = b.filter((l) => !a.includes(l));
              if (missing.length || extra.length) mismatch(`headers: rails only ${JSON.stringify(missing)}, ours only ${JSON.stringify(extra)}`);
              return;
            }
            if (part === "sql") {
              if (expected.sqlCount === null || actual.sqlCount === null) mismatch(`SQL count rails ${expected.sqlCount}, ours ${actual.sqlCount}: a server wrote no line`);
              else if (actual.sqlCount > expected.sqlCount) mismatch(`SQL ours ${actual.sqlCount}, above Rails' ${expected.sqlCount}`);
              return;
            }
            if (part === "cache") {
              const diff = cacheDiff(expected.cacheHits, actual.cacheHits);
              if (diff.length) mismatch(`cache ours ${cacheSummary(actual.cacheHits)}, Rails ${cacheSummary(expected.cacheHits)}`, `\n${diff.join("\n")}`);
              return;
            }
            if (actual.status !== expected.status) {
              const error = errors.get(expected.name);
              mismatch(`status rails ${expected.status}, ours ${actual.status}${error ? ` (${error})` : ""}; ${firstDifference(expected.body, actual.body)}`);
            }
            if (expected.bodySha256 !== undefined) {
              const digest = bodyDigest(actual.body);
              if (digest !== expected.bodySha256) mismatch(`body sha256 rails ${expected.bodySha256}, ours ${digest} (${actual.body.length} bytes)`);
              return;
            }
            const a = normalizeForgiven(expected.body);
            const b = normalizeForgiven(actual.body);
            if (!a.equals(b)) mismatch(firstDifference(a, b), `\n${diffBodies(a, b, stem).slice(0, 3000)}`);
          };
          if (cause) it.fails(`${key} (known difference: ${cause})`, check);
          else it(key, check);
        }
      });
    });
  }
});
