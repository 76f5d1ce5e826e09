// The save / destroy / touch / valid? flows, in Rails 7.2's nesting (what decides statement and callback order):
//
//   save:    transaction { valid?(:create|:update) [validation chain { validate chain }]
//                          && save chain { create: timestamps; create chain { INSERT; changes_applied }
//                                          update: timestamps; update chain { UPDATE; changes_applied } } }
//            a false/nil status rolls back; after_commit runs when the real transaction commits
//   destroy: transaction { destroy chain { DELETE } }
//   touch:   transaction { touch chain { UPDATE updated_at } }  (after_touch; counts as an update for after_commit)
//   touch_later (belongs_to touch: true): updated_at set in memory now, the UPDATE deferred to just before
//            COMMIT, parents touched later in turn — so Vote -> Card -> Board costs one UPDATE each, at commit.
// The transaction is lazy (active-record/connection/transactions.ts): a save that queries nothing sends nothing; one whose
// belongs_to check queries first sends BEGIN, SELECT, ROLLBACK.
import { runCallbacks } from "./callbacks.js";
import { runValidations as runActiveModelValidations } from "../active-model/validations.js";
import { RecordInvalid, RecordNotSaved } from "./exceptions.js";
import type { ModelMeta } from "./model.js";
import { deleteRecord, insertRecord, stampCreate, stampUpdate, updateRecord } from "./persistence.js";
import { currentTime, type Time } from "../active-support/time.js";
import { addToTransaction, transactionState, withTransactionReturningStatus, type TransactionalRecord } from "./transaction-state.js";

/** The lifecycle state Base keeps per record. */
export interface Lifecycle extends TransactionalRecord {
  _validationContext: string | null;
}

const UPDATE_STAMPS = ["updated_at", "updated_on"];

/** CounterCache#_create_record / #destroy_row: belongs_to counter_cache updates (installed by associations.ts). */
export interface CounterCacheHooks {
  afterInsert(record: Lifecycle): void;
  afterDelete(record: Lifecycle): void;
}
let counterCache: CounterCacheHooks = { afterInsert: () => undefined, afterDelete: () => undefined };
export function setCounterCacheHooks(hooks: CounterCacheHooks): void {
  counterCache = hooks;
}

/** valid?(context): a record's context is create or update unless one is given. */
export function runValidations(record: Lifecycle, meta: ModelMeta, context: string | null = null): boolean {
  return runActiveModelValidations(record, meta, context ?? (record._newRecord ? "create" : "update"));
}

export interface SaveOptions {
  validate?: boolean;
  context?: string;
  touch?: boolean;
}

/** save / save! (`bang`: RecordInvalid or RecordNotSaved raised inside the transaction, which rolls it back). */
export function performSave(record: Lifecycle, meta: ModelMeta, options: SaveOptions = {}, bang = false): boolean {
  const status = withTransactionReturningStatus(record, meta, () => {
    if (options.validate !== false && !runValidations(record, meta, options.context ?? null)) {
      if (bang) throw new RecordInvalid(record);
      return false;
    }
    const saved = runCallbacks(record, meta, "save", () => {
      if (record._destroyed) return false;
      return record._newRecord ? create(record, meta) : update(record, meta, options.touch !== false);
    });
    if (bang && !saved) throw new RecordNotSaved("Failed to save the record", record);
    return saved;
  });
  return status === true;
}

function create(record: Lifecycle, meta: ModelMeta): boolean {
  stampCreate(record, meta);
  return runCallbacks(record, meta, "create", () => {
    insertRecord(record, meta);
    record._newRecord = false;
    record._previouslyNewRecord = true;
    counterCache.afterInsert(record);
    record._attributes.applyChanges();
    return true;
  }) !== false;
}

function update(record: Lifecycle, meta: ModelMeta, touch: boolean): boolean {
  if (touch) stampUpdate(record, meta);
  return runCallbacks(record, meta, "update", () => {
    updateRecord(record, meta);
    transactionState(record, meta).triggerUpdate = true;
    record._previouslyNewRecord = false;
    record._attributes.applyChanges();
    return true;
  }) !== false;
}

/** destroy: the record itself, or false when a before_destroy callback aborted. */
export function performDestroy(record: Lifecycle, meta: ModelMeta): boolean {
  const status = withTransactionReturningStatus(record, meta, () =>
    runCallbacks(record, meta, "destroy", () => {
      const deleted = record._newRecord ? 0 : deleteRecord(record, meta);
      if (deleted > 0) counterCache.afterDelete(record);
      const s = transactionState(record, meta);
      s.triggerDestroy ||= record.isPersisted() && deleted > 0;
      record._destroyed = true;
      record._previouslyNewRecord = false;
      return true;
    }),
  );
  return status === true;
}

/** touch(*names, time:): one UPDATE of updated_at (and names), no validations or save callbacks; after_touch. */
export function performTouch(record: Lifecycle, meta: ModelMeta, names: string[], time: Time = currentTime()): boolean {
  if (!record.isPersisted()) throw new Error(`cannot touch on a new or destroyed record object`);
  const s = transactionState(record, meta);
  // A pending touch_later is folded into this touch (TouchLater#touch).
  s.deferredTouch = null;
  const columns = [...new Set([...UPDATE_STAMPS.filter((c) => meta.types.has(c)), ...names])];
  const status = withTransactionReturningStatus(record, meta, () =>
    runCallbacks(record, meta, "touch", () => {
      if (columns.length === 0) return true;
      for (const c of columns) record._attributes.write(c, time);
      updateRecord(record, meta, columns);
      record._attributes.forgetChanges(columns);
      s.triggerUpdate = true;
      return true;
    }),
  );
  return status === true;
}

/**
 * touch_later(*names): stamp in memory now, UPDATE before COMMIT; `touchParents` cascades to touch: true parents.
 * Names accumulate across calls until the touch runs (@_defer_touch_attrs |= names).
 */
export function touchLater(record: Lifecycle, meta: ModelMeta, names: string[], touchParents: (record: Lifecycle) => void): void {
  if (!record.isPersisted()) throw new Error(`cannot touch on a new or destroyed record object`);
  const s = transactionState(record, meta);
  const time = currentTime();
  const columns = [...new Set([...(s.deferredTouch?.columns ?? UPDATE_STAMPS.filter((c) => meta.types.has(c))), ...names])];
  s.deferredTouch = { columns, run: () => void performTouch(record, meta, columns, time) };
  for (const c of columns) record._attributes.write(c, time);
  record._attributes.forgetChanges(columns);
  // add_to_transaction without remember_transaction_record_state; `@_new_record_before_last_commit ||= false`.
  s.newRecordBeforeLastCommit ??= false;
  addToTransaction(record, meta);
  touchParents(record);
}
