// ActiveSupport::Callbacks as Active Record uses them: one chain per event family, run exactly as Rails compiles it.
//
//   before_save :normalize                 { event: "before_save", method: "normalize" }  -> record.normalize()
//   before_save { |r| ... } / -> { ... }    { event: "before_save", fn }     fn.call(record, record)
//   around_save :wrap (def wrap; yield; end) record.wrap(proceed)          / fn.call(record, record, proceed)
//   after_commit :x, on: [:create]          { event: "after_commit", method: "x", options: { on: ["create"] } }
//   if: :m / if: -> { } / unless: [...]     options.if / options.unless: method names or functions (callbacks.ts
//                                           conditions are shared with validations, see active-support/callback-conditions.ts)
//   throw :abort in a before_* callback     abort() -> the chain halts and the operation returns false
// Why the compile step: Rails runs an around callback around *the rest of the chain* (callbacks declared after
// it), model after_* callbacks are prepended (so they run outside every around, in declaration order), and a
// symbol declared twice of the same kind replaces the first (`after_create_commit :x; after_update_commit :x`
// keeps only the update one). Reproducing AS::Callbacks' CallbackSequence gives all of that for free.
import type { CallbackDescriptor } from "./meta.js";
import { addToChain, type Callback } from "../active-support/callbacks.js";
import { addCallbackEntry as addEntry, callbackFor as macroCallback, modelMacro, VALIDATION_MACROS, type CallbackOptions, type Macro } from "../active-model/callbacks.js";
import { metaOf, type CallbackFn, type ModelMeta, type RecordLike } from "./model.js";
import { transactionIncludes, type TransactionalRecord } from "./transaction-state.js";

export type { Callback, Condition, Kind, Proceed } from "../active-support/callbacks.js";
export type { CallbackOptions } from "../active-model/callbacks.js";

const MACROS = new Map<string, Macro>(VALIDATION_MACROS);
for (const chain of ["save", "create", "update", "destroy"]) {
  for (const kind of ["before", "around", "after"] as const) MACROS.set(`${kind}_${chain}`, modelMacro(chain, kind));
}
for (const chain of ["initialize", "find", "touch"]) MACROS.set(`after_${chain}`, modelMacro(chain, "after"));
// run_after_transaction_callbacks_in_order_defined (7.1 defaults): transaction callbacks are prepended too.
const onTransaction = (on: string[]) => (r: object) => transactionIncludes(r as TransactionalRecord, metaOf(r.constructor), on);
const transactionMacro = (chain: string, enforcedOn?: string[]): Macro => ({ chain, kind: "after", prepend: true, valueGuard: false, on: onTransaction, ...(enforcedOn ? { enforcedOn } : {}) });
for (const chain of ["commit", "rollback"]) MACROS.set(`after_${chain}`, transactionMacro(chain));
const ENFORCED_ON: { [event: string]: string[] } = {
  after_create_commit: ["create"], after_update_commit: ["update"], after_destroy_commit: ["destroy"],
  after_save_commit: ["create", "update"],
};
for (const [event, on] of Object.entries(ENFORCED_ON)) MACROS.set(event, transactionMacro("commit", on));

/** Rails' callback macros this runtime runs. */
export const CALLBACK_EVENTS = new Set(MACROS.keys());

/** A descriptor entry -> the chain it joins and the callback. */
export function callbackFor(entry: CallbackDescriptor): { chain: string; prepend: boolean; callback: Callback<RecordLike> } {
  return macroCallback<RecordLike>(MACROS, entry);
}

export { addToChain };

export function addCallbackEntry(meta: ModelMeta, entry: CallbackDescriptor): void {
  addEntry<RecordLike>(meta, MACROS, entry);
}

/** A runtime-internal callback (associations' autosave, touch, dependent), registered as its Rails macro. */
export function addCallback(meta: ModelMeta, event: string, fn: CallbackFn, options: CallbackOptions = {}): void {
  addCallbackEntry(meta, { event, fn: (record: RecordLike) => fn(record), options: { ...options } });
}

export { runCallbacks, runChain } from "../active-support/callbacks.js";
