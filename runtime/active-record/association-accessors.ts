// The members an association declaration generates on the model (Associations::Builder::*.define_accessors):
//
//   belongs_to :project / has_one :profile    project / project = r        build_project(h) / create_project(h) / create_project!(h)
//                                          reload_room / reset_room
//   has_many :assignments                  assignments (the proxy) / assignments = [...]    assignment_ids / _ids=
// Names are installed as written in Ruby and as the compiler's TS names (buildRoom, createRoomBang, membershipIds).
import { rubyToTs } from "../ruby/names.js";
import { singularize } from "../active-support/inflector.js";
import { association, type Association } from "./association.js";
import type { BelongsToAssociation } from "./belongs-to.js";
import type { HasManyAssociation } from "./has-many.js";
import type { HasOneAssociation } from "./has-one.js";
import type { AssociationMeta, ModelMeta, RecordLike } from "./model.js";

type Singular = BelongsToAssociation | HasOneAssociation;

/** record.project, as readAttribute and the accessors read it. */
export function readAssociation(record: RecordLike, assoc: AssociationMeta): unknown {
  const a = association(record, assoc.name) as Association & { reader(): unknown };
  return a.reader();
}

export function writeAssociation(record: RecordLike, assoc: AssociationMeta, value: unknown): void {
  if (assoc.kind === "has_many") {
    const a = association<HasManyAssociation>(record, assoc.name);
    replaceCollection(a, Array.isArray(value) ? (value as RecordLike[]) : []);
    return;
  }
  association<Singular>(record, assoc.name).writer(value as RecordLike | null);
}

/** collection=: records not in the new list are deleted (by the dependent strategy), new ones added. */
function replaceCollection(a: HasManyAssociation, records: RecordLike[]): void {
  const current = a.loadTarget();
  const same = (x: RecordLike, y: RecordLike) => x === y || (!x.isNewRecord() && (x as unknown as { isEqual(o: unknown): boolean }).isEqual(y));
  const removed = current.filter((c) => !records.some((r) => same(c, r)));
  a.deleteOrDestroy(removed, a.reflection.dependent === "destroy" ? "destroy" : a.reflection.dependent);
  a.concat(records.filter((r) => !current.some((c) => same(c, r))));
}

function method(proto: object, rubyName: string, fn: Function): void {
  for (const key of new Set([rubyName, rubyToTs(rubyName)])) {
    if (key in proto) continue;
    Object.defineProperty(proto, key, { value: fn, configurable: true, writable: true });
  }
}

function property(proto: object, name: string, assoc: AssociationMeta): void {
  for (const key of new Set([name, rubyToTs(name)])) {
    if (key in proto) continue;
    Object.defineProperty(proto, key, {
      configurable: true, enumerable: false,
      get(this: RecordLike) {
        return readAssociation(this, assoc);
      },
      set(this: RecordLike, v: unknown) {
        writeAssociation(this, assoc, v);
      },
    });
  }
}

export function installAssociationAccessors(proto: object, meta: ModelMeta): void {
  for (const assoc of meta.associations.values()) {
    const name = assoc.name;
    property(proto, name, assoc);
    method(proto, `${name}=`, function (this: RecordLike, v: unknown) {
      writeAssociation(this, assoc, v);
    });
    if (assoc.kind === "has_many") {
      const ids = `${singularize(name)}_ids`;
      method(proto, ids, function (this: RecordLike) {
        return association<HasManyAssociation>(this, name).ids();
      });
      continue;
    }
    const one = (r: RecordLike) => association<Singular>(r, name);
    method(proto, `build_${name}`, function (this: RecordLike, h?: unknown) {
      return one(this).build(h);
    });
    method(proto, `create_${name}`, function (this: RecordLike, h?: unknown) {
      return one(this).create(h);
    });
    method(proto, `create_${name}!`, function (this: RecordLike, h?: unknown) {
      return one(this).create(h, true);
    });
    method(proto, `reload_${name}`, function (this: RecordLike) {
      one(this).reset();
      return one(this).reader();
    });
    method(proto, `reset_${name}`, function (this: RecordLike) {
      one(this).reset();
    });
  }
}
