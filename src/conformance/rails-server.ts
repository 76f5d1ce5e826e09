// Real Rails serving a fixture app, the oracle: a scratch copy of the app prepared in the chroot (db:prepare
// seeds it, assets:precompile), then Puma in production on loopback, clock frozen, counting SQL per request.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { chrootRun, chrootSpawn, stopGroup, unbindFromChroot } from "./chroot.js";
import { railsHooksDir } from "./paths.js";
import { SECRET_KEY_BASE } from "./secret.js";

export interface ServerEnv {
  /** File the server appends "<count>\n" to after each request (see sql-log.ts). */
  sqlLogPath: string;
  /** Wall clock to serve under, "YYYY-MM-DD hh:mm:ss" UTC. */
  frozenTime: string;
  /** File the emitted app appends one JSON line of fragment cache activity to per request (RAILS2TS_CACHE_LOG);
   * Rails' own activity comes from its debug log instead. */
  cacheLogPath?: string;
}

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
  /** The server's own log (Rails: Puma's output with the production log), when it keeps one. */
  logPath?: string;
}

export interface PreparedRailsApp {
  /** Scratch copy of the app; bind-mounted into the chroot at the same path. */
  dir: string;
  /** Removes the bind mount and the copy. */
  dispose(): void;
}

// Local state of a previous run must not leak into the recording: a fresh database is seeded every time.
const NOT_COPIED = new Set(["reference", "tmp", "log", "node_modules", ".rails2ts"]);

export async function prepareRailsApp(appDir: string): Promise<PreparedRailsApp> {
  const work = mkdtempSync(join(tmpdir(), `rails2ts-${basename(appDir)}-`));
  const dir = join(work, "app");
  cpSync(appDir, dir, { recursive: true, filter: (src) => keep(relative(appDir, src)) });
  mkdirSync(join(dir, "tmp", "rails2ts"), { recursive: true });
  cpSync(railsHooksDir(), join(dir, "tmp", "rails2ts"), { recursive: true });
  const dispose = (): void => {
    unbindFromChroot(dir);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const env = ["env", "RAILS_ENV=production", `SECRET_KEY_BASE=${SECRET_KEY_BASE}`];
    await chrootRun(dir, [...env, "bin/rails", "db:prepare"]);
    await chrootRun(dir, [...env, "bin/rails", "assets:precompile"]);
  } catch (error) {
    dispose();
    throw error;
  }
  return { dir, dispose };
}

function keep(rel: string): boolean {
  const [top, ...rest] = rel.split("/");
  if (rest.length === 0 && NOT_COPIED.has(top)) return false;
  if (top === "storage" && /\.sqlite3/.test(rel)) return false;
  return !(top === "public" && rest[0] === "assets");
}

/**
 * Puma on a free loopback port. The SQL log must be visible inside the chroot, so Puma writes it inside the
 * app copy and env.sqlLogPath becomes a symlink to that file.
 */
export async function startRailsServer(app: PreparedRailsApp, env: ServerEnv): Promise<RunningServer> {
  const port = await freePort();
  const innerLog = join(app.dir, "tmp", "rails2ts", `sql-${port}.log`);
  writeFileSync(innerLog, "");
  if (existsSync(env.sqlLogPath)) unlinkSync(env.sqlLogPath);
  symlinkSync(innerLog, env.sqlLogPath);
  const pumaLog = join(app.dir, "..", `puma-${port}.log`);
  const cmd = ["tmp/rails2ts/serve.sh", String(port), env.frozenTime, innerLog, SECRET_KEY_BASE];
  const child = chrootSpawn(app.dir, cmd, pumaLog);
  const stop = (): Promise<void> => stopGroup(child);
  try {
    await waitForPort(port, 60_000, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    const tail = existsSync(pumaLog) ? readFileSync(pumaLog, "utf8").slice(-4000) : "";
    throw new Error(`${(error as Error).message}\n${tail}`);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop, logPath: pumaLog };
}

/** A starter for runConformance that serves the app with real Rails: Rails against its own reference. */
export function railsStarter(appDir: string): (env: ServerEnv) => Promise<RunningServer> {
  return async (env) => {
    const app = await prepareRailsApp(appDir);
    try {
      const server = await startRailsServer(app, env);
      return { baseUrl: server.baseUrl, stop: async () => (await server.stop(), app.dispose()) };
    } catch (error) {
      app.dispose();
      throw error;
    }
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// A TCP connect, not an HTTP request: a probe request would show up in the server's SQL log and logs.
async function waitForPort(port: number, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited before listening on ${port}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not listening on ${port} after ${timeoutMs} ms`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
