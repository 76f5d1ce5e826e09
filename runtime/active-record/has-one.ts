// has_one's association object (Associations::HasOneAssociation).
//
//   user.profile                   SELECT ... WHERE "profiles"."user_id" = ? LIMIT ?   (none while the owner is new)
//   user.profile = w               replace: the current target loaded, removed by dependent: (delete -> DELETE,
//                                  destroy -> destroy, else its key nulled and saved), w keyed and saved — in one
//                                  transaction when the owner is persisted
//   user.build_webhook(h)          the same replace without saving (the old target is still loaded first)
//   user.create_profile!(h)        built and saved, then assigned (Rails loads the current target afterwards)
import { connection } from "./connection/current.js";
import { association } from "./association.js";
import { ForeignAssociation } from "./foreign-association.js";
import { associationScope } from "./association-scope.js";
import { RecordNotSaved } from "./exceptions.js";
import type { RecordLike } from "./model.js";

type Persistable = RecordLike & { destroy(): unknown; delete(): unknown; isDestroyed(): boolean; isChanged(): boolean };

export class HasOneAssociation extends ForeignAssociation {
  reader(): RecordLike | null {
    if (!this.loaded) this.load();
    return this.target as RecordLike | null;
  }

  private load(): void {
    const target = this.owner.isNewRecord() ? null : (associationScope(this.owner, this.ownerMeta, this.reflection).take() as RecordLike | null);
    this.markLoaded(target);
    this.setInverseInstance(target);
  }

  writer(record: RecordLike | null): void {
    this.replace(record, true);
  }

  replace(record: RecordLike | null, save: boolean): void {
    const current = this.reader() as Persistable | null;
    if (!current && !record) return;
    // Ruby `!=` on records: another row (or a new record), not merely another instance.
    const another = !(current && record && (current === record || (current as unknown as { isEqual(o: unknown): boolean }).isEqual(record)));
    if (another || (record as Persistable | null)?.isChanged()) {
      const persist = save && this.owner.isPersisted();
      const body = () => {
        if (current && !current.isDestroyed() && another) this.removeTarget(current);
        if (record) {
          this.setOwnerAttributes(record);
          this.setInverseInstance(record);
          if (persist && !record.save()) throw new RecordNotSaved(`Failed to save the new associated ${this.reflection.name}.`, record);
        }
      };
      if (persist) connection().transaction(body);
      else body();
    }
    this.markLoaded(record);
  }

  private removeTarget(target: Persistable): void {
    const dependent = this.reflection.dependent;
    if (dependent === "delete") target.delete();
    else if (dependent === "destroy") {
      if (target.isPersisted()) target.destroy();
    } else {
      target.writeAttribute(this.reflection.foreignKey, null);
      if (target.isPersisted() && this.owner.isPersisted() && !target.save()) {
        throw new RecordNotSaved(`Failed to remove the existing associated ${this.reflection.name}. The record failed to save after its foreign key was set to nil.`, target);
      }
    }
  }

  build(attributes: unknown = {}): RecordLike {
    const record = this.buildRecord(attributes);
    this.replace(record, false);
    return record;
  }

  create(attributes: unknown = {}, bang = false): RecordLike {
    if (!this.owner.isPersisted()) throw new RecordNotSaved("You cannot call create unless the parent is saved", this.owner);
    const record = this.buildRecord(attributes);
    if (bang) (record as unknown as { saveBang(): boolean }).saveBang();
    else record.save();
    this.replace(record, false);
    return record;
  }

  /** dependent: on the owner's destroy (before_destroy). */
  handleDependency(): void {
    const dependent = this.reflection.dependent;
    const target = this.reader() as Persistable | null;
    if (!target) return;
    if (dependent === "delete") target.delete();
    else if (dependent === "destroy") target.destroy();
    else if (dependent === "nullify" && target.isPersisted()) {
      (target as unknown as { updateColumns(h: object): unknown }).updateColumns({ [this.reflection.foreignKey]: null });
    }
  }
}

export function hasOne(record: RecordLike, name: string): HasOneAssociation {
  return association<HasOneAssociation>(record, name);
}
