// Rails.logger (ActiveSupport::Logger): what apps write with `Rails.logger.warn "..."`. Messages at or above the
// level go to the process's standard error, one per line, as the runtime logs its own errors; the level is
// RAILS_LOG_LEVEL (Rails 7.2's generated production.rb reads it, "info" by default), "debug" outside production.
//   Rails.logger.info "x"              RailsModule.logger().info("x")
//   Rails.logger.debug { expensive }   the block runs only when debug is logged
import { toS } from "../ruby/ruby.js";

const LEVELS = ["debug", "info", "warn", "error", "fatal", "unknown"] as const;
type Level = (typeof LEVELS)[number];

export class RailsLogger {
  static rubyName = "ActiveSupport::Logger";
  private levelIndex: number;

  constructor(private readonly write: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {
    const given = (process.env.RAILS_LOG_LEVEL ?? ((process.env.RAILS_ENV ?? "production") === "production" ? "info" : "debug")).toLowerCase();
    this.levelIndex = Math.max(0, LEVELS.indexOf(given as Level));
  }

  private add(level: Level, message: unknown, block: unknown): boolean {
    if (LEVELS.indexOf(level) < this.levelIndex) return true;
    const text = typeof message === "function" ? (message as () => unknown)() : typeof block === "function" ? (block as () => unknown)() : message;
    this.write(toS(text));
    return true;
  }

  debug(message: unknown = null, block?: unknown): boolean {
    return this.add("debug", message, block);
  }
  info(message: unknown = null, block?: unknown): boolean {
    return this.add("info", message, block);
  }
  warn(message: unknown = null, block?: unknown): boolean {
    return this.add("warn", message, block);
  }
  error(message: unknown = null, block?: unknown): boolean {
    return this.add("error", message, block);
  }
  fatal(message: unknown = null, block?: unknown): boolean {
    return this.add("fatal", message, block);
  }
  unknown(message: unknown = null, block?: unknown): boolean {
    return this.add("unknown", message, block);
  }
  isDebug(): boolean {
    return this.levelIndex <= 0;
  }
  isInfo(): boolean {
    return this.levelIndex <= 1;
  }
  isWarn(): boolean {
    return this.levelIndex <= 2;
  }
  isError(): boolean {
    return this.levelIndex <= 3;
  }
  /** Logger#level: 0 (debug) .. 5 (unknown). */
  level(): number {
    return this.levelIndex;
  }
  /** TaggedLogging#tagged(*tags) { }: the block's value (tags are not written: the runtime logs no request tags). */
  tagged(...args: unknown[]): unknown {
    const block = args[args.length - 1];
    return typeof block === "function" ? (block as (l: RailsLogger) => unknown)(this) : this;
  }
  /** Logger#silence { }: the block, its messages below error dropped. */
  silence(...args: unknown[]): unknown {
    const block = args[args.length - 1] as () => unknown;
    const before = this.levelIndex;
    this.levelIndex = Math.max(before, 3);
    try {
      return block();
    } finally {
      this.levelIndex = before;
    }
  }
}

let shared: RailsLogger | null = null;

/** The process's Rails.logger. */
export function railsLogger(): RailsLogger {
  return (shared ??= new RailsLogger());
}
