// One wrk run against one lane and path, parsed from the JSON line wrk-report.lua prints. wrk is closed-loop:
// each connection waits for its response before sending the next request, so latency percentiles are those of
// a saturated server with C requests in flight (no coordinated-omission correction), not of an open arrival rate.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(new URL("./wrk-report.lua", import.meta.url));

export function wrkVersion() {
  const r = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  if (r.error) throw new Error("wrk not found: apt-get install wrk (Debian package)");
  return (r.stdout + r.stderr).split("\n")[0].trim();
}

/**
 * @param {{ url: string, seconds: number, connections: number, threads: number, headers: Record<string,string> }} o
 * @returns {Promise<{ rps: number, requests: number, seconds: number, bytes: number, errors: object,
 *   non2xxOrErrors: number, latencyUs: { p50: number, p90: number, p99: number, max: number, mean: number } }>}
 */
export function runWrk(o) {
  const args = ["-t", String(o.threads), "-c", String(o.connections), "-d", `${o.seconds}s`, "--timeout", "10s", "-s", SCRIPT];
  for (const [k, v] of Object.entries(o.headers)) args.push("-H", `${k}: ${v}`);
  args.push(o.url);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (code !== 0 || !line) return reject(new Error(`wrk exited ${code}: ${out.slice(-2000)}`));
      const r = JSON.parse(line);
      const seconds = r.duration_us / 1e6;
      const e = r.errors;
      resolve({
        rps: r.requests / seconds,
        requests: r.requests,
        seconds,
        bytes: r.bytes,
        errors: e,
        non2xxOrErrors: e.connect + e.read + e.write + e.status + e.timeout,
        latencyUs: r.latency_us,
      });
    });
  });
}
