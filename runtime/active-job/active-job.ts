// Active Job as an app's jobs use it: `class PushJob < ApplicationJob; def perform(room, message) ... end; end`,
// `PushJob.perform_later(room, message)`, `PushJob.perform_now(...)`, `PushJob.set(wait: 5.minutes).perform_later`.
// Jobs run in this process after the current request's work (Rails' :async adapter, its default): the arguments
// are serialized as Rails serializes them (a record by its class and id, as a GlobalID) and a record is found again
// when the job performs, so the job sees the row as it is then; a record gone by then fails the job
// (ActiveJob::DeserializationError), which is logged, as the async adapter's thread pool logs it.
//   ApplicationJob < ActiveJob::Base                 class ApplicationJob extends ActiveJobBase
//   PushJob.perform_later(room)                      PushJob.performLater(room)   -> the job, enqueued
import { randomUUID } from "node:crypto";
import { RubyObject } from "../ruby/ruby-object.js";
import { registerLibraryBase } from "../ruby/library-bases.js";
import { NotImplementedError, StandardError } from "../ruby/exceptions.js";
import { railsLogger } from "../active-support/logger.js";
import { toS } from "../ruby/ruby.js";

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

export class ActiveJobBase extends RubyObject {
  static override rubyName = "ActiveJob::Base";
  /** queue_as: the queue's name (jobs run in this process whatever it is). */
  static queueName = "default";

  readonly jobId: string = randomUUID();
  arguments: unknown[] = [];
  scheduledAt: Date | null = null;

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

  performNow(): unknown {
    return (this as unknown as { perform(...a: unknown[]): unknown }).perform(...this.arguments);
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
  const serialized = args.map(serialize);
  const waitSeconds = Number((options.wait as { inSeconds?: () => number } | undefined)?.inSeconds?.() ?? options.wait ?? 0);
  const run = () => {
    try {
      instance.arguments = serialized.map(deserialize);
      instance.performNow();
    } catch (e) {
      railsLogger().error(`Error performing ${job.rubyName} (Job ID: ${instance.jobId}) from Async(${job.queueName}) in 0.0ms: ${(e as Error).name} (${(e as Error).message})`);
    }
  };
  const done = new Promise<void>((resolve) => {
    const go = () => {
      run();
      resolve();
    };
    if (waitSeconds > 0) setTimeout(go, waitSeconds * 1000).unref();
    else setImmediate(go);
  });
  pending.add(done);
  void done.then(() => pending.delete(done));
  return instance;
}

/** Resolves when every job enqueued so far has performed (tests, and a draining shutdown). */
export async function drainJobs(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

registerLibraryBase("ActiveJob::Base", "ActiveJobBase", ActiveJobBase);
