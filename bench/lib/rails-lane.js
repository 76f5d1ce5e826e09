// The Rails lanes: the fixture prepared by the conformance code (a scratch copy, `db:prepare` seeds its
// production database, `assets:precompile`), then Puma in the reference chroot, production mode, each lane on its
// own copy of that one seeded SQLite file. bench/rails/ holds the Puma wrapper and the rackup file.
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { chrootSpawn, stopGroup } from "../../dist/src/conformance/chroot.js";
import { freePort, prepareRailsApp } from "../../dist/src/conformance/rails-server.js";
import { SECRET_KEY_BASE } from "../../dist/src/conformance/secret.js";
import { benchHeaders, get } from "./http-get.js";
import { waitForPort } from "./port.js";

const RAILS_FILES = fileURLToPath(new URL("../rails", import.meta.url));
const PROBE_PATH = "/__rails2ts_bench/probe";

/** A prepared copy of the app; `seeded` is the database every lane copies. */
export async function prepareRails(appDir) {
  const prepared = await prepareRailsApp(appDir);
  const benchDir = join(prepared.dir, "tmp", "bench-rails");
  cpSync(RAILS_FILES, benchDir, { recursive: true });
  const seeded = join(prepared.dir, "storage", "production.sqlite3");
  if (!existsSync(seeded)) throw new Error(`db:prepare left no ${seeded}`);
  // A -wal file next to it would hold seeds not yet in the main file; copying only the main file loses them.
  if (existsSync(`${seeded}-wal`)) throw new Error(`${seeded}-wal exists: the seeded database was not checkpointed`);
  return { dir: prepared.dir, benchDir, seeded, dispose: prepared.dispose };
}

/**
 * Puma serving the prepared app. workers 0 is Puma's single mode (one process; what a generated Rails 7.2 app
 * runs), workers N>0 is cluster mode (a master and N forked workers, preload_app on by Puma's default for N>1).
 * @param {{ name: string, workers: number, threads: number, sqlLog?: string, host: string,
 *   prepareDb?: (dbFile: string) => void }} o prepareDb: run on the lane's copy before boot (the sockets data)
 */
export async function startPuma(rails, o) {
  const port = await freePort();
  const dbDir = join(rails.dir, "tmp", "bench-db");
  mkdirSync(dbDir, { recursive: true });
  const dbFile = join(dbDir, `${o.name}.sqlite3`);
  copyFileSync(rails.seeded, dbFile);
  o.prepareDb?.(dbFile);
  const log = join(rails.dir, "..", `puma-${o.name}.log`);
  const cmd = [join(rails.benchDir, "serve.sh"), String(port), String(o.workers), String(o.threads), dbFile, o.sqlLog ?? "-", SECRET_KEY_BASE];
  // An app assembled beside its gems (Campfire: WORK/app and WORK/gems) is bind-mounted as a whole and served
  // from its app directory (serveArgs: --cd, its rackup, Puma config and environment; bench/rails/serve.sh).
  const child = chrootSpawn(rails.chrootDir ?? rails.dir, [...cmd, ...(rails.serveArgs ?? [])], log);
  const stop = () => stopGroup(child).then(() => untilGone(child.pid));
  try {
    await waitForPort(port, { exited: () => child.exitCode !== null });
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${existsSync(log) ? readFileSync(log, "utf8").slice(-4000) : ""}`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  return { name: o.name, kind: "rails", port, baseUrl, dbFile, log, workers: o.workers, threads: o.threads, stop, probe: () => probeRails(baseUrl, o) };
}

/** The probe of each process of the lane: new connections until every worker has answered (or 40 tries). */
async function probeRails(baseUrl, o) {
  const want = Math.max(1, o.workers);
  const byPid = new Map();
  for (let i = 0; i < 40 && byPid.size < want; i++) {
    const res = await get(baseUrl, PROBE_PATH, benchHeaders(o.host));
    if (res.status !== 200) throw new Error(`probe ${baseUrl}: status ${res.status}`);
    const report = JSON.parse(res.body.toString("utf8"));
    byPid.set(report.pid, report);
  }
  return [...byPid.values()];
}

/**
 * stopGroup may end with a SIGKILL it does not wait for; the bind mount of the app cannot be undone while a
 * dying Puma still has its working directory there, so wait until the whole process group is gone.
 */
async function untilGone(pgid, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
