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
}

export class AttributeSet {
  private values = new Map<string, unknown>();
  private original = new Map<string, unknown>();
  private beforeTypeCast = new Map<string, unknown>();
  /** Attributes assigned since the last load or save (Attribute::FromUser; a save forgets the assignment). */
  private fromUser = new Set<string>();
  private lazy: boolean;
  private order: string[];
  /** saved_changes: what the last save wrote. */
  savedChanges: Record<string, [unknown, unknown]> = {};
  /** mutations_before_last_save's original values: every attribute as the last save found it; null before one. */
  private beforeLastSave: Map<string, unknown> | null = null;

  private constructor(
    private readonly schema: AttributeSchema,
    lazy: boolean,
  ) {
    this.lazy = lazy;
    this.order = lazy ? [] : schema.columns.map((c) => c.name);
  }

  static forNew(schema: AttributeSchema): AttributeSet {
    const set = new AttributeSet(schema, false);
    for (const c of schema.columns) {
      set.values.set(c.name, schema.defaults.get(c.name) ?? null);
      set.original.set(c.name, schema.defaults.get(c.name) ?? null);
    }
    return set;
  }

  static fromRow(schema: AttributeSchema, row: { [column: string]: unknown }): AttributeSet {
    const set = new AttributeSet(schema, true);
    for (const c of schema.columns) {
      const v = schema.types.get(c.name)!.deserialize(row[c.name] ?? null);
      set.values.set(c.name, v);
      set.original.set(c.name, v);
      set.beforeTypeCast.set(c.name, row[c.name] ?? null);
    }
    return set;
  }

  has(name: string): boolean {
    return this.schema.types.has(name);
  }

  read(name: string): unknown {
    return this.values.has(name) ? this.values.get(name) : null;
  }

  readBeforeTypeCast(name: string): unknown {
    return this.beforeTypeCast.has(name) ? this.beforeTypeCast.get(name) : this.read(name);
  }

  /** write_from_user: casts through the column's type. */
  write(name: string, value: unknown): void {
    const type = this.schema.types.get(name);
    if (!type) throw new UnknownAttributeError(name, this.schema.className);
    if (this.lazy && !this.order.includes(name)) this.order.push(name);
    this.beforeTypeCast.set(name, value);
    this.fromUser.add(name);
    this.values.set(name, type.cast(value));
  }

  /** `#{name}_came_from_user?`: assigned, not read from the database (form helpers then show what was typed). */
  cameFromUser(name: string): boolean {
    return this.fromUser.has(name);
  }

  isChanged(name: string): boolean {
    const type = this.schema.types.get(name);
    return type !== undefined && !type.equal(this.original.get(name) ?? null, this.values.get(name) ?? null);
  }

  was(name: string): unknown {
    return this.original.get(name) ?? null;
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
    this.beforeLastSave = new Map(this.original);
    for (const [name, value] of this.values) this.original.set(name, value);
    this.fromUser.clear();
    // forgetting_assignment: an enum now reads back its stored value before type cast ("c" for "closed"), as a
    // value from the database would. (Other types keep what was assigned: our serialize already quotes for SQLite.)
    for (const name of this.schema.enumAttributes ?? []) this.beforeTypeCast.set(name, this.schema.types.get(name)!.serialize(this.values.get(name) ?? null));
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
    for (const n of names) this.original.set(n, this.values.get(n) ?? null);
  }

  /** The values as last loaded/saved (remember_transaction_record_state keeps them). */
  originals(): Map<string, unknown> {
    return new Map(this.original);
  }

  /** A rolled-back transaction: the originals from its start come back; current values stay, now as changes. */
  restoreOriginals(originals: Map<string, unknown>): void {
    this.original = new Map(originals);
  }

  /** Undo unsaved assignments (restore_attributes / a rolled-back create). */
  restore(names: string[] = this.changedNames()): void {
    for (const n of names) {
      this.values.set(n, this.original.get(n) ?? null);
      this.beforeTypeCast.delete(n);
    }
  }

  /** Every column read once, as Rails' LazyAttributeSet#keys does: fixes the internal order. */
  materialize(): void {
    if (!this.lazy) return;
    for (const c of this.schema.columns) if (!this.order.includes(c.name)) this.order.push(c.name);
  }

  names(): string[] {
    return this.lazy ? this.schema.columns.map((c) => c.name) : [...this.order];
  }

  /** `attributes`: name => cast value, in key order. */
  toHash(): Record<string, unknown> {
    this.materialize();
    return Object.fromEntries(this.names().map((n) => [n, this.read(n)]));
  }
}
