// The emitted app as a child process this script owns (its pid, for RSS and for kill -9): node dist/server.js with
// the V8 flags the emitted project's `npm start` gives it (SERVER_NODE_FLAGS), on a free port with the given
// database, resolved once it says `listening on P`.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { SECRET_KEY_BASE } from "../../dist/src/conformance/secret.js";
import { SERVER_NODE_FLAGS } from "../../dist/src/emit/server-flags.js";

const GC_HOOK = new URL("./gc-hook.js", import.meta.url).href;

/** o.gcProbe: run with --expose-gc and gc-hook.js, so that rssAfterGc() can read the RSS after full collections. */
export async function startServer(outDir, dbFile, env = {}, o = {}) {
  const probeFile = `${dbFile}.gc-probe.json`;
  const flags = o.gcProbe ? ["--expose-gc", `--import=${GC_HOOK}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, join(outDir, "dist/server.js")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_PATH: dbFile, SECRET_KEY_BASE, ...(o.gcProbe ? { RAILS2TS_GC_PROBE: probeFile } : {}), ...env },
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
    /** RSS and JS heap used, in KiB, right after two full collections in the server (needs o.gcProbe). */
    afterGc: async () => {
      rmSync(probeFile, { force: true });
      child.kill("SIGUSR2");
      for (let i = 0; i < 200 && !existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 50)); // one writeFileSync: let it finish
      const probe = JSON.parse(readFileSync(probeFile, "utf8"));
      return { afterGcRssKiB: probe.rssKiB, afterGcHeapKiB: Math.round(probe.heapUsed / 1024), afterGcAnonKiB: probe.rssAnonKiB, afterGcFileKiB: probe.rssFileKiB, afterGcExternalKiB: Math.round((probe.external ?? 0) / 1024) };
    },
    /** SIGTERM (drains in-flight requests) or SIGKILL (the crash test); resolves when the process is gone. */
    stop: (signal = "SIGTERM") =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill(signal);
      }),
  };
}
