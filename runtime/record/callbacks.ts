// ActiveRecord::Callbacks -> callback chains run around validation, save, create, update, destroy, touch.
//
//   before_save :normalize              { event: "before_save", method: "normalize" }  -> record.normalize()
//   throw :abort in a before_* callback  abort()  (exceptions.ts)  -> the operation returns false
//   returning false from a callback      does nothing (Rails >= 5)
// Order inside one run, as Rails: before_validation, validate..., after_validation, before_save, before_create
// (or before_update), the write, after_create (after_update), after_save. Associations register their own
// entries (dependent: :destroy is a before_destroy, autosave an after_create/after_update) in declaration order.
import { camel } from "../app/names.js";
import { CallbackAbort } from "./exceptions.js";
import type { CallbackFn, ModelMeta, RecordLike } from "./model.js";

/** Rails' callback macros this runtime runs. around_* need a block and are declined by the compiler. */
export const CALLBACK_EVENTS = new Set([
  "after_initialize", "after_find", "before_validation", "validate", "after_validation", "before_save", "after_save",
  "before_create", "after_create", "before_update", "after_update", "before_destroy", "after_destroy", "after_touch",
  "after_commit", "after_rollback", "after_create_commit", "after_update_commit", "after_destroy_commit", "after_save_commit",
]);

/** A symbol-method callback: calls the model's method (TS name first, then the Ruby name camelized). */
export function methodCallback(method: string): CallbackFn {
  return (record) => {
    const target = record as unknown as { [name: string]: unknown };
    const fn = target[method] ?? target[camel(method)];
    if (typeof fn !== "function") throw new TypeError(`undefined method \`${method}' for an instance of ${record.constructor.name}`);
    (fn as () => unknown).call(record);
  };
}

export function addCallback(meta: ModelMeta, event: string, fn: CallbackFn): void {
  if (!CALLBACK_EVENTS.has(event)) throw new Error(`unsupported callback ${event}`);
  const chain = meta.callbacks.get(event) ?? [];
  chain.push(fn);
  meta.callbacks.set(event, chain);
}

function chain(meta: ModelMeta, event: string): CallbackFn[] {
  return meta.callbacks.get(event) ?? [];
}

/** Runs each callback of a chain; false when one aborted (`throw :abort`). */
export function runChain(record: RecordLike, meta: ModelMeta, event: string): boolean {
  for (const fn of chain(meta, event)) {
    try {
      fn(record);
    } catch (error) {
      if (error instanceof CallbackAbort) return false;
      throw error;
    }
  }
  return true;
}

/** before_<kind> chain, the body, after_<kind> chain; false when halted or when the body returned false. */
export function runCallbacks(record: RecordLike, meta: ModelMeta, kind: string, body: () => boolean): boolean {
  if (!runChain(record, meta, `before_${kind}`)) return false;
  if (!body()) return false;
  return runChain(record, meta, `after_${kind}`);
}
