// Starting and stopping the lanes of one fixture: the counting pair first (SQL counter on, never timed), then
// the four timed lanes side by side. Every lane runs on its own copy of the database Rails' db:prepare seeded.
// An app that needs a signed-in user is signed in on every lane but the ceiling (which answers from memory and
// reads no cookie); each lane then carries its own request headers, Cookie included.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countAndCompare, REPEATS } from "./counting.js";
import { startCeiling, startEmitted } from "./node-lane.js";
import { prepareRails, startPuma } from "./rails-lane.js";
import { signIn } from "./sign-in.js";
import { CEILING_SQL } from "./summary.js";

/** The emitted app's lanes: one process, and one worker per core (WEB_CONCURRENCY) when there is more than one. */
export const NODE_LANES = (cores) => [{ name: "node", workers: 1 }, ...(cores > 1 ? [{ name: `node-${cores}x`, workers: cores }] : [])];

/** The Rails lanes of the issue: (a) Rails' default single process, (b) one worker per core. */
export const RAILS_LANES = (cores) => [
  { name: "rails-1x5", workers: 0, threads: 5 },
  { name: `rails-${cores}x5`, workers: cores, threads: 5 },
];

/**
 * Runs fn with the fixture's lanes up; stops everything (and removes the copies) however fn ends. afterLanes,
 * when given, runs once the timed lanes are stopped, with the prepared Rails copy still there (the sockets
 * lanes boot their own servers from it); its result is fn's result's `afterLanes`.
 * @param {{ appDir: string, outDir: string, paths: string[], headers: Record<string,string>, cores: number,
 *   signIn: object | null, log: (line: string) => void, appEnv?: Record<string, string>,
 *   prepareRails?: (appDir: string, log: (line: string) => void) => Promise<object>,
 *   afterLanes?: (ctx: { rails: object, scratch: string }) => Promise<unknown> }} o
 */
export async function withFixtureLanes(o, fn) {
  const { appDir, outDir, paths, headers, cores, log } = o;
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-bench-"));
  const started = [];
  let rails = null;
  try {
    if (!o.prepareRails) log(`preparing ${appDir} for Rails (db:prepare, assets:precompile in the chroot)`);
    rails = o.prepareRails ? await o.prepareRails(appDir, log) : await prepareRails(appDir);
    const counting = await countingPass({ rails, outDir, scratch, paths, headers, user: o.signIn, started, log, appEnv: o.appEnv });
    for (const spec of RAILS_LANES(cores)) {
      log(`starting ${spec.name} (Puma ${spec.workers === 0 ? "single mode" : `${spec.workers} workers`}, ${spec.threads} threads)`);
      started.push(await startPuma(rails, { ...spec, host: headers.Host }));
    }
    for (const spec of NODE_LANES(cores)) {
      log(`starting ${spec.name} (the emitted app${spec.workers > 1 ? `, WEB_CONCURRENCY=${spec.workers}` : ", one process"})`);
      started.push(await startEmitted(outDir, { ...spec, seeded: rails.seeded, scratch, env: o.appEnv }));
    }
    const pages = Object.fromEntries(counting.map((c) => [c.path, { ...c.page, sql: c.sqlReplay }]));
    started.push(await startCeiling(pages, scratch));
    log("starting ceiling-sql (the page bytes after the page's own SQL statements, on a copy of the seeded database)");
    started.push(await startCeiling(pages, scratch, { name: CEILING_SQL, seeded: rails.seeded }));
    for (const c of counting) {
      c.sqlReplayed = c.sqlReplay.length;
      delete c.sqlReplay;
    }
    for (const lane of started) lane.headers = lane.kind === "ceiling" ? headers : await laneHeaders(lane, headers, o.signIn, log);
    const result = await fn({ lanes: [...started], counting, railsLanes: RAILS_LANES(cores).map((l) => l.name), nodeLanes: NODE_LANES(cores).map((l) => l.name) });
    await stopAll(started);
    if (o.afterLanes) result.afterLanes = await o.afterLanes({ rails, scratch });
    return result;
  } finally {
    await stopAll(started);
    rmSync(scratch, { recursive: true, force: true });
    try {
      rails?.dispose();
    } catch (error) {
      log(`could not remove the Rails copy (${error.message}); see /proc/mounts`);
    }
  }
}

async function stopAll(started) {
  await Promise.all(started.map((l) => l.stop().catch(() => undefined)));
  started.length = 0;
}

/** The lane's request headers: the bench headers, plus the Cookie of a sign-in on that lane when the app needs one. */
export async function laneHeaders(lane, headers, user, log) {
  if (!user) return headers;
  const { cookie } = await signIn(lane.baseUrl, headers, user);
  log(`${lane.name}: signed in as ${user.email} (cookies: ${cookie.split("; ").map((c) => c.split("=")[0]).join(", ")})`);
  return { ...headers, Cookie: cookie };
}

async function countingPass({ rails, outDir, scratch, paths, headers, user, started, log, appEnv }) {
  log("counting pass: SQL per request and byte comparison, counter on, 1 request at a time");
  const railsSqlLog = join(rails.dir, "tmp", "bench-sql-rails.log");
  const nodeSqlLog = join(scratch, "bench-sql-node.log");
  const nodeCacheLog = join(scratch, "bench-cache-node.log");
  const nodeSqlReplay = join(scratch, "bench-sql-replay.jsonl");
  for (const f of [railsSqlLog, nodeSqlLog, nodeCacheLog, nodeSqlReplay]) writeFileSync(f, "");
  const railsCount = await startPuma(rails, { name: "rails-count", workers: 0, threads: 1, sqlLog: railsSqlLog, host: headers.Host });
  started.push(railsCount);
  const nodeCount = await startEmitted(outDir, { name: "node-count", seeded: rails.seeded, scratch, sqlLog: nodeSqlLog, cacheLog: nodeCacheLog, sqlReplay: nodeSqlReplay, env: appEnv });
  started.push(nodeCount);
  try {
    const railsHeaders = await laneHeaders(railsCount, headers, user, log);
    const nodeHeaders = await laneHeaders(nodeCount, headers, user, log);
    const counting = await countAndCompare({ rails: railsCount, node: nodeCount, railsSqlLog, nodeSqlLog, nodeCacheLog, paths, railsHeaders, nodeHeaders });
    attachReplay(counting, readFileSync(nodeSqlReplay, "utf8"));
    return counting;
  } finally {
    await Promise.all([railsCount.stop(), nodeCount.stop()]);
    started.splice(started.indexOf(railsCount), 1);
    started.splice(started.indexOf(nodeCount), 1);
  }
}

/**
 * The statements of each path's last counted request (a warm one), from the emitted app's replay file: one block
 * per request, in request order, the paths' REPEATS requests last (sign-in requests come before them).
 */
function attachReplay(counting, text) {
  const blocks = text.split("--\n").slice(0, -1).map((b) => b.split("\n").filter(Boolean).map((l) => JSON.parse(l)));
  const perPath = blocks.length >= counting.length * REPEATS ? blocks.slice(blocks.length - counting.length * REPEATS) : null;
  if (!perPath) throw new Error(`the SQL replay file has ${blocks.length} requests, fewer than the counting pass made`);
  counting.forEach((c, i) => (c.sqlReplay = perPath[i * REPEATS + REPEATS - 1]));
}
