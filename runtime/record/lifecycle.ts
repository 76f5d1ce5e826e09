// The save / destroy / touch / valid? flows, in Rails 7.2's nesting (what decides statement order and count):
//
//   save:    transaction { valid? [before_validation, validate..., after_validation]
//                          && save callbacks { timestamps; create|update callbacks { INSERT | UPDATE;
//                          changes_applied } } ; false -> Rollback }
//   destroy: transaction { destroy callbacks { DELETE } }
//   touch:   transaction { UPDATE updated_at ; after_touch }
//   touch_later (belongs_to touch: true): updated_at set in memory now, the UPDATE deferred to just before
//            COMMIT, parents touched later in turn — so Vote -> Card -> Board costs one UPDATE each, at commit.
// The transaction is lazy (db/transactions.ts): a save that queries nothing sends nothing; one whose
// belongs_to check queries first sends BEGIN, SELECT, ROLLBACK.
import { connection } from "../db/current.js";
import { Rollback, type TransactionParticipant } from "../db/transactions.js";
import { runCallbacks, runChain } from "./callbacks.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { deleteRecord, insertRecord, stampCreate, stampUpdate, updateRecord, type Persistable } from "./persistence.js";
import { currentTime, type Time } from "./time.js";

/** The lifecycle state Base keeps per record. */
export interface Lifecycle extends Persistable {
  _newRecord: boolean;
  _destroyed: boolean;
  _previouslyNewRecord: boolean;
}

const UPDATE_STAMPS = ["updated_at", "updated_on"];

/** Per record, per transaction: what happened (for after_*_commit), how to restore it, a pending touch. */
interface RecordTransaction {
  participant: TransactionParticipant;
  actions: Set<string>;
  snapshot: { newRecord: boolean; destroyed: boolean; id: unknown } | null;
  deferredTouch: { time: Time; columns: string[] } | null;
}

const states = new WeakMap<Lifecycle, RecordTransaction>();

function stateOf(record: Lifecycle, meta: ModelMeta): RecordTransaction {
  let state = states.get(record);
  if (state) return state;
  const s: RecordTransaction = { actions: new Set(), snapshot: null, deferredTouch: null, participant: null! };
  s.participant = {
    beforeCommit: () => {
      if (!s.deferredTouch || !record.isPersisted()) return;
      const { time, columns } = s.deferredTouch;
      s.deferredTouch = null;
      performTouch(record, meta, columns, time);
    },
    committed: () => {
      const actions = [...s.actions];
      Object.assign(s, { actions: new Set(), snapshot: null });
      for (const action of actions) afterCommit(record, meta, action);
    },
    rolledBack: () => {
      if (s.snapshot) {
        record._newRecord = s.snapshot.newRecord;
        record._destroyed = s.snapshot.destroyed;
        if (s.snapshot.newRecord) record._attributes.write(meta.primaryKey, s.snapshot.id);
      }
      Object.assign(s, { actions: new Set(), snapshot: null, deferredTouch: null });
      runChain(record, meta, "after_rollback");
    },
  };
  states.set(record, (state = s));
  return state;
}

/** add_to_transaction + remember_transaction_record_state. */
function enroll(record: Lifecycle, meta: ModelMeta, action: string | null): void {
  const state = stateOf(record, meta);
  state.snapshot ??= { newRecord: record._newRecord, destroyed: record._destroyed, id: record._attributes.read(meta.primaryKey) };
  if (action) state.actions.add(action);
  connection().transactions.enroll(state.participant);
}

function afterCommit(record: Lifecycle, meta: ModelMeta, action: string): void {
  runChain(record, meta, `after_${action}_commit`);
  if (action !== "destroy") runChain(record, meta, "after_save_commit");
  runChain(record, meta, "after_commit");
}

export function runValidations(record: Lifecycle, meta: ModelMeta): boolean {
  record.errors.clear();
  if (!runChain(record, meta, "before_validation")) return false;
  runChain(record, meta, "validate");
  runChain(record, meta, "after_validation");
  return record.errors.isEmpty();
}

/** with_transaction_returning_status: a false status rolls back (silently, or just returns when joined). */
export function transactionReturningStatus(body: () => boolean): boolean {
  let status = false;
  connection().transaction(() => {
    status = body();
    if (!status) throw new Rollback();
  });
  return status;
}

export function performSave(record: Lifecycle, meta: ModelMeta, options: { validate?: boolean } = {}): boolean {
  if (record._destroyed) return false;
  const action = record._newRecord ? "create" : "update";
  return transactionReturningStatus(() => {
    enroll(record, meta, null);
    if (options.validate !== false && !runValidations(record, meta)) return false;
    const ok = runCallbacks(record, meta, "save", () => (record._newRecord ? create(record, meta) : update(record, meta)));
    if (ok) stateOf(record, meta).actions.add(action);
    return ok;
  });
}

function create(record: Lifecycle, meta: ModelMeta): boolean {
  stampCreate(record, meta);
  return runCallbacks(record, meta, "create", () => {
    insertRecord(record, meta);
    record._newRecord = false;
    record._previouslyNewRecord = true;
    record._attributes.applyChanges();
    return true;
  });
}

function update(record: Lifecycle, meta: ModelMeta): boolean {
  stampUpdate(record, meta);
  return runCallbacks(record, meta, "update", () => {
    updateRecord(record, meta);
    record._previouslyNewRecord = false;
    record._attributes.applyChanges();
    return true;
  });
}

export function performDestroy(record: Lifecycle, meta: ModelMeta): boolean {
  return transactionReturningStatus(() => {
    enroll(record, meta, null);
    const ok = runCallbacks(record, meta, "destroy", () => {
      if (!record._newRecord) deleteRecord(record, meta);
      record._destroyed = true;
      return true;
    });
    if (ok) stateOf(record, meta).actions.add("destroy");
    return ok;
  });
}

/** touch(*names, time:): one UPDATE of updated_at (and names), no validations or save callbacks; after_touch. */
export function performTouch(record: Lifecycle, meta: ModelMeta, names: string[], time: Time = currentTime()): boolean {
  if (!record.isPersisted()) throw new Error(`cannot touch on a new or destroyed record object`);
  const columns = [...new Set([...UPDATE_STAMPS.filter((c) => meta.types.has(c)), ...names])];
  return transactionReturningStatus(() => {
    enroll(record, meta, null);
    for (const c of columns) record._attributes.write(c, time);
    updateRecord(record, meta, columns);
    record._attributes.forgetChanges(columns);
    return runChain(record as RecordLike, meta, "after_touch");
  });
}

/** touch_later: stamp in memory now, UPDATE before COMMIT; `touchParents` cascades to touch: true parents. */
export function touchLater(record: Lifecycle, meta: ModelMeta, touchParents: (record: Lifecycle) => void): void {
  if (!record.isPersisted()) throw new Error(`cannot touch on a new or destroyed record object`);
  const state = stateOf(record, meta);
  const time = currentTime();
  const columns = UPDATE_STAMPS.filter((c) => meta.types.has(c));
  state.deferredTouch = { time, columns };
  for (const c of columns) record._attributes.write(c, time);
  record._attributes.forgetChanges(columns);
  enroll(record, meta, null);
  touchParents(record);
}
