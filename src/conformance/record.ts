// Records a fixture's reference from real Rails: serve the app with Rails (rails-server.ts), replay its
// scenarios.json, write reference/NN_<name>.{meta.json,body}. The compiler is never involved.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCacheLog } from "./cache-log.js";
import { prepareRailsApp, startRailsServer } from "./rails-server.js";
import { referenceDir, writeReference } from "./reference.js";
import { replay, type ReplayedResponse } from "./replay.js";
import { loadScenario } from "./scenario.js";

export interface RecordResult {
  referenceDir: string;
  responses: ReplayedResponse[];
}

export async function record(appDir: string, log: (line: string) => void = console.log): Promise<RecordResult> {
  const responses = await replayAgainstRails(appDir, log);
  const dir = referenceDir(appDir);
  writeReference(dir, responses);
  log(`recorded ${responses.length} responses into ${dir}`);
  return { referenceDir: dir, responses };
}

/** Rails' answers to the app's scenario, without writing anything into the fixture. */
export async function replayAgainstRails(appDir: string, log: (line: string) => void = () => {}): Promise<ReplayedResponse[]> {
  const scenario = loadScenario(appDir);
  log(`preparing ${appDir} in the Rails chroot (db:prepare, assets:precompile)`);
  const app = await prepareRailsApp(appDir);
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-sql-"));
  try {
    const sqlLogPath = join(scratch, "sql.log");
    const server = await startRailsServer(app, { sqlLogPath, frozenTime: scenario.frozenTime });
    log(`Puma at ${server.baseUrl}, clock frozen at ${scenario.frozenTime}`);
    let responses: ReplayedResponse[];
    try {
      responses = await replay(scenario, server.baseUrl, sqlLogPath);
    } finally {
      await server.stop();
    }
    // RAILS2TS_RAILS_LOG=<file> keeps Puma's debug log (every SQL statement under its request id), to set beside
    // the emitted app's RAILS2TS_SQL_TRACE when the statement counts differ.
    const keep = process.env.RAILS2TS_RAILS_LOG;
    if (keep && server.logPath && existsSync(server.logPath)) copyFileSync(server.logPath, keep);
    return withCacheHits(responses, server.logPath);
  } finally {
    app.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Each response with the fragment cache activity Rails logged under its request id. */
function withCacheHits(responses: ReplayedResponse[], logPath: string | undefined): ReplayedResponse[] {
  if (logPath === undefined || !existsSync(logPath)) return responses;
  const byRequest = parseCacheLog(readFileSync(logPath, "utf8"));
  return responses.map((r) => {
    const cacheHits = r.requestId ? byRequest.get(r.requestId) : undefined;
    return cacheHits ? { ...r, cacheHits } : r;
  });
}
