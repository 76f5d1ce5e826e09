// ActiveModel::AttributeSet + Dirty -> AttributeSet: cast values, their values at the last load/save, what the
// user assigned before casting, and the key order Rails exposes.
//
// Key order (as_json, attributes): a new record lists columns in schema order. A loaded record is a
// LazyAttributeSet: it lists columns in schema order until its first save, when Rails rebuilds the set in its
// internal insertion order — attributes written before the set was first fully materialized come first. So
// `Project.find(1).update(title: "x")` then `as_json` starts with "title". Reproduced, because JSON shows it.
import type { AttributeType, ColumnMeta } from "./types.js";

export class UnknownAttributeError extends Error {
  override readonly name = "UnknownAttributeError";
  constructor(attribute: string, model: string) {
    super(`unknown attribute '${attribute}' for ${model}.`);
  }
}

export interface AttributeSchema {
  className: string;
  columns: ColumnMeta[];
  types: Map<string, AttributeType>;
  defaults: Map<string, unknown>;
  /** Attributes whose before-type-cast value becomes the stored one after a save (enums). */
  enumAttributes?: string[];
  /** The columns' names (defineModel builds it with the schema; derived from `columns` when absent). */
  columnNames?: ReadonlySet<string>;
}

/** A before-type-cast entry that reads as the cast value (restore_attributes forgets the assigned text). */
const AS_CAST: unique symbol = Symbol("as cast");

/** Each column list's names, for a schema built without them (a loaded record deserializes these from its row). */
const columnSets = new WeakMap<ColumnMeta[], Set<string>>();
function columnSet(columns: ColumnMeta[]): Set<string> {
  let set = columnSets.get(columns);
  if (set === undefined) columnSets.set(columns, (set = new Set(columns.map((c) => c.name))));
  return set;
}

export class AttributeSet {
  /**
   * The cast values. A loaded record's column is deserialized from its row on first use (Rails'
   * LazyAttributeHash): a column without an entry here, in a set that has a row, still reads as its row's value.
   */
  private values = new Map<string, unknown>();
  /**
   * The values as last loaded/saved, copied on write: an attribute without an entry still holds its original value
   * (nothing was written to it since), so a record read and never written keeps no second copy.
   */
  private original: Map<string, unknown> | null = null;
  /** Assigned values before casting; a loaded record's others are its row's (never written: rows are shared). */
  private beforeTypeCast: Map<string, unknown> | null = null;
  private row: { readonly [column: string]: unknown } | null = null;
  /** Attributes assigned since the last load or save (Attribute::FromUser; a save forgets the assignment). */
  private fromUser: Set<string> | null = null;
  private lazy: boolean;
  /** A lazy set's internal order, once something was written (null: the schema's). */
  private order: string[] | null;
  private saved: Record<string, [unknown, unknown]> | null = null;
  /** mutations_before_last_save's original values: every attribute as the last save found it; null before one. */
  private beforeLastSave: Map<string, unknown> | null = null;

  private constructor(
    private readonly schema: AttributeSchema,
    lazy: boolean,
  ) {
    this.lazy = lazy;
    this.order = lazy ? null : schema.columns.map((c) => c.name);
  }

  /** saved_changes: what the last save wrote. */
  get savedChanges(): Record<string, [unknown, unknown]> {
    return (this.saved ??= {});
  }

  set savedChanges(changes: Record<string, [unknown, unknown]>) {
    this.saved = changes;
  }

  static forNew(schema: AttributeSchema): AttributeSet {
    const set = new AttributeSet(schema, false);
    for (const c of schema.columns) set.values.set(c.name, schema.defaults.get(c.name) ?? null);
    return set;
  }

  /** A loaded record's attributes; `row` is kept (read, never written) for the values before type cast. */
  static fromRow(schema: AttributeSchema, row: { readonly [column: string]: unknown }): AttributeSet {
    const set = new AttributeSet(schema, true);
    set.row = row;
    return set;
  }

  /** Whether `name` is a column a loaded record reads from its row. */
  private fromRowColumn(name: string): boolean {
    return this.row !== null && (this.schema.columnNames ?? columnSet(this.schema.columns)).has(name);
  }

  /** A column's value from the row, cast once (then kept in `values`). */
  private deserialize(name: string): unknown {
    const value = this.schema.types.get(name)!.deserialize(this.row![name] ?? null);
    this.values.set(name, value);
    return value;
  }

  /** The current value (undefined for a name the set does not hold), deserializing a row's column on first use. */
  private valueOf(name: string): unknown {
    const values = this.values;
    const value = values.get(name);
    if (value !== undefined || values.has(name)) return value;
    return this.fromRowColumn(name) ? this.deserialize(name) : undefined;
  }

  /** The value an attribute had at the last load or save (its current one when it was not written since). */
  private originalOf(name: string): unknown {
    const original = this.original;
    return original !== null && original.has(name) ? original.get(name) : this.valueOf(name);
  }

  /** Keeps an attribute's original value before it is overwritten. */
  private keepOriginal(name: string): void {
    const original = (this.original ??= new Map());
    if (!original.has(name)) original.set(name, this.valueOf(name));
  }

  has(name: string): boolean {
    return this.schema.types.has(name);
  }

  read(name: string): unknown {
    const values = this.values;
    const value = values.get(name);
    if (value !== undefined || values.has(name)) return value;
    return this.fromRowColumn(name) ? this.deserialize(name) : null;
  }

  readBeforeTypeCast(name: string): unknown {
    const assigned = this.beforeTypeCast;
    if (assigned !== null && assigned.has(name)) {
      const value = assigned.get(name);
      return value === AS_CAST ? this.read(name) : value;
    }
    return this.row !== null && (this.values.has(name) || this.fromRowColumn(name)) ? (this.row[name] ?? null) : this.read(name);
  }

  /** write_from_user: casts through the column's type. */
  write(name: string, value: unknown): void {
    const type = this.schema.types.get(name);
    if (!type) throw new UnknownAttributeError(name, this.schema.className);
    if (this.lazy && !(this.order ??= []).includes(name)) this.order.push(name);
    (this.beforeTypeCast ??= new Map()).set(name, value);
    (this.fromUser ??= new Set()).add(name);
    this.keepOriginal(name);
    this.values.set(name, type.cast(value));
  }

  /** `#{name}_came_from_user?`: assigned, not read from the database (form helpers then show what was typed). */
  cameFromUser(name: string): boolean {
    return this.fromUser !== null && this.fromUser.has(name);
  }

  isChanged(name: string): boolean {
    const type = this.schema.types.get(name);
    return type !== undefined && !type.equal(this.originalOf(name) ?? null, this.valueOf(name) ?? null);
  }

  was(name: string): unknown {
    return this.originalOf(name) ?? null;
  }

  /** `changed`: names with unsaved changes, in attribute order. */
  changedNames(): string[] {
    this.materialize();
    return this.names().filter((n) => this.isChanged(n));
  }

  changes(): Record<string, [unknown, unknown]> {
    return Object.fromEntries(this.changedNames().map((n) => [n, [this.was(n), this.read(n)]]));
  }

  /** changes_applied (after a successful save). */
  applyChanges(): void {
    this.savedChanges = this.changes();
    this.beforeLastSave = this.originals();
    this.original = null;
    this.fromUser = null;
    // forgetting_assignment: an enum now reads back its stored value before type cast ("c" for "closed"), as a
    // value from the database would. (Other types keep what was assigned: our serialize already quotes for SQLite.)
    for (const name of this.schema.enumAttributes ?? []) (this.beforeTypeCast ??= new Map()).set(name, this.schema.types.get(name)!.serialize(this.valueOf(name) ?? null));
    this.materialize();
    this.lazy = false;
  }

  /**
   * attribute_previously_was / attribute_before_last_save (one method in Rails): the value the last save started
   * from, whether or not it changed it; nil when the record was not saved since it was loaded or built.
   */
  valueBeforeLastSave(name: string): unknown {
    return this.beforeLastSave?.get(name) ?? null;
  }

  /** clear_attribute_change: these columns now count as saved (touch). */
  forgetChanges(names: string[]): void {
    for (const n of names) (this.original ??= new Map()).set(n, this.valueOf(n) ?? null);
  }

  /** The values as last loaded/saved (remember_transaction_record_state keeps them). */
  originals(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    // Columns in schema order (a loaded record's not yet read among them), then any other attribute written.
    for (const c of this.schema.columns) out.set(c.name, this.originalOf(c.name));
    for (const name of this.values.keys()) if (!out.has(name)) out.set(name, this.originalOf(name));
    if (this.original !== null) for (const [name, value] of this.original) if (!out.has(name)) out.set(name, value);
    return out;
  }

  /** A rolled-back transaction: the originals from its start come back; current values stay, now as changes. */
  restoreOriginals(originals: Map<string, unknown>): void {
    this.original = new Map(originals);
  }

  /** Undo unsaved assignments (restore_attributes / a rolled-back create). */
  restore(names: string[] = this.changedNames()): void {
    for (const n of names) {
      const value = this.originalOf(n) ?? null;
      this.keepOriginal(n);
      this.values.set(n, value);
      if (this.row !== null || this.beforeTypeCast?.has(n)) (this.beforeTypeCast ??= new Map()).set(n, AS_CAST);
    }
  }

  /** Every column read once, as Rails' LazyAttributeSet#keys does: fixes the internal order. */
  materialize(): void {
    if (!this.lazy) return;
    const order = (this.order ??= []);
    for (const c of this.schema.columns) if (!order.includes(c.name)) order.push(c.name);
  }

  names(): string[] {
    return this.lazy || this.order === null ? this.schema.columns.map((c) => c.name) : [...this.order];
  }

  /** `attributes`: name => cast value, in key order. */
  toHash(): Record<string, unknown> {
    this.materialize();
    return Object.fromEntries(this.names().map((n) => [n, this.read(n)]));
  }
}
