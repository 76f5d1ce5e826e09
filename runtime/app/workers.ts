// Puma's cluster mode for the emitted app: WEB_CONCURRENCY=N workers sharing one port (node:cluster).
//   WEB_CONCURRENCY unset / 1      one process serves (no primary)
//   WEB_CONCURRENCY=N, N > 1       the primary (which loaded the app, so the database is prepared and seeded once,
//                                  as `bin/rails db:prepare` before Puma) forks N workers and serves nothing itself
//   SIGUSR2 to the primary         phased restart: each worker in turn is replaced once its successor listens
//   a worker that dies             replaced (Puma's "Worker N (PID: x) booted" after a crash)
//   SIGTERM / SIGINT               workers stop accepting, finish in-flight requests, close their sockets; then exit
// A worker is retired by messages, not by a signal or cluster's disconnect: node:cluster's primary accepts each
// connection and hands it to a worker, and a connection handed to a worker that exits before answering the hand-off
// is held open by the primary forever (the client hangs). So the primary asks the worker to stop accepting
// ("retire"), the worker closes its server (node:cluster then hands it nothing new, and a hand-off already on its
// way is declined and given to another worker) and finishes what it serves ("drained"); the primary answers "last",
// which the worker receives after every hand-off sent before it, answered; its "bye" comes after those answers,
// and only then does the primary end it.
// Action Cable broadcasts reach other workers' subscribers only through a shared adapter (config/cable.yml's redis).
import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";

/** Puma's worker_shutdown_timeout default: in-flight work gets this long after SIGTERM. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

type Retirement = "retire" | "drained" | "last" | "bye";
const message = (step: Retirement) => ({ rails2tsWorker: step });
const stepOf = (m: unknown): Retirement | undefined =>
  typeof m === "object" && m !== null ? ((m as { rails2tsWorker?: Retirement }).rails2tsWorker) : undefined;

/** Runs in the primary: forks and supervises the workers; resolves when they are all listening. */
export function superviseWorkers(count: number, log: (line: string) => void = (l) => console.log(l)): Promise<void> {
  const retiring = new Set<Worker>();
  let stopping = false;
  let nextIndex = 0;
  const fork = (): Worker => {
    const worker = cluster.fork({ RAILS2TS_WORKER_INDEX: String(nextIndex++) });
    worker.on("message", (m: unknown) => {
      const step = stepOf(m);
      if (step === "drained") worker.send(message("last"));
      else if (step === "bye") worker.process.kill("SIGTERM");
    });
    return worker;
  };
  const retire = (worker: Worker) => {
    retiring.add(worker);
    worker.send(message("retire"));
  };
  cluster.on("exit", (worker, code, signal) => {
    if (retiring.delete(worker) || stopping) return maybeExit();
    log(`worker ${worker.id} (pid ${worker.process.pid}) exited (${signal ?? code}); booting a replacement`);
    fork();
  });
  // Counted by their processes: node:cluster removes a worker from cluster.workers only once it has both exited
  // and disconnected, and the exit event may come first (then nothing would call this again, and the primary
  // would outlive its workers).
  const maybeExit = () => {
    if (stopping && Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(0);
  };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) if (w && !retiring.has(w)) retire(w);
    maybeExit();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("SIGUSR2", () => void phasedRestart(fork, retire, retiring, log));
  const started = Array.from({ length: count }, () => listening(fork()));
  return Promise.all(started).then((ports) => log(`listening on ${ports[0]} (${count} workers)`));
}

/** Resolves with the port once the worker listens. */
function listening(worker: Worker): Promise<number> {
  return new Promise((resolve) => worker.once("listening", (address) => resolve(address.port)));
}

/** Replaces the workers one at a time, each old one retired only after its successor is listening. */
async function phasedRestart(fork: () => Worker, retire: (w: Worker) => void, retiring: Set<Worker>, log: (line: string) => void): Promise<void> {
  const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !retiring.has(w));
  log(`phased restart of ${old.length} workers`);
  for (const worker of old) {
    await listening(fork());
    retire(worker);
  }
}

/**
 * Stops accepting, lets in-flight requests finish, closes idle keep-alive connections and the WebSockets
 * (`closeSockets`); `then` runs once the server is closed, or after Puma's worker_shutdown_timeout.
 */
function drain(server: Server, closeSockets: () => void, then: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    then();
  };
  server.close(finish);
  server.closeIdleConnections();
  closeSockets();
  setTimeout(() => {
    server.closeAllConnections();
    finish();
  }, SHUTDOWN_TIMEOUT_MS).unref();
}

/**
 * In a worker (or a single process given `drain: true`): the primary's "retire" drains and says "drained"; its
 * "last" is answered with "bye", after which the primary ends the worker. A SIGTERM sent to the worker itself
 * (not by the primary) drains and exits.
 */
export function drainOnTerm(server: Server, closeSockets: () => void): void {
  let retiring = false;
  process.on("message", (m: unknown) => {
    const step = stepOf(m);
    if (step === "retire" && !retiring) {
      retiring = true;
      drain(server, closeSockets, () => process.send?.(message("drained")));
    } else if (step === "last") process.send?.(message("bye"));
  });
  process.once("SIGTERM", () => {
    if (retiring) return process.exit(0);
    retiring = true;
    drain(server, closeSockets, () => process.exit(0));
  });
}

export const isPrimaryOfWorkers = (count: number): boolean => count > 1 && cluster.isPrimary;
export const isWorker = (): boolean => cluster.isWorker;
