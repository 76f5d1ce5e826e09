import { ActiveModel, attrAccessor, isPresent, registerAppConstant } from "rails2ts/runtime";
export class Comment extends ActiveModel {
  static override rubyName = "Comment";
  declare id: unknown;
  declare article_id: unknown;
  declare body: unknown;
  override isPersisted() {
    return isPresent(this.id);
  }
}

registerAppConstant("Comment", Comment);
attrAccessor(Comment, ["id", "article_id", "body"], "accessor");
