// concurrent-ruby's thread pools as an app's own code uses them (a pool in lib/ that delivers notifications): work posted to the pool
// runs off the caller's work, as a pool thread would run it; in Node that is after the current work (setImmediate),
// one task at a time, so the request that posted it has answered first.
//   Concurrent::ThreadPoolExecutor.new(max_threads: 50, queue_size: 10000)   ThreadPoolExecutorClass.new({ ... })
//   Concurrent::FixedThreadPool.new(1)                                       FixedThreadPoolClass.new(1)
//   pool.post { work }                                                      pool.post(() => work)
//   pool.shutdown / pool.wait_for_termination(1) / pool.kill
//   pool.completed_task_count                                               pool.completedTaskCount()
// A pool's thread swallows what a task raises (concurrent-ruby logs it at debug level); a task that reaches a
// construct rails2ts declined (NotLowered, which no `rescue` takes) is logged as an error instead: never silent.
import { StandardError } from "../../ruby/exceptions.js";
import { NOT_LOWERED } from "../../ruby/not-lowered.js";
import { railsLogger } from "../../active-support/logger.js";
import { toS } from "../../ruby/ruby.js";

export class RejectedExecutionError extends StandardError {
  static override rubyName = "Concurrent::RejectedExecutionError";
}

/** Tasks posted and not yet run, across pools: drainPools awaits them (tests, shutdown). */
const pending = new Set<Promise<void>>();

export class ThreadPool {
  private queued = 0;
  private running = true;
  /** Tasks that returned (one that raised is not counted, as Worker#run_task counts only after task.call returns). */
  private completed = 0;

  /** queue_size: tasks waiting beyond it are rejected (0: unbounded), as max_queue is. */
  constructor(private readonly maxQueue: number) {}

  /** Post#post: the block runs after the current work; a pool shut down rejects it (RejectedExecutionError). */
  post(task: () => unknown): boolean {
    if (!this.running || (this.maxQueue > 0 && this.queued >= this.maxQueue)) throw new RejectedExecutionError("pool is not accepting work");
    this.queued += 1;
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        this.queued -= 1;
        try {
          task();
          this.completed += 1;
        } catch (error) {
          if (error instanceof Error && error.name === NOT_LOWERED) railsLogger().error(`Error in a thread pool task: ${error.name} (${toS(error.message)})`);
        }
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
    return true;
  }

  shutdown(): boolean {
    this.running = false;
    return true;
  }

  /** True once no task is waiting (they run after the current work, so not before it returns). */
  waitForTermination(_timeout: unknown = null): boolean {
    return this.queued === 0;
  }

  completedTaskCount(): number {
    return this.completed;
  }

  kill(): boolean {
    this.running = false;
    return true;
  }

  isRunning(): boolean {
    return this.running;
  }
}

function option(options: unknown, key: string): number {
  const value = options !== null && typeof options === "object" ? (options as Record<string, unknown>)[key] : undefined;
  return typeof value === "number" ? value : 0;
}

/** Concurrent::ThreadPoolExecutor (max_threads:, queue_size: / max_queue:). */
export const ThreadPoolExecutorClass = {
  new: (options: unknown = {}) => new ThreadPool(option(options, "max_queue") || option(options, "queue_size")),
};

/** Concurrent::FixedThreadPool.new(n): an unbounded queue. */
export const FixedThreadPoolClass = {
  new: (_threads: unknown = 1, options: unknown = {}) => new ThreadPool(option(options, "max_queue")),
};

/** Awaits every task posted so far, and those they post. */
export async function drainPools(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
