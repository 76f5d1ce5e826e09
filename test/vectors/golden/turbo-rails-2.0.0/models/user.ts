import { ActiveModel, attrAccessor, coreSend, isPresent, registerAppConstant, toS } from "rails2ts/runtime";
export class User extends ActiveModel {
  static override rubyName = "User";
  declare id: unknown;
  declare name: unknown;
  override isPersisted() {
    return isPresent(this.id);
  }
  static find(id: unknown): unknown {
    return this.build({ id: coreSend(id, "to_i"), name: `User ${toS(id)}` });
  }
}

registerAppConstant("User", User);
attrAccessor(User, ["id", "name"], "accessor");
