// ActiveRecord::Associations::Association: one record's side of one association — its target, whether it is
// loaded, and the state the target was loaded for (stale_state) — plus Rails' automatic inverse_of.
//
//   record.association(:project)        association(record, "project")   (created once per record and name)
//   has_many :assignments             its children's `project` is set to the owner without a query (inverse)
//   has_many :tasks, foreign_key:  no automatic inverse (Rails turns detection off with foreign_key:)
import { assertAssociationLowered } from "./declined.js";
import { demodulize, pluralize, underscore } from "../active-support/inflector.js";
import { inflections, type Inflections } from "../active-support/inflections.js";
import { metaOf, type AssociationMeta, type ModelMeta, type RecordLike } from "./model.js";
import { targetMeta } from "./reflection.js";

const STATE = Symbol("rails2ts.associations");

export class Association {
  // Assigned in the constructor rather than class fields with initializers (V8's slow path for those once several
  // subclasses construct through them; see RelationCore).
  declare readonly owner: RecordLike;
  declare readonly reflection: AssociationMeta;
  declare target: unknown;
  declare loaded: boolean;
  /** What the target was loaded for (the foreign key, or the owner's key): a change makes it stale. */
  declare staleState: unknown;

  constructor(owner: RecordLike, reflection: AssociationMeta) {
    this.owner = owner;
    this.reflection = reflection;
    this.target = null;
    this.loaded = false;
    this.staleState = undefined;
  }

  get ownerMeta(): ModelMeta {
    return metaOf(this.owner.constructor);
  }

  reset(): void {
    this.loaded = false;
    this.target = null;
    this.staleState = undefined;
  }

  markLoaded(target: unknown, staleState: unknown = this.currentStaleState()): void {
    this.target = target;
    this.loaded = true;
    this.staleState = staleState;
  }

  /** The value the target depends on (foreign key for belongs_to, owner key otherwise). */
  currentStaleState(): unknown {
    return undefined;
  }

  isStale(): boolean {
    const now = this.currentStaleState();
    return this.loaded && !sameValue(this.staleState, now);
  }

  /** Sets the inverse association on a loaded/built record to the owner (set_inverse_instance). */
  setInverseInstance(record: RecordLike | null): void {
    if (!record) return;
    const inverse = inverseOf(this.ownerMeta, this.reflection);
    if (inverse) association(record, inverse).inversedFrom(this.owner);
  }

  /** The inverse side of another association points here (inversed_from). */
  inversedFrom(record: RecordLike): void {
    this.markLoaded(record);
  }
}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));

type Factory = (owner: RecordLike, reflection: AssociationMeta) => Association;
let factory: Factory = (owner, reflection) => new Association(owner, reflection);

/** associations-index.ts installs the factory that picks BelongsTo/HasOne/HasMany by kind. */
export function setAssociationFactory(fn: Factory): void {
  factory = fn;
}

function registry(record: RecordLike): Map<string, Association> {
  const holder = record as unknown as { [STATE]?: Map<string, Association> };
  return (holder[STATE] ??= new Map());
}

/** record.association(name): the association object (created on first use). */
export function association<A extends Association = Association>(record: RecordLike, name: string): A {
  const map = registry(record);
  let found = map.get(name);
  if (!found) {
    const reflection = metaOf(record.constructor).associations.get(name);
    if (!reflection) throw new Error(`Association named '${name}' was not found on ${record.constructor.name}`);
    assertAssociationLowered(reflection);
    found = factory(record, reflection);
    map.set(name, found);
  }
  return found as A;
}

/** The associations created so far (reload resets them; autosave walks them). */
export function loadedAssociations(record: RecordLike): Association[] {
  return [...registry(record).values()];
}

export function resetAssociations(record: RecordLike): void {
  registry(record).clear();
}

/**
 * inverse_of: explicit, or Rails' automatic detection — on the target, a belongs_to named after the owner
 * (or the `as:` name) with the same foreign key, declaring class the target's, no scope, no foreign_key:/through:.
 * A scope on the association itself does not stop it: automatic_scope_inversing is on from load_defaults 7.0
 * (scope_allows_automatic_inverse_of?); a scope on the inverse does.
 */
export function inverseOf(owner: ModelMeta, assoc: AssociationMeta): string | null {
  if (assoc.inverseOf === false) return null;
  if (assoc.inverseOf) return assoc.inverseOf;
  if (assoc.kind === "belongs_to" || assoc.through || assoc.explicitForeignKey) return null;
  const target = targetMeta(owner, assoc);
  const ownerName = assoc.declaredBy || owner.className;
  const rules = inflections();
  const memo = inverses.get(assoc);
  if (memo !== undefined && memo.target === target && memo.owner === ownerName && memo.rules === rules && memo.version === rules.version) return memo.inverse;
  const inverse = detectInverse(target, ownerName, assoc);
  inverses.set(assoc, { target, owner: ownerName, rules, version: rules.version, inverse });
  return inverse;
}

/**
 * Each association's detected inverse (every record read through it asks), kept while what decided it stays: the
 * target's meta (a model defined again is a new one, its associations complete once defined), the owner's name,
 * and the inflection rules that turned it into the candidate names.
 */
const inverses = new WeakMap<AssociationMeta, { target: ModelMeta; owner: string; rules: Inflections; version: number; inverse: string | null }>();

function detectInverse(target: ModelMeta, ownerName: string, assoc: AssociationMeta): string | null {
  const base = underscore(demodulize(ownerName));
  const candidates = assoc.as ? [assoc.as] : [base, pluralize(base)];
  for (const name of candidates) {
    const r = target.associations.get(name);
    if (r && r.kind === "belongs_to" && r.foreignKey === assoc.foreignKey && !r.scope && r.inverseOf !== false && !r.explicitForeignKey) return name;
  }
  return null;
}
