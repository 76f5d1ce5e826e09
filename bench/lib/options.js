// The command line of `npm run bench` (see bench/README.md for what each option changes), and where this run
// came from when it runs inside a snapshot (lib/snapshot.js).
import { join } from "node:path";
import { parseArgs } from "node:util";

export function parseOptions(argv, root) {
  const { values } = parseArgs({
    args: argv,
    options: {
      apps: { type: "string", default: process.env.RAILS2TS_CAMPFIRE && process.env.RAILS2TS_CAMPFIRE_GEMS ? "blog,chat,campfire" : "blog,chat" },
      campfire: { type: "string" },
      "campfire-gems": { type: "string" },
      fixture: { type: "string" }, // the former single-app option: --fixture X is --apps X
      sockets: { type: "string", default: "1000" },
      "write-clients": { type: "string", default: "10" },
      "write-duration": { type: "string", default: "5" },
      "profile-seconds": { type: "string", default: "5" },
      "sockets-per-room": { type: "string", default: "50" },
      "sockets-concurrency": { type: "string", default: "50" },
      duration: { type: "string", default: "10" },
      rounds: { type: "string", default: "3" },
      warmup: { type: "string", default: "3" },
      "run-warmup": { type: "string", default: "2" },
      connections: { type: "string", default: "10" },
      threads: { type: "string", default: "1" },
      "compile-runs": { type: "string", default: "3" },
      "compile-app": { type: "string", multiple: true, default: [] },
      "quiet-pct": { type: "string", default: "20" },
      "quiet-max-wait": { type: "string", default: "60" },
      "retry-pct": { type: "string", default: "25" },
      retries: { type: "string", default: "2" },
      source: { type: "string", default: "head" },
      out: { type: "string", default: join(root, "bench/results") },
      name: { type: "string" },
      "no-save": { type: "boolean", default: false },
    },
  });
  if (values.fixture) values.apps = values.fixture;
  values.apps = values.apps.split(",").map((a) => a.trim()).filter(Boolean);
  if (values.source !== "head" && values.source !== "dist") throw new Error(`--source is head or dist, not ${values.source}`);
  return values;
}

/** Set when this process runs inside a snapshot: the repository, commit and arguments it came from. */
export function origin() {
  const raw = process.env.RAILS2TS_BENCH_ORIGIN;
  return raw ? JSON.parse(raw) : null;
}
