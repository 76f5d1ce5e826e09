// Active Job as an app's jobs use it: `class PushJob < ApplicationJob; def perform(room, message) ... end; end`,
// `PushJob.perform_later(room, message)`, `PushJob.perform_now(...)`, `PushJob.set(wait: 5.minutes).perform_later`.
// Jobs run in this process after the current request's work (Rails' :async adapter, its default): the arguments
// are serialized as Rails serializes them (a record by its class and id, as a GlobalID) and a record is found again
// when the job performs, so the job sees the row as it is then; a record gone by then fails the job
// (ActiveJob::DeserializationError), which is logged, as the async adapter's thread pool logs it.
// Under RAILS_ENV=test the adapter is Rails' :test (ActiveJob's railtie: `queue_adapter ||= Rails.env.test? ? :test
// : :async`) unless test.rb names one: perform_later enqueues the job and nothing performs it, as in Rails.
// A job's errors are handled as ActiveJob::Exceptions handles them (7.2): retry_on enqueues the job again (its
// executions counted per exception list) until the attempts are used up, then calls its block or lets the error
// out; discard_on drops the job (calling its block); rescue_from runs a method; each logged as Rails logs it.
//   ApplicationJob < ActiveJob::Base                 class ApplicationJob extends ActiveJobBase
//   PushJob.perform_later(room)                      PushJob.performLater(room)   -> the job, enqueued
//   retry_on FlakyError, wait: 0, attempts: 3        static { this.retryOn([FlakyError], { wait: 0, attempts: 3 }); }
//   discard_on OtherError do |job, error| ... end    static { this.discardOn([OtherError], (job, error) => { ... }); }
//   rescue_from FatalError, with: :note_fatal        static { this.rescueFrom([FatalError], "noteFatal"); }
import { randomUUID } from "node:crypto";
import { RubyObject } from "../ruby/ruby-object.js";
import { registerLibraryBase } from "../ruby/library-bases.js";
import { NotImplementedError, StandardError } from "../ruby/exceptions.js";
import { railsLogger } from "../active-support/logger.js";
import { toS } from "../ruby/ruby.js";
import { rubyAncestry } from "../ruby/rescue.js";
import { rescueFrom, rescueWithHandler, type RescueHandler } from "../active-support/rescuable.js";

/**
 * retry_on's options (ActiveJob::Exceptions.retry_on). `wait`: seconds, a Duration, :polynomially_longer or a lambda
 * of the executions. (`queue:` and `priority:` pick where a retry waits; every queue runs in this process.)
 */
export interface RetryOptions {
  wait?: unknown;
  attempts?: number | "unlimited";
  jitter?: number;
}

type JobBlock = (job: ActiveJobBase, error: unknown) => unknown;

type JobClass = typeof ActiveJobBase;

/** A record argument as Active Job keeps it: its class and id (GlobalID), found again when the job performs. */
interface RecordRef {
  model: { find(id: unknown): unknown; rubyName?: string; name: string };
  id: unknown;
}

export class DeserializationError extends StandardError {
  static override rubyName = "ActiveJob::DeserializationError";
}

const pending = new Set<Promise<void>>();

/**
 * The queue adapter the app runs under (createApp sets it from RAILS_ENV and the environment's config): :async
 * performs after the current work, :inline at once, :test never (the job is kept in enqueuedJobs, as
 * ActiveJob::QueueAdapters::TestAdapter keeps it).
 */
export const queueAdapterConfig: {
  adapter: "async" | "inline" | "test";
  enqueuedJobs: ActiveJobBase[];
  /** :test's perform_enqueued_jobs (inside a test's perform_enqueued_jobs block): which jobs perform when enqueued. */
  performNow?: ((job: ActiveJobBase) => boolean) | null;
  performedJobs?: ActiveJobBase[];
} = { adapter: "async", enqueuedJobs: [] };

export class ActiveJobBase extends RubyObject {
  static override rubyName = "ActiveJob::Base";
  /** queue_as: the queue's name (jobs run in this process whatever it is). */
  static queueName = "default";

  /** retry_jitter: 0.0 as the class attribute defaults; apps on load_defaults 6.1 or later get 0.15 (it only moves a retry's time). */
  static retryJitter = 0.15;

  readonly jobId: string = randomUUID();
  arguments: unknown[] = [];
  scheduledAt: Date | null = null;
  /** What perform_later serialized: found again when the job performs (deserialize_arguments_if_needed). */
  serializedArguments: unknown[] | null = null;
  private executionCount = 0;
  /** exception_executions: performs that raised, per retry_on exception list. */
  exceptionExecutions: Record<string, number> = {};

  /** executions: how many times this job has been performed (this one included). */
  executions(): number {
    return this.executionCount;
  }

  /** retry_on(*exceptions, wait: 3.seconds, attempts: 5) { |job, error| }: a rescue_from handler that enqueues the job again. */
  static retryOn(this: JobClass, exceptions: unknown[], options: RetryOptions = {}, block?: JobBlock): void {
    const wait = options.wait ?? 3;
    const attempts = options.attempts ?? 5;
    const key = exceptionListKey(exceptions);
    rescueFrom(this, exceptions, function (this: unknown, error: unknown) {
      const job = this as ActiveJobBase;
      const executions = (job.exceptionExecutions[key] = (job.exceptionExecutions[key] ?? 0) + 1);
      if (attempts === "unlimited" || executions < attempts) {
        const delay = determineDelay(wait, executions, options.jitter ?? (job.constructor as JobClass).retryJitter);
        job.retryJob({ wait: delay, error });
        return;
      }
      if (block) block(job, error);
      railsLogger().error(
        `Stopped retrying ${job.rubyClassName()} (Job ID: ${job.jobId}) due to a ${rubyClassOf(error)} (${messageOf(error)}), which reoccurred on ${job.executions()} attempts.`,
      );
      if (!block) throw error;
    });
  }

  /** discard_on(*exceptions) { |job, error| }: the job is dropped, logged as discarded. */
  static discardOn(this: JobClass, exceptions: unknown[], block?: JobBlock): void {
    rescueFrom(this, exceptions, function (this: unknown, error: unknown) {
      const job = this as ActiveJobBase;
      if (block) block(job, error);
      railsLogger().error(`Discarded ${job.rubyClassName()} (Job ID: ${job.jobId}) due to a ${rubyClassOf(error)} (${messageOf(error)}).`);
    });
  }

  /** rescue_from(*exceptions, with: :method): the method handles the error. */
  static rescueFrom(this: JobClass, exceptions: unknown[], handler: RescueHandler): void {
    rescueFrom(this, exceptions, handler);
  }

  /** retry_job(wait:): the job (its executions counted on) enqueued again. */
  retryJob(options: { wait?: number; error?: unknown } = {}): void {
    const job = this.constructor as JobClass;
    const wait = options.wait ?? 0;
    enqueueInstance(job, this, { wait });
    const due = options.error === undefined ? "" : `, due to a ${rubyClassOf(options.error)} (${messageOf(options.error)})`;
    railsLogger().info(`Retrying ${this.rubyClassName()} (Job ID: ${this.jobId}) after ${this.executions()} attempts in ${Math.trunc(wait)} seconds${due}.`);
  }

  override initialize(...args: unknown[]): unknown {
    this.arguments = args;
    return null;
  }

  /** Job.perform_later(*args): enqueued; performed after the current work (setImmediate), errors logged. */
  static performLater<J extends ActiveJobBase>(this: new () => J, ...args: unknown[]): J {
    return enqueue(this as unknown as JobClass, args, {}) as J;
  }

  /** Job.perform_now(*args): performed here, its value answered, its errors raised. */
  static performNow(this: JobClass, ...args: unknown[]): unknown {
    const job = this.build(...args) as ActiveJobBase;
    return job.performNow();
  }

  /** Job.set(wait:, wait_until:, queue:, priority:): a configured job whose perform_later takes the options. */
  static set(this: JobClass, options: Record<string, unknown> = {}): { performLater: (...args: unknown[]) => ActiveJobBase; performNow: (...args: unknown[]) => unknown } {
    return { performLater: (...args) => enqueue(this, args, options), performNow: (...args) => this.performNow(...args) };
  }

  /** perform_now: counted, arguments found again, performed; an error a handler takes is answered, any other raised. */
  performNow(): unknown {
    this.executionCount += 1;
    try {
      if (this.serializedArguments) {
        this.arguments = this.serializedArguments.map(deserialize);
        this.serializedArguments = null;
      }
      return (this as unknown as { perform(...a: unknown[]): unknown }).perform(...this.arguments);
    } catch (error) {
      const handled = rescueWithHandler(this, error);
      if (handled) return handled.handled;
      throw error;
    }
  }

  perform(..._args: unknown[]): unknown {
    throw new NotImplementedError(`${this.rubyClassName()}#perform is not defined`);
  }

  queueName(): string {
    return (this.constructor as JobClass).queueName;
  }
}

/** Keeps a record as its class and id; any other argument as it is (Rails' serializers take the rest as values). */
function serialize(arg: unknown): unknown {
  const record = arg as { id?: unknown; constructor?: { find?: unknown } } | null;
  if (record !== null && typeof record === "object" && typeof record.constructor?.find === "function" && "isPersisted" in record && record.id !== null && record.id !== undefined) {
    return { model: record.constructor as RecordRef["model"], id: record.id };
  }
  if (Array.isArray(arg)) return arg.map(serialize);
  return arg;
}

function deserialize(arg: unknown): unknown {
  if (Array.isArray(arg)) return arg.map(deserialize);
  const ref = arg as RecordRef | null;
  if (ref !== null && typeof ref === "object" && "model" in ref && "id" in ref && typeof ref.model?.find === "function" && Object.keys(ref).length === 2) {
    try {
      return ref.model.find(ref.id);
    } catch (e) {
      throw new DeserializationError(`Error while trying to deserialize arguments: ${toS((e as Error).message)}`);
    }
  }
  return arg;
}

function enqueue(job: JobClass, args: unknown[], options: Record<string, unknown>): ActiveJobBase {
  const instance = job.build(...args) as ActiveJobBase;
  const waitSeconds = Number((options.wait as { inSeconds?: () => number } | undefined)?.inSeconds?.() ?? options.wait ?? 0);
  return enqueueInstance(job, instance, { wait: waitSeconds });
}

/** Serializes the job's arguments now and performs it after the current work (or `wait` seconds later); errors logged. */
function enqueueInstance(job: JobClass, instance: ActiveJobBase, options: { wait: number }): ActiveJobBase {
  instance.serializedArguments = instance.arguments.map(serialize);
  if (queueAdapterConfig.adapter === "test") {
    // TestAdapter#perform_or_enqueue: performed at once when the test asks for it and the filter takes the job.
    if (queueAdapterConfig.performNow?.(instance)) {
      (queueAdapterConfig.performedJobs ??= []).push(instance);
      instance.performNow();
    } else queueAdapterConfig.enqueuedJobs.push(instance);
    return instance;
  }
  if (queueAdapterConfig.adapter === "inline") {
    instance.performNow();
    return instance;
  }
  const run = () => {
    try {
      instance.performNow();
    } catch (e) {
      railsLogger().error(`Error performing ${job.rubyName} (Job ID: ${instance.jobId}) from Async(${job.queueName}) in 0.0ms: ${rubyClassOf(e)} (${messageOf(e)})`);
    }
  };
  const done = new Promise<void>((resolve) => {
    const go = () => {
      run();
      resolve();
    };
    if (options.wait > 0) setTimeout(go, options.wait * 1000).unref();
    else setImmediate(go);
  });
  pending.add(done);
  void done.then(() => pending.delete(done));
  return instance;
}

/** determine_delay: seconds or a Duration (plus jitter), :polynomially_longer (executions**4 + jitter + 2), or a lambda's answer. */
function determineDelay(wait: unknown, executions: number, jitter: number): number {
  const withJitter = (delay: number) => delay + (jitter === 0 ? 0 : Math.random() * delay * jitter);
  if (wait === "polynomially_longer") return withJitter(executions ** 4) + 2;
  if (typeof wait === "number") return withJitter(Math.trunc(wait));
  const seconds = (wait as { inSeconds?: () => number } | null)?.inSeconds;
  if (typeof seconds === "function") return withJitter(Math.trunc(seconds.call(wait)));
  if (typeof wait === "function") return Number(wait(executions));
  throw new StandardError(`Couldn't determine a delay based on ${toS(wait)}`);
}

/** exceptions.to_s: the key retry_on counts a list's executions under. */
function exceptionListKey(exceptions: unknown[]): string {
  return `[${exceptions.map((e) => (typeof e === "function" ? ((e as { rubyName?: string }).rubyName ?? e.name) : toS(e))).join(", ")}]`;
}

function rubyClassOf(error: unknown): string {
  return error instanceof Error ? rubyAncestry(error)[0]! : typeof error;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : toS(error);
}

/** Resolves when every job enqueued so far has performed (tests, and a draining shutdown). */
export async function drainJobs(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

registerLibraryBase("ActiveJob::Base", "ActiveJobBase", ActiveJobBase);
