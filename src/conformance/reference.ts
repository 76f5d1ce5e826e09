// The recorded reference of a fixture app: fixtures/<app>/reference/NN_<name>.meta.json and NN_<name>.body,
// one pair per scenario step in order. Written by record(), read by runConformance().
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CacheHits } from "./cache-log.js";
import type { ReplayedResponse } from "./replay.js";

export interface ReferenceMeta {
  method: string;
  path: string;
  status: number;
  location: string | null;
  contentType: string | null;
  sqlCount: number | null;
  /** Action Cable entries: the scenario's socket name. */
  socket?: string;
  /** The names of the cookies the response set, where the step asked (scenario `setCookies`). */
  setCookies?: string[];
  /** Rails' fragment cache activity for this request, from its log (see cache-log.ts). */
  cacheHits?: CacheHits;
}

export function referenceDir(appDir: string): string {
  return join(appDir, "reference");
}

/** "01_posts_index": two digits keep `ls` in scenario order; more appear only past 99 steps. */
export function referenceStem(index: number, name: string, total: number): string {
  return `${String(index + 1).padStart(Math.max(2, String(total).length), "0")}_${name}`;
}

/** Replaces the whole reference directory, so a removed step leaves no stale file. */
export function writeReference(dir: string, responses: ReplayedResponse[]): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  responses.forEach((r, i) => {
    const stem = referenceStem(i, r.name, responses.length);
    const meta: ReferenceMeta = {
      method: r.method,
      path: r.path,
      status: r.status,
      location: r.location,
      contentType: r.contentType,
      sqlCount: r.sqlCount,
      ...(r.socket !== undefined ? { socket: r.socket } : {}),
      ...(r.setCookies !== undefined ? { setCookies: r.setCookies } : {}),
      ...(r.cacheHits !== undefined ? { cacheHits: r.cacheHits } : {}),
    };
    writeFileSync(join(dir, `${stem}.meta.json`), JSON.stringify(meta, null, 2) + "\n");
    writeFileSync(join(dir, `${stem}.body`), r.body);
  });
}

export function readReference(dir: string): ReplayedResponse[] {
  const stems = readdirSync(dir)
    .filter((f) => f.endsWith(".meta.json"))
    .map((f) => f.slice(0, -".meta.json".length))
    .sort();
  return stems.map((stem) => {
    const meta = JSON.parse(readFileSync(join(dir, `${stem}.meta.json`), "utf8")) as ReferenceMeta;
    return { name: stem.replace(/^\d+_/, ""), ...meta, body: readFileSync(join(dir, `${stem}.body`)) };
  });
}
