// ActiveRecord::ConnectionAdapters::TransactionManager (abstract/transaction.rb) -> TransactionManager.
// Rails 7.2 semantics kept because they decide the statement count of every write:
// - lazy transactions: BEGIN (or SAVEPOINT) is only sent when the first statement runs inside, so a save that
//   fails validation without querying sends nothing, and one that queries first sends BEGIN ... ROLLBACK;
// - `transaction` inside a transaction joins it (no savepoint) unless `requiresNew`;
// - `requiresNew` on a parent that has run nothing yet is a RestartParentTransaction (no savepoint; rolling it
//   back restarts the parent), otherwise a SAVEPOINT active_record_<depth>;
// - a Rollback error rolls back the innermost real/savepoint transaction and is swallowed; inside a joined
//   block it is swallowed without rolling anything back (Rails' documented gotcha).

export interface TransactionOptions {
  requiresNew?: boolean;
}

/** ActiveRecord::Rollback: rolls the transaction back silently. */
export class Rollback extends Error {
  override readonly name = "Rollback";
  constructor() {
    super("ActiveRecord::Rollback");
  }
}

/**
 * Something enrolled in a transaction (Rails' add_to_transaction): told how the transaction ended. Enrolling the
 * same object twice counts once. `beforeCommit` runs inside the outermost transaction just before COMMIT (Rails'
 * before_committed!, where deferred touches are written).
 */
export interface TransactionParticipant {
  beforeCommit?(): void;
  /** `shouldRunCallbacks` is false for all but one instance of the same row (see callbackCandidate). */
  committed(shouldRunCallbacks: boolean): void;
  /** `full`: the real transaction rolled back (Rails' force_restore_state), not just a savepoint. */
  rolledBack(full: boolean, shouldRunCallbacks: boolean): void;
  /**
   * Records answer this (Rails' prepare_instances_to_run_callbacks_on): null when the record did nothing that
   * triggers after_commit/after_rollback; otherwise its row identity. Of several instances of one row only the
   * last runs callbacks. Participants without it always run theirs.
   */
  callbackCandidate?(): CallbackCandidate | null;
  /** The row a record participant stands for: before_commit runs only on the last instance of each row. */
  rowKey?(): string | null;
}

export interface CallbackCandidate {
  key: string;
  destroyed: boolean;
  newRecordBeforeLastCommit: boolean;
  /** An earlier instance created the row in this transaction: this one runs the after_create_commit callbacks. */
  adoptNewRecord(): void;
}

type Kind = "real" | "savepoint" | "restart";

interface Level {
  kind: Kind;
  savepoint: string;
  materialized: boolean;
  dirty: boolean;
  parent: Level | null;
  participants: TransactionParticipant[];
  /** false for the transaction a test runs in (Rails' use_transactional_tests): what opens inside it is a
   * savepoint of its own, and commits there as if real (its after_commit callbacks run). */
  joinable?: boolean;
}

export class TransactionManager {
  private readonly stack: Level[] = [];

  /** `run` sends one transaction-control statement (logged as "TRANSACTION"). */
  constructor(private readonly run: (sql: string) => void) {}

  get isOpen(): boolean {
    return this.stack.length > 0;
  }

  transaction<T>(fn: () => T, options: TransactionOptions = {}): T | null {
    try {
      if (this.stack.length > 0 && !options.requiresNew && this.stack[this.stack.length - 1]!.joinable !== false) return fn();
      return this.withinNewTransaction(fn);
    } catch (error) {
      if (error instanceof Rollback) return null;
      throw error;
    }
  }

  /** Sends the BEGIN/SAVEPOINTs still owed, outermost first. Called before every query. */
  materialize(): void {
    for (const level of this.stack) {
      if (level.materialized || level.kind === "restart") continue;
      this.run(level.kind === "real" ? "begin transaction" : `SAVEPOINT ${level.savepoint}`);
      level.materialized = true;
    }
  }

  /** Any statement marks the current transaction dirty (Rails' dirty_current_transaction). */
  dirty(): void {
    const top = this.stack[this.stack.length - 1];
    if (top) top.dirty = true;
  }

  /** Enrolls a participant in the current transaction, or reports a commit at once when none is open. */
  enroll(participant: TransactionParticipant): void {
    const top = this.stack[this.stack.length - 1];
    if (top) top.participants.push(participant);
    else participant.committed(true);
  }

  private withinNewTransaction<T>(fn: () => T): T {
    const level = this.begin();
    let result: T;
    try {
      result = fn();
    } catch (error) {
      this.rollback(level);
      throw error;
    }
    this.commit(level);
    return result;
  }

  private begin(): Level {
    const parent = this.stack[this.stack.length - 1] ?? null;
    const kind: Kind = parent === null ? "real" : parent.dirty || parent.joinable === false ? "savepoint" : "restart";
    const level: Level = {
      kind, savepoint: `active_record_${this.stack.length}`, materialized: false, dirty: false, parent, participants: [],
    };
    this.stack.push(level);
    return level;
  }

  /**
   * The fixtures' transaction around one test (begin_transaction(joinable: false, _lazy: false)): BEGIN at once;
   * ended by rollbackTestTransaction, which undoes everything the test wrote.
   */
  beginTestTransaction(): void {
    if (this.stack.length > 0) throw new Error("rails2ts: a test transaction opens only outside every other transaction");
    this.stack.push({ kind: "real", savepoint: "", materialized: false, dirty: false, parent: null, participants: [], joinable: false });
    this.materialize();
  }

  /** Rolls the test's transaction back, with whatever the test left open inside it. */
  rollbackTestTransaction(): void {
    const materialized = this.stack[0]?.materialized ?? false;
    this.stack.length = 0;
    if (materialized) this.run("rollback transaction");
  }

  private commit(level: Level): void {
    const final = level.parent === null || level.parent.joinable === false;
    // before_commit_records runs with the transaction still open, over the records enrolled so far.
    if (final) beforeCommit(unique(level.participants));
    this.stack.pop();
    if (level.kind === "real" && level.materialized) this.run("commit transaction");
    if (level.kind === "savepoint" && level.materialized) this.run(`RELEASE SAVEPOINT ${level.savepoint}`);
    // Participants of a nested transaction only learn the outcome when the real transaction ends.
    if (!final) level.parent!.participants.push(...level.participants);
    else {
      const list = unique(level.participants);
      const run = callbackInstances(list);
      for (const p of list) p.committed(run.has(p));
    }
  }

  private rollback(level: Level): void {
    this.stack.pop();
    if (level.kind === "real" && level.materialized) this.run("rollback transaction");
    if (level.kind === "savepoint" && level.materialized) this.run(`ROLLBACK TO SAVEPOINT ${level.savepoint}`);
    if (level.kind === "restart") this.restart(level.parent!);
    const list = unique(level.participants);
    const run = callbackInstances(list);
    for (const p of list) p.rolledBack(level.kind === "real", run.has(p));
  }

  // RealTransaction#restart on SQLite (no restart_db_transaction): ROLLBACK, then BEGIN again.
  private restart(level: Level): void {
    if (level.kind === "restart") return this.restart(level.parent!);
    if (!level.materialized) return;
    if (level.kind === "real") {
      this.run("rollback transaction");
      this.run("begin transaction");
    } else this.run(`ROLLBACK TO SAVEPOINT ${level.savepoint}`);
  }
}

/** before_commit_records (before_committed_on_all_records): first-enrolled order, last instance of each row. */
function beforeCommit(list: TransactionParticipant[]): void {
  const last = new Map<string, TransactionParticipant>();
  for (const p of list) {
    const key = p.rowKey?.() ?? null;
    if (key !== null) last.set(key, p);
  }
  for (const p of list) {
    const key = p.rowKey?.() ?? null;
    if (key === null || last.get(key) === p) p.beforeCommit?.();
  }
}

/** prepare_instances_to_run_callbacks_on: per row, the last instance that saved it (a destroyer wins). */
function callbackInstances(list: TransactionParticipant[]): Set<TransactionParticipant> {
  const out = new Set<TransactionParticipant>();
  const byRow = new Map<string, { p: TransactionParticipant; c: CallbackCandidate }>();
  for (const p of list) {
    if (!p.callbackCandidate) {
      out.add(p);
      continue;
    }
    const c = p.callbackCandidate();
    if (!c) continue;
    const earlier = byRow.get(c.key);
    if (earlier?.c.destroyed && !c.destroyed) continue;
    if (earlier?.c.newRecordBeforeLastCommit) c.adoptNewRecord();
    byRow.set(c.key, { p, c });
  }
  for (const { p } of byRow.values()) out.add(p);
  return out;
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}
