// ActiveModel::Name (runtime/active-model/model-name.ts), the one implementation the compiler (names it emits),
// Active Record (defineModel), ActiveModel classes and Action Text attachables share. Expected values are Rails
// 7.2's own (activemodel/test/cases/naming_test.rb).
import { describe, expect, it } from "vitest";
import { buildModelName, modelNameForms, type ModelName } from "../runtime/active-model/model-name.js";

const forms = (n: ModelName) => ({
  singular: n.singular, plural: n.plural, element: n.element, collection: n.collection, human: n.human(),
  routeKey: n.routeKey, paramKey: n.paramKey, i18nKey: n.i18nKey.name,
});

describe("ActiveModel::Name", () => {
  it("derives a namespaced class's forms (NamingTest: Post::TrackBack)", () => {
    expect(forms(buildModelName("Post::TrackBack"))).toEqual({
      singular: "post_track_back", plural: "post_track_backs", element: "track_back", collection: "post/track_backs",
      human: "Track back", routeKey: "post_track_backs", paramKey: "post_track_back", i18nKey: "post/track_back",
    });
  });

  it("keeps the namespace in keys when it is shared (NamingWithNamespacedModelInSharedNamespaceTest)", () => {
    expect(forms(buildModelName("Blog::Post"))).toEqual({
      singular: "blog_post", plural: "blog_posts", element: "post", collection: "blog/posts",
      human: "Post", routeKey: "blog_posts", paramKey: "blog_post", i18nKey: "blog/post",
    });
  });

  it("strips an isolated namespace from param and route keys (NamingWithNamespacedModelInIsolatedNamespaceTest)", () => {
    expect(forms(buildModelName("Blog::Post", { namespace: "Blog" }))).toEqual({
      singular: "blog_post", plural: "blog_posts", element: "post", collection: "blog/posts",
      human: "Post", routeKey: "posts", paramKey: "post", i18nKey: "blog/post",
    });
  });

  it("adds _index to an uncountable's route key only, not to its singular route key (NamingHelpersTest: Sheep)", () => {
    const name = buildModelName("Sheep");
    expect([name.routeKey, name.singularRouteKey]).toEqual(["sheep_index", "sheep"]);
  });

  it("is the class name as a String and takes human from I18n when translated", () => {
    const name = buildModelName("Post", { translate: (key, count) => (key === "post" ? (count === 1 ? "Article" : "Articles") : undefined) });
    expect([name.toRubyString(), name.human(), name.human({ count: 2 })]).toEqual(["Post", "Article", "Articles"]);
  });

  it("takes forms derived before as they are, element and collection defaulting to singular and plural", () => {
    const name = buildModelName({ name: "Person", singular: "person", plural: "people", paramKey: "person", routeKey: "people", singularRouteKey: "person", i18nKey: "person", human: "Person" });
    expect([name.element, name.collection, name.human({ count: 2 }), name.i18nKey.name]).toEqual(["person", "people", "Person", "person"]);
  });

  it("hands the compiler Rails' forms as data, in the order it emits them", () => {
    expect(Object.entries(modelNameForms("Admin::User"))).toEqual(Object.entries({
      name: "Admin::User", singular: "admin_user", plural: "admin_users", paramKey: "admin_user", routeKey: "admin_users",
      singularRouteKey: "admin_user", i18nKey: "admin/user", human: "User", collection: "admin/users", element: "user",
    }));
  });
});
