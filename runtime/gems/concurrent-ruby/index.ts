// concurrent-ruby: the thread pools an app's own code creates (not Rails' internal use of the gem).
export { ThreadPool, ThreadPoolExecutorClass, FixedThreadPoolClass, RejectedExecutionError, drainPools } from "./thread-pool.js";
