// Boots an emitted project: as a child process (conformance: a fresh process and database per run) or in this
// process (serve). Either way the app is the emitted dist/server.js / dist/app.js, nothing else.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_NODE_FLAGS } from "./server-flags.js";

export interface BootOptions {
  port: number;
  host?: string;
  dbPath?: string;
  inProcess?: boolean;
  env?: Record<string, string>;
}

export interface Booted {
  port: number;
  baseUrl: string;
  stop(): Promise<void>;
  /** The child's stdout and stderr so far (the last 64 KB), to say what the server saw when a check fails. */
  output(): string;
  /** What the app wrote to stderr so far (where it logs a request's 500 error); "" in process. */
  stderr(): string;
}

/** Keeps the last 64 KB a child printed on stdout and stderr, interleaved as they arrived. */
function capture(child: ChildProcess): () => string {
  let text = "";
  const keep = (d: Buffer) => {
    text = (text + d.toString()).slice(-65_536);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return () => text;
}

export async function bootEmitted(out: string, opts: BootOptions): Promise<Booted> {
  const host = opts.host ?? "127.0.0.1";
  const env = { ...process.env, ...opts.env, PORT: String(opts.port), HOST: host, ...(opts.dbPath ? { DATABASE_PATH: opts.dbPath } : {}) };
  if (opts.inProcess) {
    Object.assign(process.env, env);
    const served = (await import(pathToFileURL(join(out, "dist/server.js")).href)) as { server: Promise<{ address(): unknown } | null> };
    const address = (await served.server)?.address();
    const port = address && typeof address === "object" && "port" in address ? Number(address.port) : opts.port;
    return { port, baseUrl: `http://${host}:${port}`, stop: async () => process.exit(0), output: () => "", stderr: () => "" };
  }
  return watchServer(spawn(process.execPath, [...SERVER_NODE_FLAGS, join(out, "dist/server.js")], { env, stdio: ["ignore", "pipe", "pipe"] }), host);
}

/**
 * Boots a single executable (`rails2ts build --binary`) in `cwd` with only the given environment: no node on
 * PATH, nothing of this process's environment, its files unpacked under `cwd` (RAILS2TS_CACHE_DIR).
 */
export async function bootExecutable(file: string, cwd: string, opts: BootOptions): Promise<Booted> {
  const host = opts.host ?? "127.0.0.1";
  const env = {
    PATH: "/nonexistent",
    RAILS2TS_CACHE_DIR: join(cwd, ".unpacked"),
    ...opts.env,
    PORT: String(opts.port),
    HOST: host,
    ...(opts.dbPath ? { DATABASE_PATH: opts.dbPath } : {}),
  };
  return watchServer(spawn(file, [], { cwd, env, stdio: ["ignore", "pipe", "pipe"] }), host);
}

/** A spawned server, once it listens: its output kept, stopped by SIGTERM. */
async function watchServer(child: ChildProcess, host: string): Promise<Booted> {
  const output = capture(child);
  const log = collectStderr(child);
  const port = await waitForListening(child, log);
  return {
    port,
    output,
    baseUrl: `http://${host}:${port}`,
    stderr: () => log.text,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

function collectStderr(child: ChildProcess): { text: string } {
  const log = { text: "" };
  child.stderr!.on("data", (d: Buffer) => (log.text += d.toString()));
  return log;
}

/** The emitted server prints `listening on <port>` once it accepts connections. */
function waitForListening(child: ChildProcess, log: { text: string }): Promise<number> {
  return new Promise((resolveP, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m) resolveP(Number(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`emitted app exited with ${code}: ${log.text.trim()}`)));
  });
}
