// ActiveRecord::Transactions on the record side: what a record remembers while it is inside a transaction, and
// which after_commit / after_rollback callbacks that makes run.
//
//   with_transaction_returning_status { }   withTransactionReturningStatus(record, meta, body): a false/nil status
//                                           rolls back (silently; a joined block just returns)
//   remember_transaction_record_state        state.start: id, new/destroyed flags, attribute originals, level
//   after_commit on: :create / :update        transactionIncludes(record, ["create"]): Rails' flags
//     (@_new_record_before_last_commit, _trigger_update_callback, _trigger_destroy_callback), so a record created
//     and then updated in one transaction runs only its create callbacks
//   rollback                                 the state before the transaction comes back (new_record?, id, dirty)
//   touch_later                              a deferred touch written by before_committed!
import { connection } from "./connection/current.js";
import { Rollback, type CallbackCandidate, type TransactionParticipant } from "./connection/transactions.js";
import type { AttributeSet } from "./attributes.js";
import { runCallbacks } from "../active-support/callbacks.js";
import type { ModelMeta, RecordLike } from "./model.js";

/** The lifecycle fields Base keeps per record. */
export interface TransactionalRecord extends RecordLike {
  _attributes: AttributeSet;
  _newRecord: boolean;
  _destroyed: boolean;
  _previouslyNewRecord: boolean;
}

interface StartState {
  id: unknown;
  newRecord: boolean;
  previouslyNewRecord: boolean;
  destroyed: boolean;
  originals: Map<string, unknown>;
  level: number;
}

export interface RecordTransactionState {
  start: StartState | null;
  newRecordBeforeLastCommit: boolean | null;
  triggerUpdate: boolean;
  triggerDestroy: boolean;
  committedAlreadyCalled: boolean;
  deferredTouch: { columns: string[]; run: () => void } | null;
  participant: TransactionParticipant;
}

const states = new WeakMap<TransactionalRecord, RecordTransactionState>();

export function transactionState(record: TransactionalRecord, meta: ModelMeta): RecordTransactionState {
  const existing = states.get(record);
  if (existing) return existing;
  const s: RecordTransactionState = {
    start: null, newRecordBeforeLastCommit: null, triggerUpdate: false, triggerDestroy: false, committedAlreadyCalled: false,
    deferredTouch: null, participant: null!,
  };
  s.participant = participant(record, meta, s);
  states.set(record, s);
  return s;
}

function participant(record: TransactionalRecord, meta: ModelMeta, s: RecordTransactionState): TransactionParticipant {
  return {
    beforeCommit: () => {
      const touch = s.deferredTouch;
      s.deferredTouch = null;
      if (touch && record.isPersisted()) touch.run();
    },
    committed: (shouldRun) => {
      s.start = null;
      try {
        if (shouldRun) {
          s.committedAlreadyCalled = true;
          runCallbacks(record, meta, "commit");
        }
      } finally {
        s.committedAlreadyCalled = s.triggerUpdate = s.triggerDestroy = false;
      }
    },
    rolledBack: (full, shouldRun) => {
      try {
        if (shouldRun) runCallbacks(record, meta, "rollback");
      } finally {
        restore(record, meta, s, full);
        if (s.start && --s.start.level < 1) s.start = null;
        s.deferredTouch = null;
        if (full) s.triggerUpdate = s.triggerDestroy = false;
      }
    },
    callbackCandidate: () => candidate(record, meta, s),
    rowKey: () => {
      const id = record._attributes.read(meta.primaryKey);
      return id === null || id === undefined ? null : `${record.constructor.name}:${String(id)}`;
    },
  };
}

/** trigger_transactional_callbacks? plus the row identity Rails hashes records by. */
function candidate(record: TransactionalRecord, meta: ModelMeta, s: RecordTransactionState): CallbackCandidate | null {
  const triggers = ((s.newRecordBeforeLastCommit || s.triggerUpdate) && record.isPersisted()) || (s.triggerDestroy && record._destroyed);
  if (!triggers) return null;
  const id = record._attributes.read(meta.primaryKey);
  return {
    key: id === null ? `${meta.className}#${String(Math.random())}` : `${record.constructor.name}:${String(id)}`,
    destroyed: record._destroyed,
    newRecordBeforeLastCommit: s.newRecordBeforeLastCommit === true,
    adoptNewRecord: () => void (s.newRecordBeforeLastCommit = true),
  };
}

function restore(record: TransactionalRecord, meta: ModelMeta, s: RecordTransactionState, full: boolean): void {
  const start = s.start;
  if (!start || !(full || start.level <= 1)) return;
  record._newRecord = start.newRecord;
  record._previouslyNewRecord = start.previouslyNewRecord;
  record._destroyed = start.destroyed;
  record._attributes.restoreOriginals(start.originals);
  if (record._attributes.read(meta.primaryKey) !== start.id) record._attributes.write(meta.primaryKey, start.id);
}

/** add_to_transaction + remember_transaction_record_state. */
export function enroll(record: TransactionalRecord, meta: ModelMeta): RecordTransactionState {
  const s = transactionState(record, meta);
  s.start ??= {
    id: record._attributes.read(meta.primaryKey), newRecord: record._newRecord, previouslyNewRecord: record._previouslyNewRecord,
    destroyed: record._destroyed, originals: record._attributes.originals(), level: 0,
  };
  s.start.level += 1;
  s.newRecordBeforeLastCommit = s.committedAlreadyCalled ? false : s.start.newRecord;
  connection().transactions.enroll(s.participant);
  return s;
}

/** add_to_transaction alone (touch_later): told of the outcome, without remembering state to restore. */
export function addToTransaction(record: TransactionalRecord, meta: ModelMeta): void {
  connection().transactions.enroll(transactionState(record, meta).participant);
}

/** transaction_include_any_action?: what `on:` of after_commit/after_rollback checks. */
export function transactionIncludes(record: TransactionalRecord, meta: ModelMeta, actions: string[]): boolean {
  const s = transactionState(record, meta);
  return actions.some((action) => {
    if (action === "create") return record.isPersisted() && s.newRecordBeforeLastCommit === true;
    if (action === "update") return !(s.newRecordBeforeLastCommit || record._destroyed) && s.triggerUpdate;
    return action === "destroy" && s.triggerDestroy;
  });
}

/** with_transaction_returning_status: the body's status, rolled back when falsy. */
export function withTransactionReturningStatus<T>(record: TransactionalRecord, meta: ModelMeta, body: () => T): T | null {
  let status: T | null = null;
  connection().transaction(() => {
    enroll(record, meta);
    status = body();
    if (status === null || status === undefined || status === false) throw new Rollback();
  });
  return status;
}
