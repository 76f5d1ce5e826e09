// Associations::ForeignAssociation: what has_one and has_many share as the side whose target holds the key —
// the owner's key written into a target (set_owner_attributes) and a target built with the scope's attributes.
//
//   user.profile = p / user.posts << p     p.user_id = user.id (and p.owner_type = "User" with `as: :owner`)
//   user.build_profile(h) / user.posts.build(h)   the target class's new(h), the scope's where-hash filling
//                                                 what h left unset, keyed to the owner, inverse set
import { Association } from "./association.js";
import { associationScope } from "./association-scope.js";
import { assignScopeAttributes } from "./bulk.js";
import { modelClass, type RecordLike } from "./model.js";
import { targetClassName } from "./reflection.js";

export class ForeignAssociation extends Association {
  ownerKey(): unknown {
    return this.owner.readAttribute(this.reflection.primaryKey ?? this.ownerMeta.primaryKey);
  }

  /** set_owner_attributes: the key (and the `as:` type) from the owner. */
  setOwnerAttributes(record: RecordLike): void {
    record.writeAttribute(this.reflection.foreignKey, this.ownerKey());
    if (this.reflection.as) record.writeAttribute(this.reflection.foreignType!, this.ownerMeta.baseClassName);
  }

  /** build_record: a new target, keyed to the owner, its inverse set. */
  protected buildRecord(attributes: unknown): RecordLike {
    const cls = modelClass(targetClassName(this.ownerMeta, this.reflection));
    const record = new cls(attributes as { [k: string]: unknown });
    // Association#initialize_attributes: the scope's where-hash (`-> { where(name: "body") }`) fills what the
    // given attributes left unset.
    assignScopeAttributes(record, associationScope(this.owner, this.ownerMeta, this.reflection).scopeAttributes(), attributes);
    this.setOwnerAttributes(record);
    this.setInverseInstance(record);
    return record;
  }
}
