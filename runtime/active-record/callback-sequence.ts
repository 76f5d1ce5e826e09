// ActiveSupport::Callbacks::CallbackSequence + run_callbacks: how one chain runs around an operation.
//
//   chain [before A, around W, before B, after C]   A; W { B; body; C }      (an around wraps the rest)
//   before callback throws :abort                   halted: the body, later befores and guarded afters skip
//   around callback that never yields               the body never runs; the value stays nil (-> falsy)
// Compiled per chain array (the arrays are replaced, never mutated, when a callback is added).
import type { Callback } from "./callbacks.js";
import { CallbackAbort } from "./exceptions.js";
import type { ModelMeta, RecordLike } from "./model.js";

class Sequence {
  readonly before: Callback[] = [];
  readonly after: Callback[] = [];
  constructor(
    readonly nested: Sequence | null,
    readonly around: Callback | null,
  ) {}
}

interface Env {
  record: RecordLike;
  halted: boolean;
  value: unknown;
}

const compiled = new WeakMap<Callback[], Sequence>();

function compile(chain: Callback[]): Sequence {
  let sequence = compiled.get(chain);
  if (sequence) return sequence;
  sequence = new Sequence(null, null);
  for (const callback of [...chain].reverse()) {
    if (callback.kind === "before") sequence.before.unshift(callback);
    else if (callback.kind === "after") sequence.after.push(callback);
    else sequence = new Sequence(sequence, callback);
  }
  compiled.set(chain, sequence);
  return sequence;
}

const applies = (callback: Callback, env: Env) => callback.conditions.every((c) => c(env.record, env.value));
const noProceed = () => undefined;

function invokeBefore(sequence: Sequence, env: Env): void {
  for (const callback of sequence.before) {
    if (env.halted || !applies(callback, env)) continue;
    try {
      callback.call(env.record, noProceed);
    } catch (error) {
      if (!(error instanceof CallbackAbort)) throw error;
      env.halted = true;
    }
  }
}

function invokeAfter(sequence: Sequence, env: Env, skipIfHalted: boolean): void {
  for (const callback of sequence.after) {
    if ((skipIfHalted && env.halted) || !applies(callback, env)) continue;
    callback.call(env.record, noProceed);
  }
}

function invoke(sequence: Sequence, env: Env, body: (() => unknown) | null, skipIfHalted: boolean): unknown {
  invokeBefore(sequence, env);
  const around = sequence.around;
  if (!around) env.value = !env.halted && (body ? body() : true);
  else if (env.halted || !applies(around, env)) invoke(sequence.nested!, env, body, skipIfHalted);
  else around.call(env.record, () => invoke(sequence.nested!, env, body, skipIfHalted));
  invokeAfter(sequence, env, skipIfHalted);
  return env.value;
}

// Chains defined with skip_after_callbacks_if_terminated (define_model_callbacks and :validation).
const SKIP_AFTER_IF_HALTED = new Set(["save", "create", "update", "destroy", "initialize", "find", "touch", "validation"]);

/**
 * Runs a chain around `body` and returns Rails' env.value: false when halted, null when an around callback did
 * not yield, else the body's value (true when there is no body).
 */
export function runCallbacks(record: RecordLike, meta: ModelMeta, chain: string, body: (() => unknown) | null = null): unknown {
  const callbacks = meta.callbacks.get(chain);
  if (!callbacks || callbacks.length === 0) return body ? body() : true;
  const env: Env = { record, halted: false, value: null };
  return invoke(compile(callbacks), env, body, SKIP_AFTER_IF_HALTED.has(chain));
}

/** A chain without an operation (after_initialize, after_touch, after_commit, validate): true unless halted. */
export function runChain(record: RecordLike, meta: ModelMeta, chain: string): boolean {
  return runCallbacks(record, meta, chain) === true;
}
