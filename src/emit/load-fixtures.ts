// `rails2ts fixtures <app> --db <file>`: the emitted app's test fixtures loaded into a SQLite file, as
// `bin/rails db:fixtures:load` does: the emitted dist/app.js is imported in a child process with
// RAILS2TS_FIXTURES=1 (a new file gets the schema first; an existing one has its fixture tables emptied and
// refilled), and nothing is served. Without RAILS_ENV it runs in development, as bin/rails does (the initializers
// run at import, under their environment: a production-only one is not reached).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export function loadFixturesInto(out: string, dbPath: string, env: Record<string, string> = {}): Promise<void> {
  const entry = pathToFileURL(join(out, "dist/app.js")).href;
  const script = `import(${JSON.stringify(entry)}).then(() => process.exit(0), (e) => { console.error(e && e.stack || String(e)); process.exit(1); });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: { RAILS_ENV: "development", ...process.env, ...env, RAILS2TS_FIXTURES: "1", DATABASE_PATH: dbPath },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolveP, reject) => {
    child.once("exit", (code) => (code === 0 ? resolveP() : reject(new Error(`loading fixtures failed: ${stderr.trim()}`))));
  });
}
