// Rails' own API on a typed receiver (issue 18, the Rails API surface): a call the runtime declares as Rails 7.2.4
// defines it is written directly; the expected lines are written here by hand, the run-time answers recorded from
// Ruby 3.3 / Rails 7.2.4 in the chroot. A case per rule keeps the dynamic path where the receiver is not proved.
import { describe, expect, it } from "vitest";
import { compileProbe, onlyLineWith } from "./support/probe-app.js";
import { EnvironmentInquirer } from "../runtime/active-support/environment-inquirer.js";
import { ArgumentError } from "../runtime/ruby/args.js";
import { Rooms_Open, seedDomain, User } from "./support/record-domain.js";
import { setBcryptCost } from "../runtime/active-record/index.js";

const SCHEMA = {
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n  end\nend\n',
  "app/models/post.rb": "class Post < ApplicationRecord\nend\n",
};

const probe = (files: Record<string, string>) => compileProbe("rails-api-sends", { ...SCHEMA, ...files });

const TURBO_LOCK = { "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    turbo-rails (2.0.5)\n\nDEPENDENCIES\n  turbo-rails\n" };

/** A controller whose actions are `lines` (each action's body), @post found first. */
const postsController = (...bodies: string[]) => ({
  "app/controllers/posts_controller.rb": [
    "class PostsController < ApplicationController",
    ...bodies.map((b, i) => `  def a${i}\n    @post = Post.find(params[:id])\n    ${b}\n    head :ok\n  end`),
    "end\n",
  ].join("\n"),
});

describe("Rails.root and Rails.env", () => {
  it("calls Pathname's join/exist?/mkpath and the environment's predicates directly", async () => {
    const out = await probe({
      "app/models/setup.rb": [
        "class Setup",
        "  def self.prepare\n    Rails.root.join(\"storage\", \"db\").mkpath\n  end",
        "  def self.configured?\n    path = Rails.root.join(\"config/x.yml\")\n    path.exist?\n  end",
        "  def self.loud?\n    Rails.env.development? || Rails.env.staging?\n  end",
        "end\n",
      ].join("\n"),
    });
    const setup = out.get("models/setup.ts");
    expect(onlyLineWith(setup, "mkpath")).toBe('return RailsModule.root().join("storage", "db").mkpath();');
    expect(onlyLineWith(setup, "config/x.yml")).toBe('let path = RailsModule.root().join("config/x.yml");');
    expect(onlyLineWith(setup, "isExist")).toBe("return path.isExist();");
    // staging? is no method of EnvironmentInquirer (StringInquirer's method_missing answers it): by name.
    expect(onlyLineWith(setup, "isDevelopment")).toBe('return or(RailsModule.env().isDevelopment(), () => send(RailsModule.env(), "staging?"));');
  });

  it("answers development?/test?/production?/local? as Rails 7.2.4's EnvironmentInquirer", () => {
    // Ruby: e = ActiveSupport::EnvironmentInquirer.new("production"): true false false false (production? development? local? test?)
    const production = new EnvironmentInquirer("production");
    expect([production.isProduction(), production.isDevelopment(), production.isLocal(), production.isTest()]).toEqual([true, false, false, false]);
    const test = new EnvironmentInquirer("test");
    expect([test.isTest(), test.isLocal(), test.isProduction()]).toEqual([true, true, false]);
    expect(new EnvironmentInquirer("development").isLocal()).toBe(true);
    // ArgumentError: 'local' is a reserved environment name
    expect(() => new EnvironmentInquirer("local")).toThrow(ArgumentError);
  });
});

describe("methods Rails installs on every record", () => {
  it("calls Turbo::Broadcastable's on a typed record where turbo-rails is bundled, and sends them by name where it is not", async () => {
    const files = postsController("@post.broadcast_replace_to @post, :posts, target: \"x\"", "@post.broadcast_remove_to :posts");
    const bundled = (await probe({ ...files, ...TURBO_LOCK })).get("controllers/posts_controller.ts");
    expect(onlyLineWith(bundled, "broadcastReplaceTo")).toBe('this.assigns.post.broadcastReplaceTo(this.assigns.post, "posts", { target: "x" });');
    expect(onlyLineWith(bundled, "broadcastRemoveTo")).toBe('this.assigns.post.broadcastRemoveTo("posts");');
    const plain = (await probe(files)).get("controllers/posts_controller.ts");
    expect(onlyLineWith(plain, "broadcast_remove_to")).toBe('send(this.assigns.post, "broadcast_remove_to", "posts");');
  });

  it("calls Dirty's per-column previously_was / previously_changed? as the attribute_* methods they proxy", async () => {
    const out = await probe({
      ...postsController("@was = @post.title_previously_was.upcase"),
      "app/models/post.rb": 'class Post < ApplicationRecord\n  def retitled?\n    title_previously_changed?(to: "x")\n  end\n\n  def odd?\n    title_previously_changed?(7)\n  end\nend\n',
    });
    // (typed as the column's String or nil: upcase is String's, nil raising NoMethodError)
    expect(onlyLineWith(out.get("controllers/posts_controller.ts"), "attributePreviouslyWas")).toBe('nonNil(this.assigns.post.attributePreviouslyWas("title") as string | null, "upcase"),');
    expect(onlyLineWith(out.get("models/post.ts"), '"x"')).toBe('return this.isAttributePreviouslyChanged("title", { to: "x" });');
    // A positional argument is none Dirty's method takes (Ruby raises ArgumentError): left to send.
    expect(onlyLineWith(out.get("models/post.ts"), ", 7)")).toBe('return send(this, "title_previously_changed?", 7);');
  });

  it("calls ActionText::Attachable's attachable_sgid where the model includes it, and becomes!(K) as a record of K", async () => {
    const out = await probe({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n    t.string "type"\n  end\n  create_table "authors" do |t|\n    t.string "name"\n  end\nend\n',
      "app/models/post.rb": "class Post < ApplicationRecord\n  include ActionText::Attachable\nend\n",
      "app/models/draft.rb": "class Draft < Post\nend\n",
      "app/models/author.rb": "class Author < ApplicationRecord\nend\n",
      ...postsController("@sgid = @post.attachable_sgid", "@draft = @post.becomes!(Draft)", "@other = Author.find(1).attachable_sgid"),
    });
    const controller = out.get("controllers/posts_controller.ts");
    expect(onlyLineWith(controller, "this.assigns.sgid")).toBe("this.assigns.sgid = actionTextAttachableSgid(this.assigns.post);");
    expect(onlyLineWith(controller, "becomesBang")).toBe("this.assigns.draft = this.assigns.post.becomesBang(Draft) as Draft;");
    // Author does not include the module: its attachable_sgid is no method Ruby would find there either.
    expect(onlyLineWith(controller, "this.assigns.other")).toBe('this.assigns.other = send(Author.find(1), "attachable_sgid");');
  });

  it("declares a singular association's builders on the model and calls them directly (not a polymorphic one's)", async () => {
    const out = await probe({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n    t.integer "author_id"\n    t.string "owner_type"\n    t.integer "owner_id"\n  end\n  create_table "authors" do |t|\n    t.string "name"\n  end\nend\n',
      "app/models/post.rb": "class Post < ApplicationRecord\n  belongs_to :author\n  belongs_to :owner, polymorphic: true\nend\n",
      "app/models/author.rb": "class Author < ApplicationRecord\nend\n",
      ...postsController("@author = @post.build_author(name: \"x\")", "@owner = @post.build_owner"),
    });
    const post = out.get("models/post.ts");
    expect(onlyLineWith(post, "buildAuthor")).toBe("declare buildAuthor: (attributes?: unknown) => Author;");
    expect(onlyLineWith(post, "createAuthorBang")).toBe("declare createAuthorBang: (attributes?: unknown) => Author;");
    expect(post).not.toContain("buildOwner");
    const controller = out.get("controllers/posts_controller.ts");
    expect(onlyLineWith(controller, "buildAuthor")).toBe('this.assigns.author = this.assigns.post.buildAuthor({ name: "x" });');
    expect(onlyLineWith(controller, "build_owner")).toBe('this.assigns.owner = send(this.assigns.post, "build_owner");');
  });

  it("answers attribute_previously_changed? / attribute_previously_was as Rails 7.2.4", () => {
    seedDomain();
    const u = User.createBang({ name: "a" });
    // Ruby: [true, nil, false] after create
    expect([u.isAttributePreviouslyChanged("name"), u.attributePreviouslyWas("name"), u.isAttributePreviouslyChanged("bio")]).toEqual([true, null, false]);
    u.updateBang({ name: "b" });
    // Ruby: [true, true, false, "a", false] after update!(name: "b")
    expect([
      u.isAttributePreviouslyChanged("name"), u.isAttributePreviouslyChanged("name", { from: "a", to: "b" }), u.isAttributePreviouslyChanged("name", { to: "a" }),
      u.attributePreviouslyWas("name"), u.isAttributePreviouslyChanged("bio"),
    ]).toEqual([true, true, false, "a", false]);
    // Ruby: [false, nil] on a record just found
    const found = User.find(u.id);
    expect([found.isAttributePreviouslyChanged("name"), found.attributePreviouslyWas("name")]).toEqual([false, null]);
  });
});

describe("Active Record's class methods whose signature takes what is passed", () => {
  it("calls destroy_by / find_or_create_by with keywords, insert_all with one value and find_signed with a literal purpose directly; other shapes by name", async () => {
    const model = [
      "class Post < ApplicationRecord",
      "  def self.a(t) = destroy_by(title: t)",
      "  def self.b(h) = destroy_by(h)",
      "  def self.c(t) = find_or_create_by(title: t).touch",
      "  def self.d(rows) = insert_all(rows)",
      "  def self.e(rows) = insert_all(rows, unique_by: :title)",
      "  def self.f(id) = find_signed(id, purpose: :share)",
      "  def self.g(id, p) = find_signed!(id, purpose: p)",
      "  def self.h = connection.execute(\"select 1\")",
      "  def self.i(sql) = connection.execute(sql)",
      "  def self.j(*statement) = sanitize_sql(statement)",
      "end\n",
    ].join("\n");
    const post = (await probe({ "app/models/post.rb": model })).get("models/post.ts");
    expect(onlyLineWith(post, "destroyBy")).toBe("return this.destroyBy({ title: t });");
    expect(onlyLineWith(post, '"destroy_by"')).toBe('return send(this, "destroy_by", h);');
    expect(onlyLineWith(post, "findOrCreateBy")).toBe("return this.findOrCreateBy({ title: t }).touch();");
    expect(onlyLineWith(post, "insertAll")).toBe("return this.insertAll(rows);");
    expect(onlyLineWith(post, "unique_by")).toBe('return send(this, "insert_all", rows, { unique_by: "title" });');
    expect(onlyLineWith(post, "findSigned(")).toBe('return this.findSigned(id, { purpose: "share" }) as Post;');
    expect(onlyLineWith(post, '"find_signed!"')).toBe('return send(this, "find_signed!", id, { purpose: p });');
    // Base's connection getter, then the connection's execute, whose SQL is a String (an untyped one: by name).
    expect(onlyLineWith(post, "select 1")).toBe('return this.connection.execute("select 1");');
    expect(onlyLineWith(post, "sql)")).toBe('return send(this.connection, "execute", sql);');
    expect(onlyLineWith(post, "sanitizeSql")).toBe("return this.sanitizeSql(statement);");
  });

  it("answers sanitize_sql as Rails 7.2.4's sanitize_sql_for_conditions", () => {
    seedDomain();
    // Ruby: [nil, nil, nil, {:a=>1}, "a = 1"]
    expect([User.sanitizeSql(""), User.sanitizeSql([]), User.sanitizeSql(null), User.sanitizeSql({ a: 1 }), User.sanitizeSql(["a = ?", 1])]).toEqual([null, null, null, { a: 1 }, "a = 1"]);
  });

  it("raises from insert_all what Rails 7.2.4's InsertAll raises for a value that is not an Array of Hashes", () => {
    seedDomain();
    const error = (rows: unknown) => {
      try {
        User.insertAll(rows);
        return null;
      } catch (e) {
        return [(e as Error).constructor.name, (e as Error).message];
      }
    };
    // Ruby: [NoMethodError, "undefined method `map' for nil"], ... `stringify_keys' for an instance of Integer / Array, `map' for a String
    expect(error(null)).toEqual(["NoMethodError", "undefined method `map' for nil"]);
    expect(error([1])).toEqual(["NoMethodError", "undefined method `stringify_keys' for an instance of Integer"]);
    expect(error("x")).toEqual(["NoMethodError", "undefined method `map' for an instance of String"]);
    expect(error({ name: "a" })).toEqual(["NoMethodError", "undefined method `stringify_keys' for an instance of Array"]);
    // Ruby: [] for an empty list
    expect(User.insertAll([])).toEqual([]);
  });
});

describe("insert_all's keywords", () => {
  const failure = (fn: () => unknown) => {
    try {
      fn();
      return null;
    } catch (e) {
      return [(e as Error).constructor.name, (e as Error).message];
    }
  };

  it("answers returning:, record_timestamps:, the relation's scope and an STI subclass's type as Rails 7.2.4's InsertAll", () => {
    seedDomain();
    const t = new Date(Date.UTC(2024, 0, 2, 3, 4, 5));
    // Ruby (chroot, Rails 7.2.4 on SQLite): [{"id"=>5, "name"=>"Eve"}], [], [],
    // [{"name"=>"Gil", "created_at"=>"2024-01-02 03:04:05"}], [["Jo", true], ["Kim", false]], [{"name"=>"Lu", "role"=>2}],
    // [{"name"=>"x", "type"=>"Rooms::Open"}]
    expect(User.insertAll([{ name: "Eve" }], { returning: ["id", "name"] })).toEqual([{ id: 5, name: "Eve" }]);
    expect(User.insertAll([{ name: "Fay" }], { returning: false })).toEqual([]);
    expect(User.insertAll([{ name: "Fay2" }], { returning: [] })).toEqual([]);
    expect(User.insertAll([{ name: "Gil", created_at: t, updated_at: t }], { record_timestamps: false, returning: ["name", "created_at"] })).toEqual([{ name: "Gil", created_at: "2024-01-02 03:04:05" }]);
    const stamped = User.insertAll([{ name: "Jo", created_at: t }, { name: "Kim" }], { returning: ["name", "created_at"] });
    expect(stamped.map((r) => [r.name, r.created_at === "2024-01-02 03:04:05"])).toEqual([["Jo", true], ["Kim", false]]);
    expect(User.where({ role: 2 }).insertAll([{ name: "Lu", role: 1 }], { returning: ["name", "role"] })).toEqual([{ name: "Lu", role: 2 }]);
    expect(Rooms_Open.insertAll([{ name: "x", creator_id: 1 }], { returning: ["name", "type"] })).toEqual([{ name: "x", type: "Rooms::Open" }]);
    // Ruby: User.count => 11 after the seven inserts above (4 seeded)
    expect(User.count()).toBe(11);
  });

  it("raises what Rails 7.2.4 raises for its keywords, and NotLowered for unique_by:", () => {
    seedDomain();
    // Ruby: ActiveRecord::NotNullViolation (no timestamps where the columns are NOT NULL); [ArgumentError, "unknown
    // keyword: :foo"]; "unknown keywords: :foo, :bar"; the raw-SQL refusal; "All objects being inserted must have the same keys"
    expect(failure(() => User.insertAll([{ name: "Hal" }], { record_timestamps: false }))?.[0]).toBe("NotNullViolation");
    expect(failure(() => User.insertAll([{ name: "Ida" }], { foo: 1 }))).toEqual(["ArgumentError", "unknown keyword: :foo"]);
    expect(failure(() => User.insertAll([{ name: "Ida" }], { foo: 1, bar: 2 }))).toEqual(["ArgumentError", "unknown keywords: :foo, :bar"]);
    expect(failure(() => User.insertAll([{ name: "Ida" }], { returning: "name" }))).toEqual([
      "ArgumentError", "Dangerous query method (method whose arguments are used as raw SQL) called: name. Known-safe values can be passed by wrapping them in Arel.sql().",
    ]);
    expect(failure(() => User.insertAll([{ name: "Ida" }, { role: 1 }]))).toEqual(["ArgumentError", "All objects being inserted must have the same keys"]);
    const declined = failure(() => User.insertAll([{ name: "Ida" }], { unique_by: "name" }));
    expect(declined?.[1]).toContain("not lowered: insert_all unique_by:");
    expect(User.count()).toBe(4);
  });
});

describe("ActionCable.server.remote_connections", () => {
  it("is ActionCable::RemoteConnections, its where and disconnect called directly", async () => {
    const model = 'class Post < ApplicationRecord\n  def kick(again)\n    ActionCable.server.remote_connections.where(current_user: self).disconnect reconnect: again\n  end\nend\n';
    const post = (await probe({ "app/models/post.rb": model })).get("models/post.ts");
    expect(onlyLineWith(post, "disconnect")).toBe("return actionCableRemoteConnections().where({ current_user: this }).disconnect({ reconnect: again });");
  });
});

describe("authenticate_by on a relation", () => {
  it("is called directly on a typed relation, typed as the record", async () => {
    const out = await probe({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n    t.string "password_digest"\n    t.boolean "live"\n  end\nend\n',
      "app/models/post.rb": "class Post < ApplicationRecord\n  has_secure_password\n  scope :live, -> { where(live: true) }\nend\n",
      "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def create\n    @post = Post.live.authenticate_by(title: params[:title], password: params[:password])\n    head :ok\n  end\nend\n",
    });
    expect(onlyLineWith(out.get("controllers/posts_controller.ts"), "authenticateBy")).toBe('this.assigns.post = scope<Post>(Post, "live").authenticateBy({');
  });

  it("finds within the relation, as Rails 7.2.4's does", () => {
    seedDomain();
    setBcryptCost(4);
    for (const id of [1, 3]) User.find(id).updateBang({ password: "s3cret" });
    // Ruby: ["Ann", nil, "Cid"] (Cid is inactive)
    const name = (u: User | null) => (u ? u.name : null);
    expect([
      name(User.active().authenticateBy({ email_address: "ann@example.com", password: "s3cret" })),
      name(User.active().authenticateBy({ email_address: "cid@example.com", password: "s3cret" })),
      name(User.authenticateBy({ email_address: "cid@example.com", password: "s3cret" })),
    ]).toEqual(["Ann", null, "Cid"]);
  });
});

describe("a relation's detect and a has_many's ids reader", () => {
  it("runs detect over the records, its block given each record, and calls <singular>_ids directly", async () => {
    const out = await probe({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n  end\n  create_table "comments" do |t|\n    t.integer "post_id"\n  end\nend\n',
      "app/models/post.rb": "class Post < ApplicationRecord\n  has_many :comments\n  def self.busy(n)\n    all.detect { |post| post.comment_ids.size > n }\n  end\nend\n",
      "app/models/comment.rb": "class Comment < ApplicationRecord\n  belongs_to :post\nend\n",
    });
    const post = out.get("models/post.ts");
    expect(onlyLineWith(post, "declare commentIds")).toBe("declare commentIds: () => Array<unknown>;");
    expect(onlyLineWith(post, "detect")).toBe("return ArrayMethods.detect(this.all().toA(), (post: Post) => {");
    expect(onlyLineWith(post, "commentIds()")).toBe('return coreBinop(">", ArrayMethods.size(post.commentIds()), n);');
  });
});

describe("request.body", () => {
  it("is the request's body field (the rack input), read directly", async () => {
    const controller = (await probe(postsController("@raw = request.body.read"))).get("controllers/posts_controller.ts");
    expect(onlyLineWith(controller, "request.body")).toBe('this.assigns.raw = coreSend(this.request.body, "read");');
  });
});
