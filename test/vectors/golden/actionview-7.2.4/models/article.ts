import { ActiveModel, attrAccessor, isPresent, registerAppConstant } from "rails2ts/runtime";
export class Article extends ActiveModel {
  static override rubyName = "Article";
  declare id: unknown;
  declare title: unknown;
  declare body: unknown;
  declare published: unknown;
  declare category: unknown;
  declare author_email: unknown;
  declare password: unknown;
  declare rating: unknown;
  declare published_on: unknown;
  declare published_at: unknown;
  declare cover: unknown;
  declare tag_ids: unknown;
  declare comments: unknown;
  override isPersisted() {
    return isPresent(this.id);
  }
  setCommentsAttributes(attributes: unknown): unknown {}
}

registerAppConstant("Article", Article);
attrAccessor(
  Article,
  [
    "id",
    "title",
    "body",
    "published",
    "category",
    "author_email",
    "password",
    "rating",
    "published_on",
    "published_at",
    "cover",
    "tag_ids",
    "comments",
  ],
  "accessor",
);
