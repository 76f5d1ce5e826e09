import { ActiveModel, attrAccessor, isPresent } from "rails2ts/runtime";
export class Comment extends ActiveModel {
  static override rubyName = "Comment";
  declare id: unknown;
  declare article_id: unknown;
  declare body: unknown;
  override isPersisted() {
    return isPresent(this.id);
  }
}

attrAccessor(Comment, ["id", "article_id", "body"], "accessor");
