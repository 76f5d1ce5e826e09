// What a real-app lane checks, per recorded entry (the Campfire lane and the app2 lane share it): per HTTP step the
// status and body byte for byte (CSRF token values forgiven, src/conformance/forgiven.ts), then the headers, then the
// SQL statement count (never above Rails'), then the fragment cache activity (equal to what Rails logged); per Action
// Cable entry the frames, byte for byte. An entry listed as a known difference runs as an expected failure, so one
// that starts matching fails until it is taken off its lane's list.
import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { cacheDiff, cacheSummary, diffBodies, normalizeForgiven } from "../../src/conformance/index.js";
import { bodyDigest, replayCampfire, type CampfireEnv, type CampfireScenario, type Recorded } from "./campfire-lane.js";

// Values that differ on every request whoever serves: per-request ids and timings, the session cookie's encryption,
// the clock of the response; in development, the ETag of a body whose CSRF tokens differ per request.
export function comparableHeaders(headers: [string, string][], env: CampfireEnv): string[] {
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
export function firstDifference(a: Buffer, b: Buffer): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (x: Buffer): string => JSON.stringify(x.subarray(Math.max(0, i - 20), i + 60).toString("utf8"));
  return `@${i}: rails ${show(a)} ours ${show(b)}`;
}

/** The emitted server (as src/emit/boot.ts starts it), its stderr kept so each step's exceptions can be named. */
export async function bootOurs(out: string, env: Record<string, string>): Promise<{ baseUrl: string; takeStderr(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(out, "dist/server.js")], { env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1" }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`the emitted app exited with ${code}: ${stderr.slice(-2000)}`)));
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

/**
 * Serves the emitted app OUT in ENV (a copy of the database DB, or a new one it creates when null), replays the
 * scenario, and answers each step's entry and the first line our server printed on stderr during it (an exception's:
 * the cause of a 500).
 */
export async function replayOurs(
  out: string, scenario: CampfireScenario, env: CampfireEnv, options: { db: string | null; secret: string },
): Promise<{ ours: Map<string, Recorded>; errors: Map<string, string> }> {
  const scratch = mkdtempSync(join(tmpdir(), `rails2ts-lane-${env}-`));
  const db = join(scratch, "app.sqlite3");
  if (options.db) copyFileSync(options.db, db);
  const sqlLog = join(scratch, "sql.log");
  const cacheLog = join(scratch, "cache.log");
  writeFileSync(sqlLog, "");
  writeFileSync(cacheLog, "");
  const errors = new Map<string, string>();
  const server = await bootOurs(out, { RAILS_ENV: env, SECRET_KEY_BASE: options.secret, RAILS2TS_FROZEN_TIME: scenario.frozenTime, RAILS2TS_SQL_LOG: sqlLog, RAILS2TS_CACHE_LOG: cacheLog, DATABASE_PATH: db });
  try {
    const replayed = await replayCampfire(scenario, env, server.baseUrl, { sql: sqlLog, cache: cacheLog }, (step) => {
      const first = server.takeStderr().split("\n").find((l) => /\S/.test(l) && !/^\s+at /.test(l));
      if (first) errors.set(step.name, first.slice(0, 160));
    });
    return { ours: new Map(replayed.map((r) => [r.name, r])), errors };
  } finally {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

export interface LaneEntries {
  /** The recorded entries of one scenario in one environment, and the stem each is checked under. */
  rails: Recorded[];
  stemOf(index: number, expected: Recorded): string;
  env: CampfireEnv;
  /** Known differences by `<stem>:<part>`, with their cause. */
  known: Map<string, string>;
  /** Our replay (filled by the caller's beforeAll) and the first stderr line of each step. */
  ours(): Map<string, Recorded>;
  errors(): Map<string, string>;
  /** Every mismatch is appended here, for the lane's summary. */
  summary: string[];
}

/** One `it` per entry and part. */
export function checkEntries({ rails, stemOf, env, known, ours, errors, summary }: LaneEntries): void {
  rails.forEach((expected, i) => {
    const stem = stemOf(i, expected);
    const parts = expected.method === "WS" ? (["frames"] as const) : (["body", "headers", "sql", "cache"] as const);
    for (const part of parts) {
      const key = `${stem}:${part}`;
      const cause = known.get(key);
      const check = (): void => {
        const actual = ours().get(expected.name);
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
          const error = errors().get(expected.name);
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
}
