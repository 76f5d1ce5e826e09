import { ActiveModel, attrAccessor, coreSend, isPresent, registerAppConstant, toS } from "rails2ts/runtime";
export class Room extends ActiveModel {
  static override rubyName = "Room";
  declare id: unknown;
  declare name: unknown;
  override isPersisted() {
    return isPresent(this.id);
  }
  static find(id: unknown): unknown {
    return this.build({ id: coreSend(id, "to_i"), name: `Room ${toS(id)}` });
  }
}

registerAppConstant("Room", Room);
attrAccessor(Room, ["id", "name"], "accessor");
