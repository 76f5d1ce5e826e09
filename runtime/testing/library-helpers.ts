// The library test helpers Rails' test cases include, over the runtime's test adapters:
//   ActiveJob::TestHelper            assert_enqueued_jobs / assert_no_enqueued_jobs / perform_enqueued_jobs (the :test queue adapter)
//   ActionCable::TestHelper          assert_broadcasts / assert_no_broadcasts (the :test pubsub's broadcasts)
//   Turbo::Broadcastable::TestHelper assert_turbo_stream_broadcasts / assert_no_turbo_stream_broadcasts / capture_turbo_stream_broadcasts
// Each takes its block last (an async function); without one it reads the state as it is.
import { queueAdapterConfig, type ActiveJobBase } from "../active-job/index.js";
import { actionCableServer } from "../action-cable/index.js";
import { streamNameFrom } from "../gems/turbo-rails/index.js";
import { RubySymbol, hashEntries, inspect, isHash, toS } from "../ruby/ruby.js";
import type { Element } from "domhandler";
import { parseDocument, selectWithin } from "./select.js";

export type Block = () => Promise<unknown> | unknown;

/** A method's trailing block (a function) taken off its arguments. */
export function takeBlock(args: unknown[]): Block | null {
  return typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
}

/** Keyword arguments (a Map of Symbols, or a plain object) by name; {} for anything else. */
export function keywordArgs(value: unknown): Record<string, unknown> {
  if (!isHash(value)) return {};
  return Object.fromEntries(hashEntries(value).map(([k, v]) => [k instanceof RubySymbol ? k.name : toS(k), v]));
}

// ActiveJob::TestHelper

interface JobFilter {
  only?: unknown;
  except?: unknown;
  queue?: unknown;
}

function classes(value: unknown): unknown[] | null {
  return value === undefined || value === null ? null : Array.isArray(value) ? value : [value];
}

/** filter_as_proc / filtered?: a job class (or list) for only:/except:, a queue name for queue:. */
function jobMatches(job: ActiveJobBase, filter: JobFilter): boolean {
  const only = classes(filter.only);
  const except = classes(filter.except);
  const isA = (list: unknown[]) => list.some((k) => typeof k === "function" && job instanceof (k as abstract new (...a: never[]) => unknown));
  if (only && !isA(only)) return false;
  if (except && isA(except)) return false;
  const queue = filter.queue === undefined || filter.queue === null ? null : toS(filter.queue);
  return queue === null || toS((job.constructor as { queueName?: unknown }).queueName) === queue;
}

/** Before each test (ActiveJob::TestHelper#before_setup): no enqueued or performed jobs, none performed at once. */
export function resetJobs(): void {
  queueAdapterConfig.enqueuedJobs.length = 0;
  queueAdapterConfig.performedJobs = [];
  queueAdapterConfig.performNow = null;
}

export async function enqueuedCount(filter: JobFilter, block: Block | null): Promise<number> {
  const matching = () => queueAdapterConfig.enqueuedJobs.filter((j) => jobMatches(j, filter));
  if (!block) return matching().length;
  const before = matching();
  await block();
  return matching().filter((j) => !before.includes(j)).length;
}

export async function performEnqueuedJobs(filter: JobFilter, block: Block | null): Promise<unknown> {
  if (!block) {
    // flush_enqueued_jobs: the matching jobs performed (and those they enqueue), until none is left.
    for (;;) {
      const next = queueAdapterConfig.enqueuedJobs.find((j) => jobMatches(j, filter));
      if (!next) return null;
      queueAdapterConfig.enqueuedJobs.splice(queueAdapterConfig.enqueuedJobs.indexOf(next), 1);
      (queueAdapterConfig.performedJobs ??= []).push(next);
      next.performNow();
    }
  }
  const outer = queueAdapterConfig.performNow;
  queueAdapterConfig.performNow = (job) => jobMatches(job, filter);
  try {
    return await block();
  } finally {
    queueAdapterConfig.performNow = outer;
  }
}

// ActionCable::TestHelper

/** The payloads broadcast on a stream so far (the :test pubsub adapter's list). */
export function broadcastsOn(stream: string): string[] {
  const pubsub = (actionCableServer() as unknown as { pubsub?: { broadcasts?: (s: string) => string[] } }).pubsub;
  if (typeof pubsub?.broadcasts !== "function") throw new Error("ActionCable::TestHelper needs the test pubsub adapter (cable.yml's adapter: test)");
  return pubsub.broadcasts(stream);
}

/** new_broadcasts_from: what the block broadcast on the stream. */
export async function newBroadcasts(stream: string, block: Block | null): Promise<string[]> {
  if (!block) return [...broadcastsOn(stream)];
  const before = broadcastsOn(stream).length;
  await block();
  return broadcastsOn(stream).slice(before);
}

// Turbo::Broadcastable::TestHelper

/** stream_name_from(stream_name_or_object). */
export function turboStreamName(streamable: unknown): string {
  return toS(streamNameFrom(streamable));
}

/** capture_turbo_stream_broadcasts: every payload on the stream parsed as HTML, its body's element children. */
export async function captureTurboStreamBroadcasts(streamable: unknown, block: Block | null): Promise<Element[]> {
  if (block) await block();
  return broadcastsOn(turboStreamName(streamable)).flatMap((payload) => {
    const html = toS(JSON.parse(payload));
    return selectWithin([parseDocument(html)], "body > *");
  });
}

export { inspect };
