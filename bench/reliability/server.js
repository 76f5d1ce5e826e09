// The emitted app as a child process this script owns (its pid, for RSS and for kill -9): node dist/server.js with
// the V8 flags the emitted project's `npm start` gives it (SERVER_NODE_FLAGS), on a free port with the given
// database, resolved once it says `listening on P`.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_KEY_BASE } from "../../dist/src/conformance/secret.js";
import { SERVER_NODE_FLAGS } from "../../dist/src/emit/server-flags.js";

export async function startServer(outDir, dbFile, env = {}) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(outDir, "dist/server.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: dbFile, SECRET_KEY_BASE, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (d) => (output = (output + d).slice(-20_000)));
  const port = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      output = (output + d).slice(-20_000);
      const m = /listening on (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output.slice(-2000)}`)));
  });
  return {
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    rssKiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0),
    /** SIGTERM (drains in-flight requests) or SIGKILL (the crash test); resolves when the process is gone. */
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
