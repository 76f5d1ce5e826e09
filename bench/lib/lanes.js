// Starting and stopping the lanes of one fixture: the counting pair first (SQL counter on, never timed), then
// the four timed lanes side by side. Every lane runs on its own copy of the database Rails' db:prepare seeded.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countAndCompare } from "./counting.js";
import { startCeiling, startEmitted } from "./node-lane.js";
import { prepareRails, startPuma } from "./rails-lane.js";

/** The Rails lanes of the issue: (a) Rails' default single process, (b) one worker per core. */
export const RAILS_LANES = (cores) => [
  { name: "rails-1x5", workers: 0, threads: 5 },
  { name: `rails-${cores}x5`, workers: cores, threads: 5 },
];

/** Runs fn with the fixture's lanes up; stops everything (and removes the copies) however fn ends. */
export async function withFixtureLanes({ appDir, outDir, paths, headers, cores, log }, fn) {
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-bench-"));
  const started = [];
  let rails = null;
  try {
    log(`preparing ${appDir} for Rails (db:prepare, assets:precompile in the chroot)`);
    rails = await prepareRails(appDir);
    const counting = await countingPass({ rails, outDir, scratch, paths, headers, host: headers.Host, started, log });
    for (const spec of RAILS_LANES(cores)) {
      log(`starting ${spec.name} (Puma ${spec.workers === 0 ? "single mode" : `${spec.workers} workers`}, ${spec.threads} threads)`);
      started.push(await startPuma(rails, { ...spec, host: headers.Host }));
    }
    started.push(await startEmitted(outDir, { name: "node", seeded: rails.seeded, scratch }));
    const pages = Object.fromEntries(counting.map((c) => [c.path, c.page]));
    started.push(await startCeiling(pages, scratch));
    return await fn({ lanes: [...started], counting, railsLanes: RAILS_LANES(cores).map((l) => l.name) });
  } finally {
    await Promise.all(started.map((l) => l.stop().catch(() => undefined)));
    rmSync(scratch, { recursive: true, force: true });
    try {
      rails?.dispose();
    } catch (error) {
      log(`could not remove the Rails copy (${error.message}); see /proc/mounts`);
    }
  }
}

async function countingPass({ rails, outDir, scratch, paths, headers, host, started, log }) {
  log("counting pass: SQL per request and byte comparison, counter on, 1 request at a time");
  const railsSqlLog = join(rails.dir, "tmp", "bench-sql-rails.log");
  const nodeSqlLog = join(scratch, "bench-sql-node.log");
  writeFileSync(railsSqlLog, "");
  writeFileSync(nodeSqlLog, "");
  const railsCount = await startPuma(rails, { name: "rails-count", workers: 0, threads: 1, sqlLog: railsSqlLog, host });
  started.push(railsCount);
  const nodeCount = await startEmitted(outDir, { name: "node-count", seeded: rails.seeded, scratch, sqlLog: nodeSqlLog });
  started.push(nodeCount);
  try {
    return await countAndCompare({ rails: railsCount, node: nodeCount, railsSqlLog, nodeSqlLog, paths, headers });
  } finally {
    await Promise.all([railsCount.stop(), nodeCount.stop()]);
    started.splice(started.indexOf(railsCount), 1);
    started.splice(started.indexOf(nodeCount), 1);
  }
}
