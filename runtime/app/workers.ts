// Puma's cluster mode for the emitted app: WEB_CONCURRENCY=N workers sharing one port (node:cluster).
//   WEB_CONCURRENCY unset / 1      one process serves (no primary)
//   WEB_CONCURRENCY=N, N > 1       the primary (which loaded the app, so the database is prepared and seeded once,
//                                  as `bin/rails db:prepare` before Puma) forks N workers and serves nothing itself
//   SIGUSR2 to the primary         phased restart: each worker in turn is replaced once its successor listens
//   a worker that dies             replaced (Puma's "Worker N (PID: x) booted" after a crash)
//   SIGTERM / SIGINT               workers stop accepting, finish in-flight requests, close their sockets; then exit
// Action Cable broadcasts reach other workers' subscribers only through a shared adapter (config/cable.yml's redis).
import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";

/** Puma's worker_shutdown_timeout default: in-flight work gets this long after SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Runs in the primary: forks and supervises the workers; resolves when they are all listening. */
export function superviseWorkers(count: number, log: (line: string) => void = (l) => console.log(l)): Promise<void> {
  const retiring = new Set<Worker>();
  let stopping = false;
  const fork = (): Worker => cluster.fork({ RAILS2TS_WORKER_INDEX: String(nextIndex++) });
  let nextIndex = 0;
  cluster.on("exit", (worker, code, signal) => {
    if (retiring.delete(worker) || stopping) return maybeExit();
    log(`worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? code}); booting a replacement`);
    fork();
  });
  const maybeExit = () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
    maybeExit();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("SIGUSR2", () => void phasedRestart(fork, retiring, log));
  const started = Array.from({ length: count }, () => listening(fork()));
  return Promise.all(started).then((ports) => log(`listening on ${ports[0]} (${count} workers)`));
}

/** Resolves with the port once the worker listens. */
function listening(worker: Worker): Promise<number> {
  return new Promise((resolve) => worker.once("listening", (address) => resolve(address.port)));
}

/** Replaces the workers one at a time, each old one retired only after its successor is listening. */
async function phasedRestart(fork: () => Worker, retiring: Set<Worker>, log: (line: string) => void): Promise<void> {
  const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !retiring.has(w));
  log(`phased restart of ${old.length} workers`);
  for (const worker of old) {
    await listening(fork());
    retiring.add(worker);
    worker.kill("SIGTERM");
  }
}

/**
 * In a worker (or a single process given `drain: true`): SIGTERM stops accepting, lets in-flight requests finish,
 * closes idle keep-alive connections and the WebSockets (`closeSockets`), and exits when the server is closed.
 */
export function drainOnTerm(server: Server, closeSockets: () => void): void {
  process.once("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    closeSockets();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  });
}

export const isPrimaryOfWorkers = (count: number): boolean => count > 1 && cluster.isPrimary;
export const isWorker = (): boolean => cluster.isWorker;
