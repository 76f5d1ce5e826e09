// The save / destroy / touch / valid? flows, in Rails 7.2's nesting (what decides statement order and count):
//
//   save:    transaction { valid? [before_validation, validate..., after_validation]
//                          && save callbacks { timestamps; create|update callbacks { INSERT | UPDATE } } ;
//                          changes_applied ; false -> Rollback }
//   destroy: transaction { destroy callbacks { DELETE } }
//   touch:   transaction { UPDATE updated_at ; after_touch }
// The transaction is lazy (db/transactions.ts): a save that queries nothing sends nothing; one whose
// belongs_to check queries first sends BEGIN, SELECT, ROLLBACK.
import { connection } from "../db/current.js";
import { Rollback } from "../db/transactions.js";
import { runCallbacks, runChain } from "./callbacks.js";
import type { ModelMeta, RecordLike } from "./model.js";
import { deleteRecord, insertRecord, stampCreate, stampUpdate, updateRecord, type Persistable } from "./persistence.js";
import { currentTime } from "./time.js";

/** The lifecycle state Base keeps per record. */
export interface Lifecycle extends Persistable {
  _newRecord: boolean;
  _destroyed: boolean;
  _previouslyNewRecord: boolean;
}

export function runValidations(record: Lifecycle, meta: ModelMeta): boolean {
  record.errors.clear();
  if (!runChain(record, meta, "before_validation")) return false;
  runChain(record, meta, "validate");
  runChain(record, meta, "after_validation");
  return record.errors.isEmpty();
}

/** with_transaction_returning_status without enrolment (update = assign + save in one transaction). */
export function transactionReturningStatus(body: () => boolean): boolean {
  let status = false;
  connection().transaction(() => {
    status = body();
    if (!status) throw new Rollback();
  });
  return status;
}

/** Rails' with_transaction_returning_status: enrolls the record, rolls back (silently) on a false status. */
function withTransaction(record: Lifecycle, meta: ModelMeta, action: "create" | "update" | "destroy" | "touch", body: () => boolean): boolean {
  let status = false;
  connection().transaction(() => {
    const before = { newRecord: record._newRecord, destroyed: record._destroyed, id: record._attributes.read(meta.primaryKey) };
    connection().transactions.enroll({
      committed: () => afterCommit(record, meta, action),
      rolledBack: () => {
        record._newRecord = before.newRecord;
        record._destroyed = before.destroyed;
        if (before.newRecord) record._attributes.write(meta.primaryKey, before.id);
        runChain(record, meta, "after_rollback");
      },
    });
    status = body();
    if (!status) throw new Rollback();
  });
  return status;
}

function afterCommit(record: Lifecycle, meta: ModelMeta, action: string): void {
  if (action === "touch") return;
  runChain(record, meta, `after_${action}_commit`);
  if (action !== "destroy") runChain(record, meta, "after_save_commit");
  runChain(record, meta, "after_commit");
}

export function performSave(record: Lifecycle, meta: ModelMeta, options: { validate?: boolean } = {}): boolean {
  if (record._destroyed) return false;
  const action = record._newRecord ? "create" : "update";
  return withTransaction(record, meta, action, () => {
    if (options.validate !== false && !runValidations(record, meta)) return false;
    const ok = runCallbacks(record, meta, "save", () => (record._newRecord ? create(record, meta) : update(record, meta)));
    if (ok) record._attributes.applyChanges();
    return ok;
  });
}

function create(record: Lifecycle, meta: ModelMeta): boolean {
  stampCreate(record, meta);
  return runCallbacks(record, meta, "create", () => {
    insertRecord(record, meta);
    record._newRecord = false;
    record._previouslyNewRecord = true;
    return true;
  });
}

function update(record: Lifecycle, meta: ModelMeta): boolean {
  stampUpdate(record, meta);
  return runCallbacks(record, meta, "update", () => {
    updateRecord(record, meta);
    record._previouslyNewRecord = false;
    return true;
  });
}

export function performDestroy(record: Lifecycle, meta: ModelMeta): boolean {
  return withTransaction(record, meta, "destroy", () =>
    runCallbacks(record, meta, "destroy", () => {
      if (!record._newRecord) deleteRecord(record, meta);
      record._destroyed = true;
      return true;
    }),
  );
}

/** touch(*names): updated_at (and names) to now, one UPDATE, no validations or save callbacks; after_touch. */
export function performTouch(record: Lifecycle, meta: ModelMeta, names: string[]): boolean {
  if (record._newRecord || record._destroyed) throw new Error(`cannot touch on a new or destroyed record object`);
  const columns = [...["updated_at", "updated_on"].filter((c) => meta.types.has(c)), ...names];
  return withTransaction(record, meta, "touch", () => {
    const now = currentTime();
    for (const c of columns) record._attributes.write(c, now);
    updateRecord(record, meta, columns);
    record._attributes.forgetChanges(columns);
    runChain(record as RecordLike, meta, "after_touch");
    return true;
  });
}
