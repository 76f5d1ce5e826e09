import { ActiveModel, attrAccessor, coreSend, isPresent, registerAppConstant, toS } from "rails2ts/runtime";
export class Message extends ActiveModel {
  static override rubyName = "Message";
  declare id: unknown;
  declare room_id: unknown;
  declare body: unknown;
  override isPersisted() {
    return isPresent(this.id);
  }
  static find(id: unknown): unknown {
    return this.build({ id: coreSend(id, "to_i"), room_id: 1, body: `Message ${toS(id)}` });
  }
}

registerAppConstant("Message", Message);
attrAccessor(Message, ["id", "room_id", "body"], "accessor");
