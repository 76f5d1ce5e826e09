// Association options against real Rails 7.2.4 (fixtures/record/associations2.rb): scope lambdas on has_many /
// has_one (read, count, preload, join), through with the source's default_scope, dependent: :nullify /
// :restrict_with_error / :restrict_with_exception, autosave: true, explicit inverse_of, optional belongs_to,
// default_scope / unscoped and where.missing / where.associated.
import { join } from "node:path";
import { afterAll } from "vitest";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel, setClock, Time, type CollectionProxy, type ColumnMeta, type Relation } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { replaySteps, rescue } from "./support/record-replay.js";
import { scratchDir } from "./support/scratch.js";

const stamps: ColumnMeta[] = [{ name: "created_at", type: "datetime", null: false }, { name: "updated_at", type: "datetime", null: false }];
const id: ColumnMeta = { name: "id", type: "integer", null: false };

class Author extends Base {
  declare id: number;
  declare name: string;
  declare posts: CollectionProxy<Post>;
  declare published_posts: CollectionProxy<Post>;
  declare drafts: CollectionProxy<Post>;
  declare comments: CollectionProxy<Comment>;
  declare latest_post: Post | null;
}
defineModel(Author, {
  name: "Author", table: "authors", names: names("Author", "author", "authors"), columns: [id, { name: "name", type: "string" }, ...stamps],
  associations: [
    { kind: "has_many", name: "drafts", className: "Post", foreignKey: "author_id", options: { class_name: "Post", dependent: "restrict_with_error" },
      scope: function (this: Relation<Post>) { return this.where({ published: false }); } },
    { kind: "has_many", name: "posts", className: "Post", foreignKey: "author_id", options: { dependent: "nullify", inverse_of: "author" } },
    { kind: "has_many", name: "published_posts", className: "Post", foreignKey: "author_id", options: { class_name: "Post" },
      scope: function (this: Relation<Post>) { return this.where({ published: true }).order({ id: "desc" }); } },
    { kind: "has_one", name: "latest_post", className: "Post", foreignKey: "author_id", options: { class_name: "Post" },
      scope: function (this: Relation<Post>) { return this.order({ created_at: "desc" }); } },
    { kind: "has_many", name: "comments", className: "Comment", foreignKey: "author_id", options: { through: "posts" } },
  ],
});

class Category extends Base {
  declare id: number;
}
defineModel(Category, {
  name: "Category", table: "categories", names: names("Category", "category", "categories"), columns: [id, { name: "name", type: "string" }],
  associations: [{ kind: "has_many", name: "posts", className: "Post", foreignKey: "category_id", options: { dependent: "restrict_with_exception" } }],
});

class Post extends Base {
  declare id: number;
  declare title: string;
  declare author_id: number | null;
  declare author: Author | null;
  declare comments: CollectionProxy<Comment>;
}
defineModel(Post, {
  name: "Post", table: "posts", names: names("Post", "post", "posts"),
  columns: [id, { name: "author_id", type: "integer" }, { name: "category_id", type: "integer" }, { name: "title", type: "string" }, { name: "published", type: "boolean", null: false, default: false }, ...stamps],
  associations: [
    { kind: "belongs_to", name: "author", className: "Author", foreignKey: "author_id", options: { optional: true, inverse_of: "posts" } },
    { kind: "belongs_to", name: "category", className: "Category", foreignKey: "category_id", options: { optional: true } },
    { kind: "has_many", name: "comments", className: "Comment", foreignKey: "post_id", options: { inverse_of: "post", autosave: true } },
  ],
  scopes: [{ name: "published", body: function (this: Relation<Post>) { return this.where({ published: true }); } }],
});

class Comment extends Base {
  declare id: number;
  declare body: string;
  declare post: Post;
}
defineModel(Comment, {
  name: "Comment", table: "comments", names: names("Comment", "comment", "comments"),
  columns: [id, { name: "post_id", type: "integer", null: false }, { name: "body", type: "string" }, { name: "position", type: "integer" }, ...stamps],
  associations: [{ kind: "belongs_to", name: "post", className: "Post", foreignKey: "post_id" }],
  defaultScopes: [function (this: Relation<Comment>) { return this.order("position"); }],
});

const conn = new Connection(join(scratchDir("assoc2"), "a.sqlite3"));
const cols = (list: ColumnMeta[]) => list.filter((c) => c.name !== "id") as never;
loadSchema(conn, {
  tables: [
    { name: "authors", columns: cols([{ name: "name", type: "string" }, ...stamps]) },
    { name: "categories", columns: cols([{ name: "name", type: "string" }]) },
    { name: "posts", columns: cols([{ name: "author_id", type: "integer" }, { name: "category_id", type: "integer" }, { name: "title", type: "string" }, { name: "published", type: "boolean", null: false, default: false }, ...stamps]) },
    { name: "comments", columns: cols([{ name: "post_id", type: "integer", null: false }, { name: "body", type: "string" }, { name: "position", type: "integer" }, ...stamps]) },
  ],
});
setConnection(conn);
afterAll(() => setClock(null));
const at = (minute: number) => setClock(() => Time.utc(2024, 2, 15, 12, minute, 0));

const steps: Array<[string, () => unknown]> = [
  ["seed", () => {
    at(0);
    for (const [i, name] of ["Ann", "Ben", "Cy"].entries()) Author.createBang({ id: i + 1, name });
    Category.createBang({ id: 1, name: "News" });
    ([[1, 1, "A1", true, 1], [2, 1, "A2", false, null], [3, 1, "A3", true, 1], [4, 2, "B1", true, null]] as const).forEach(([pid, author, title, published, category], i) => {
      at(i);
      Post.createBang({ id: pid, author_id: author, title, published, category_id: category });
    });
    for (const [cid, post, body, position] of [[1, 1, "c1", 2], [2, 1, "c2", 1], [3, 3, "c3", 1], [4, 4, "c4", 1]] as const) Comment.createBang({ id: cid, post_id: post, body, position });
    return Post.count();
  }],
  ["scoped has_many", () => { const a = Author.find(1); return [a.published_posts.map((p) => p.title), a.published_posts.count(), a.drafts.pluck("title"), a.published_posts.size()]; }],
  ["scoped has_one", () => [Author.find(1).latest_post!.title, Author.find(3).latest_post]],
  ["preload scoped", () => Author.includes("published_posts", "latest_post").order("id").map((a) => [a.name, a.published_posts.map((p) => p.title), a.latest_post?.title ?? null])],
  ["joins scoped", () => Author.joins("published_posts").distinct().order("id").pluck("name")],
  ["through with default_scope", () => [Author.find(1).comments.map((c) => c.body), Author.includes("comments").order("id").map((a) => a.comments.map((c) => c.body))]],
  ["default_scope and unscoped", () => [Comment.all().map((c) => c.id), Comment.unscoped().order("id").pluck("id"), Post.find(1).comments.pluck("body")]],
  ["where missing and associated", () => [Author.whereMissing("posts").pluck("name"), Author.whereAssociated("posts").distinct().order("id").pluck("name")]],
  ["explicit inverse_of", () => {
    const a = Author.find(1);
    const ps = a.posts.toA();
    return [ps.every((p) => p.author === a), (Post.find(1).comments.first() as Comment).post.title];
  }],
  ["autosave true updates changed children", () => {
    const p = Post.find(1);
    p.comments.each((c) => (c.body = c.body.toUpperCase()));
    p.title = "A1!";
    return [p.save(), Comment.unscoped().order("id").pluck("body")];
  }],
  ["optional belongs_to", () => { const p = Post.createBang({ title: "Orphan" }); return [p.isPersisted(), p.author, p.author_id]; }],
  ["restrict_with_error", () => { const a = Author.find(1); return [a.destroy(), a.errors.fullMessages(), Author.exists(1)]; }],
  ["restrict_with_exception", () => rescue(() => Category.find(1).destroy())],
  ["dependent nullify", () => { Author.find(2).destroy(); return Post.where({ id: 4 }).pluck("author_id"); }],
  ["has_many nullify on delete", () => { const a = Author.find(1); a.posts.delete(Post.find(3)); return Post.find(3).author_id; }],
];

replaySteps("associations2", () => conn, steps, []);
