// The Node lanes: (c) the emitted app, one process, booted by the compiler's own bootEmitted on its own copy
// of the database Rails seeded; (c') the same with WEB_CONCURRENCY=N workers (node:cluster, one per core); (d)
// the ceiling, node:http answering the same page bytes from memory.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bootEmitted } from "../../dist/src/emit/boot.js";
import { SECRET_KEY_BASE } from "../../dist/src/conformance/secret.js";
import { childPids, lanePids } from "./procs.js";

const PROBE = pathToFileURL(fileURLToPath(new URL("./node-probe.js", import.meta.url))).href;
const CEILING = fileURLToPath(new URL("./ceiling-server.js", import.meta.url));

/**
 * @param {string} outDir an emitted project (`rails2ts compile --out`)
 * @param {{ name: string, seeded: string, scratch: string, sqlLog?: string, cacheLog?: string, sqlReplay?: string, workers?: number,
 *   env?: Record<string, string>, prepareDb?: (dbFile: string) => void }} o prepareDb: run on the lane's copy before boot (the sockets data);
 *   env: the app's own variables (Campfire's DISABLE_SSL), the same the Rails lanes get;
 *   workers: WEB_CONCURRENCY (the primary seeds nothing here: the copy is already seeded, as for every lane)
 */
export async function startEmitted(outDir, o) {
  const dbFile = join(o.scratch, `${o.name}.sqlite3`);
  copyFileSync(o.seeded, dbFile);
  o.prepareDb?.(dbFile);
  const probeFile = join(o.scratch, `${o.name}.probe.json`);
  const env = { ...o.env, NODE_OPTIONS: `--import=${PROBE}`, RAILS2TS_BENCH_PROBE: probeFile, SECRET_KEY_BASE };
  if (o.sqlLog) env.RAILS2TS_SQL_LOG = o.sqlLog;
  if (o.cacheLog) env.RAILS2TS_CACHE_LOG = o.cacheLog;
  if (o.sqlReplay) env.RAILS2TS_SQL_REPLAY = o.sqlReplay;
  const workers = o.workers ?? 1;
  if (workers > 1) env.WEB_CONCURRENCY = String(workers);
  const booted = await bootEmitted(outDir, { port: 0, dbPath: dbFile, env });
  const baseUrl = booted.baseUrl;
  const probe = () => probeEmitted(booted.port, probeFile, workers);
  return { name: o.name, kind: "node", workers, port: booted.port, baseUrl, dbFile, stop: () => booted.stop(), probe };
}

/**
 * SIGUSR2 to each process that serves: the one holding the port, or under workers each worker (SIGUSR2 to the
 * primary is the phased restart); node-probe.js answers in the probe file, one process at a time.
 */
async function probeEmitted(port, probeFile, workers) {
  const pids = workers > 1 ? childPids(port) : lanePids(port).slice(0, 1);
  if (pids.length === 0) throw new Error(`no process serves ${port}`);
  const answers = [];
  for (const pid of pids) {
    rmSync(probeFile, { force: true });
    process.kill(pid, "SIGUSR2");
    for (let i = 0; i < 100 && !existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50)); // the write is one writeFileSync; let it finish
    answers.push(JSON.parse(readFileSync(probeFile, "utf8")));
  }
  return answers;
}

/**
 * @param {Record<string, { status: number, contentType: string, body: Buffer, sql?: { sql: string, binds: unknown[] }[] }>} pages by path
 * @param {{ name?: string, seeded?: string }} o with `seeded`, the SQL-inclusive ceiling: each request first runs
 *   the page's recorded statements (prepared once) on its own copy of the seeded database
 */
export async function startCeiling(pages, scratch, o = {}) {
  const name = o.name ?? "ceiling";
  const file = join(scratch, `${name}-pages.json`);
  const encoded = Object.fromEntries(Object.entries(pages).map(([p, v]) => [p, { ...v, body: v.body.toString("base64"), sql: o.seeded ? v.sql ?? [] : [] }]));
  writeFileSync(file, JSON.stringify(encoded));
  const args = [CEILING, file, "0"];
  if (o.seeded) {
    const dbFile = join(scratch, `${name}.sqlite3`);
    copyFileSync(o.seeded, dbFile);
    args.push(dbFile);
  }
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      const m = /listening on (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`ceiling server exited with ${code}`)));
  });
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      child.kill("SIGTERM");
    });
  return { name, kind: "ceiling", port, baseUrl: `http://127.0.0.1:${port}`, stop, probe: async () => [] };
}
