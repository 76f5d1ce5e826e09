// A real redis-server (Debian's package, installed by .ci/run) started by the test that needs it, on a free port,
// with no persistence; stopped (and its directory removed) by the test's afterAll.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../src/conformance/rails-server.js";

export const REDIS_SERVER = "/usr/bin/redis-server";

export interface RedisServer {
  port: number;
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  start(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server (.ci/run does)`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "rails2ts-redis-"));
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = "";
      proc.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("Ready to accept connections")) resolve();
      });
      proc.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
    });
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}/1`, stop, start, cleanup: async () => { await stop(); rmSync(dir, { recursive: true, force: true }); } };
}
