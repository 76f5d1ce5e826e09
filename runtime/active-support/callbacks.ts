// ActiveSupport::Callbacks: a chain of before / around / after callbacks, run around an operation exactly as Rails
// compiles it (CallbackSequence), for whatever holds chains: an Active Record model's meta, an Active Model class's.
//
//   chain [before A, around W, before B, after C]   A; W { B; body; C }      (an around wraps the rest)
//   before callback throws :abort                   halted: the body, later befores and guarded afters skip
//   around callback that never yields               the body never runs; the value stays nil (-> falsy)
//   set_callback of a symbol already in the chain   the old one (same kind) is removed first
// Compiled per chain array (the arrays are replaced, never mutated, when a callback is added).

export type Kind = "before" | "after" | "around";
export type Condition<R = unknown> = (record: R, value: unknown) => boolean;
export type Proceed = () => unknown;

export interface Callback<R = unknown> {
  kind: Kind;
  call: (record: R, proceed: Proceed) => unknown;
  conditions: Array<Condition<R>>;
  /** The method name of a symbol callback (duplicates of the same kind replace each other), else null. */
  key: string | null;
}

/** What holds a class's chains by name (save, validate, validation, commit, ...). */
export interface CallbackChains<R = unknown> {
  callbacks: Map<string, Array<Callback<R>>>;
}

/** `throw :abort` inside a before_* callback: halts the chain; save returns false / destroy returns false. */
export class CallbackAbort extends Error {
  override readonly name = "CallbackAbort";
  constructor() {
    super("throw :abort");
  }
}

export function abort(): never {
  throw new CallbackAbort();
}

/** Adds to a chain as set_callback does (duplicates of a symbol removed, prepend or append). */
export function addToChain<R>(holder: CallbackChains<R>, chain: string, callback: Callback<R>, prepend = false): void {
  const entries = (holder.callbacks.get(chain) ?? []).filter((c) => !(callback.key !== null && c.key === callback.key && c.kind === callback.kind));
  if (prepend) entries.unshift(callback);
  else entries.push(callback);
  holder.callbacks.set(chain, entries);
}

class Sequence<R> {
  readonly before: Array<Callback<R>> = [];
  readonly after: Array<Callback<R>> = [];
  constructor(
    readonly nested: Sequence<R> | null,
    readonly around: Callback<R> | null,
  ) {}
}

interface Env<R> {
  record: R;
  halted: boolean;
  value: unknown;
}

const compiled = new WeakMap<Array<Callback<never>>, Sequence<never>>();

function compile<R>(chain: Array<Callback<R>>): Sequence<R> {
  let sequence = compiled.get(chain as Array<Callback<never>>) as Sequence<R> | undefined;
  if (sequence) return sequence;
  sequence = new Sequence<R>(null, null);
  for (const callback of [...chain].reverse()) {
    if (callback.kind === "before") sequence.before.unshift(callback);
    else if (callback.kind === "after") sequence.after.push(callback);
    else sequence = new Sequence(sequence, callback);
  }
  compiled.set(chain as Array<Callback<never>>, sequence as Sequence<never>);
  return sequence;
}

const applies = <R>(callback: Callback<R>, env: Env<R>) => callback.conditions.every((c) => c(env.record, env.value));
const noProceed = () => undefined;

function invokeBefore<R>(sequence: Sequence<R>, env: Env<R>): void {
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

function invokeAfter<R>(sequence: Sequence<R>, env: Env<R>, skipIfHalted: boolean): void {
  for (const callback of sequence.after) {
    if ((skipIfHalted && env.halted) || !applies(callback, env)) continue;
    callback.call(env.record, noProceed);
  }
}

function invoke<R>(sequence: Sequence<R>, env: Env<R>, body: (() => unknown) | null, skipIfHalted: boolean): unknown {
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
export function runCallbacks<R>(record: R, holder: CallbackChains<R>, chain: string, body: (() => unknown) | null = null): unknown {
  const callbacks = holder.callbacks.get(chain);
  if (!callbacks || callbacks.length === 0) return body ? body() : true;
  const env: Env<R> = { record, halted: false, value: null };
  return invoke(compile(callbacks), env, body, SKIP_AFTER_IF_HALTED.has(chain));
}

/** A chain without an operation (after_initialize, after_touch, after_commit, validate): true unless halted. */
export function runChain<R>(record: R, holder: CallbackChains<R>, chain: string): boolean {
  return runCallbacks(record, holder, chain) === true;
}
