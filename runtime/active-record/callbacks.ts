// ActiveSupport::Callbacks as Active Record uses them: one chain per event family, run exactly as Rails compiles it.
//
//   before_save :normalize                 { event: "before_save", method: "normalize" }  -> record.normalize()
//   before_save { |r| ... } / -> { ... }    { event: "before_save", fn }     fn.call(record, record)
//   around_save :wrap (def wrap; yield; end) record.wrap(proceed)          / fn.call(record, record, proceed)
//   after_commit :x, on: [:create]          { event: "after_commit", method: "x", options: { on: ["create"] } }
//   if: :m / if: -> { } / unless: [...]     options.if / options.unless: method names or functions (callbacks.ts
//                                           conditions are shared with validations, see conditions.ts)
//   throw :abort in a before_* callback     abort() -> the chain halts and the operation returns false
// Why the compile step: Rails runs an around callback around *the rest of the chain* (callbacks declared after
// it), model after_* callbacks are prepended (so they run outside every around, in declaration order), and a
// symbol declared twice of the same kind replaces the first (`after_create_commit :x; after_update_commit :x`
// keeps only the update one). Reproducing AS::Callbacks' CallbackSequence gives all of that for free.
import type { CallbackDescriptor } from "./meta.js";
import { callProc, conditionFor, recordMethod, type ConditionSpec } from "./conditions.js";
import { metaOf, type CallbackFn, type ModelMeta, type RecordLike } from "./model.js";
import { transactionIncludes, type TransactionalRecord } from "./transaction-state.js";

export type Kind = "before" | "after" | "around";
export type Condition = (record: RecordLike, value: unknown) => boolean;
export type Proceed = () => unknown;

export interface Callback {
  kind: Kind;
  call: (record: RecordLike, proceed: Proceed) => unknown;
  conditions: Condition[];
  /** The method name of a symbol callback (duplicates of the same kind replace each other), else null. */
  key: string | null;
}

interface Macro {
  chain: string;
  kind: Kind;
  prepend: boolean;
  /** ActiveModel's after_* callbacks skip when the operation's value is false. */
  valueGuard: boolean;
  on: "validation" | "transaction" | null;
}

const model = (chain: string, kind: Kind): Macro => ({ chain, kind, prepend: kind === "after", valueGuard: kind === "after", on: null });
const MACROS = new Map<string, Macro>();
for (const chain of ["save", "create", "update", "destroy"]) {
  for (const kind of ["before", "around", "after"] as const) MACROS.set(`${kind}_${chain}`, model(chain, kind));
}
for (const chain of ["initialize", "find", "touch"]) MACROS.set(`after_${chain}`, model(chain, "after"));
MACROS.set("before_validation", { chain: "validation", kind: "before", prepend: false, valueGuard: false, on: "validation" });
MACROS.set("after_validation", { chain: "validation", kind: "after", prepend: true, valueGuard: false, on: "validation" });
MACROS.set("validate", { chain: "validate", kind: "before", prepend: false, valueGuard: false, on: "validation" });
// run_after_transaction_callbacks_in_order_defined (7.1 defaults): transaction callbacks are prepended too.
for (const chain of ["commit", "rollback"]) {
  MACROS.set(`after_${chain}`, { chain, kind: "after", prepend: true, valueGuard: false, on: "transaction" });
}
const ENFORCED_ON: { [event: string]: string[] } = {
  after_create_commit: ["create"], after_update_commit: ["update"], after_destroy_commit: ["destroy"],
  after_save_commit: ["create", "update"],
};
for (const event of Object.keys(ENFORCED_ON)) MACROS.set(event, MACROS.get("after_commit")!);

/** Rails' callback macros this runtime runs. */
export const CALLBACK_EVENTS = new Set(MACROS.keys());

export interface CallbackOptions {
  if?: ConditionSpec | ConditionSpec[];
  unless?: ConditionSpec | ConditionSpec[];
  on?: string | string[];
  prepend?: boolean;
}

const validationContext = (r: RecordLike) => (r as unknown as { _validationContext: string | null })._validationContext ?? "";
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function conditionsOf(macro: Macro, event: string, options: CallbackOptions): Condition[] {
  const out: Condition[] = [];
  const on = ENFORCED_ON[event] ?? list(options.on);
  if (on.length && macro.on === "validation") out.push((r) => on.includes(validationContext(r)));
  if (on.length && macro.on === "transaction") out.push((r) => transactionIncludes(r as TransactionalRecord, metaOf(r.constructor), on));
  for (const spec of list(options.if)) {
    const test = conditionFor(spec);
    out.push((r) => test(r));
  }
  for (const spec of list(options.unless)) {
    const test = conditionFor(spec);
    out.push((r) => !test(r));
  }
  if (macro.valueGuard) out.push((_r, value) => value !== false);
  return out;
}

/** The method of a symbol callback: the TS member name first, then the Ruby name converted. */
function member(record: RecordLike, method: string): (...args: unknown[]) => unknown {
  const fn = recordMethod(record, method);
  if (!fn) throw new TypeError(`undefined method '${method}' for an instance of ${record.constructor.name}`);
  return fn;
}

/** A descriptor entry -> the chain it joins and the callback. */
export function callbackFor(entry: CallbackDescriptor): { chain: string; prepend: boolean; callback: Callback } {
  const macro = MACROS.get(entry.event);
  if (!macro) throw new Error(`unsupported callback ${entry.event}`);
  const { method, fn } = entry;
  let call: Callback["call"];
  if (fn) call = (record, proceed) => callProc(fn, record, proceed);
  else if (method) call = (record, proceed) => member(record, method).call(record, proceed);
  else throw new Error(`${entry.event}: a callback needs a method or a fn`);
  const options = (entry.options ?? {}) as CallbackOptions;
  const callback = { kind: macro.kind, call, conditions: conditionsOf(macro, entry.event, options), key: fn ? null : (method ?? null) };
  return { chain: macro.chain, prepend: options.prepend ?? macro.prepend, callback };
}

/** Adds to a class's chain as set_callback does (duplicates of a symbol removed, prepend or append). */
export function addToChain(meta: ModelMeta, chain: string, callback: Callback, prepend = false): void {
  const entries = (meta.callbacks.get(chain) ?? []).filter((c) => !(callback.key !== null && c.key === callback.key && c.kind === callback.kind));
  if (prepend) entries.unshift(callback);
  else entries.push(callback);
  meta.callbacks.set(chain, entries);
}

export function addCallbackEntry(meta: ModelMeta, entry: CallbackDescriptor): void {
  const { chain, prepend, callback } = callbackFor(entry);
  addToChain(meta, chain, callback, prepend);
}

/** A runtime-internal callback (associations' autosave, touch, dependent), registered as its Rails macro. */
export function addCallback(meta: ModelMeta, event: string, fn: CallbackFn, options: CallbackOptions = {}): void {
  addCallbackEntry(meta, { event, fn: (record: RecordLike) => fn(record), options: { ...options } });
}

export { runCallbacks, runChain } from "./callback-sequence.js";
