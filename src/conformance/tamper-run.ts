// Replaying a tamper scenario (scenario steps with tampered cookies and tokens, see tamper.ts) and summing up the
// database at its `checksum_*` steps: against real Rails in the chroot (the recorder), or any server of ours.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareRailsApp, startRailsServer } from "./rails-server.js";
import { replay, type ReplayedResponse } from "./replay.js";
import { validateScenario, type Scenario } from "./scenario.js";
import { tableChecksums, type TableChecksum } from "./tamper.js";

export interface TamperRun {
  responses: ReplayedResponse[];
  /** For each `checksum_*` step: every table's row count and digest, read right after its response. */
  checksums: Record<string, Record<string, TableChecksum>>;
}

/** Replays the scenario; after each step whose name starts with `checksum_`, sums up DBFILE before the next request. */
export async function replayWithChecksums(scenario: Scenario, baseUrl: string, sqlLogPath: string, dbFile: string): Promise<TamperRun> {
  const checksums: TamperRun["checksums"] = {};
  const responses = await replay(scenario, baseUrl, sqlLogPath, undefined, (response) => {
    if (response.name.startsWith("checksum_")) checksums[response.name] = tableChecksums(dbFile);
  });
  return { responses, checksums };
}

/** Rails' answers: the app prepared in the chroot (seeded afresh), served by Puma in production, clock frozen. */
export async function tamperAgainstRails(appDir: string, scenario: Scenario, log: (line: string) => void = () => {}): Promise<TamperRun> {
  validateScenario(scenario);
  log(`preparing ${appDir} in the Rails chroot`);
  const app = await prepareRailsApp(appDir);
  const scratch = mkdtempSync(join(tmpdir(), "rails2ts-tamper-"));
  try {
    const sqlLogPath = join(scratch, "sql.log");
    const server = await startRailsServer(app, { sqlLogPath, frozenTime: scenario.frozenTime });
    log(`Puma at ${server.baseUrl}: ${scenario.steps.length} steps`);
    try {
      return await replayWithChecksums(scenario, server.baseUrl, sqlLogPath, join(app.dir, productionDatabase(app.dir)));
    } finally {
      await server.stop();
    }
  } finally {
    app.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** config/database.yml's production `database:` (a generated SQLite app's storage/production.sqlite3). */
function productionDatabase(appDir: string): string {
  const file = join(appDir, "config", "database.yml");
  const yml = existsSync(file) ? readFileSync(file, "utf8") : "";
  const section = /^production:\n((?:[ \t]+.*\n?|\n)*)/m.exec(yml)?.[1] ?? "";
  return /^\s+database:\s*(\S+)/m.exec(section)?.[1] ?? "storage/production.sqlite3";
}

/** A response as the recording stores it: the body as UTF-8 text, or base64 when it is not valid UTF-8. */
export interface RecordedResponse extends Omit<ReplayedResponse, "body" | "requestId" | "cacheHits"> {
  body?: string;
  bodyBase64?: string;
}

export function toRecorded(r: ReplayedResponse): RecordedResponse {
  const { body, requestId: _requestId, cacheHits: _cacheHits, ...rest } = r;
  const text = body.toString("utf8");
  return Buffer.from(text, "utf8").equals(body) ? { ...rest, body: text } : { ...rest, bodyBase64: body.toString("base64") };
}

export function fromRecorded(r: RecordedResponse): ReplayedResponse {
  const { body, bodyBase64, ...rest } = r;
  return { ...rest, body: bodyBase64 !== undefined ? Buffer.from(bodyBase64, "base64") : Buffer.from(body ?? "", "utf8") };
}
