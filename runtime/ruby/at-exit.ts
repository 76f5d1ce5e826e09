// Kernel#at_exit: the blocks run when the process exits, last registered first. A block that raises is reported
// as Ruby reports it (on stderr) and the exit status becomes 1; the other blocks still run. SIGTERM and SIGINT
// end the process through its exit (as Puma's graceful stop lets Ruby's at_exit run), unless another handler of
// the signal (the workers' primary) already stops it that way.
const handlers: Array<() => unknown> = [];
let installed = false;

export function atExit(block: () => unknown): () => unknown {
  handlers.push(block);
  if (!installed) {
    installed = true;
    process.on("exit", runAtExit);
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.on(signal, () => {
        if (process.listenerCount(signal) === 1) process.exit(128 + (signal === "SIGTERM" ? 15 : 2));
      });
    }
  }
  return block;
}

/** Runs and forgets the registered blocks (process exit; tests call it directly). */
export function runAtExit(): void {
  while (handlers.length) {
    const block = handlers.pop()!;
    try {
      block();
    } catch (error) {
      process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}
