// The context the helper vectors were recorded in (header of vectors/actionview-7.2.4.json), rebuilt as
// test doubles: the Article/Comment ActiveModel classes and their assigns, the app's routes
// (root "articles#index"; resources :articles { resources :comments }; namespace :admin { resources :articles }),
// and a ViewHost for `ActionDispatch::TestRequest` (http://test.host/, GET /). Test support only: the real
// ViewHost and records come from the HTTP and model runtimes.
import type { ModelClass, ViewErrors, ViewHost, ViewRecord } from "../runtime/active-model/host.js";
import { buildModelName, type ModelName } from "../runtime/active-model/model-name.js";
import { humanize } from "../runtime/active-support/inflector.js";
import { RubyDate } from "../runtime/ruby/date.js";
import { isPlainObject, toS } from "../runtime/ruby/ruby.js";

export const FROZEN_NOW = new Date("2024-02-15T13:00:00Z");

export class FakeErrors implements ViewErrors {
  readonly entries: [string, string][] = [];
  get(attribute: string): string[] {
    return this.entries.filter(([a]) => a === attribute).map(([, m]) => m);
  }
  add(attribute: string, message: string): void {
    this.entries.push([attribute, message]);
  }
  fullMessages(humanName: (a: string) => string): string[] {
    return this.entries.map(([a, m]) => `${humanName(a)} ${m}`);
  }
}

export class FakeModelClass implements ModelClass {
  readonly modelName: ModelName;
  constructor(
    name: string,
    readonly attributeNames: string[],
    readonly nested: string[] = [],
  ) {
    this.modelName = buildModelName(name);
  }
  /** ActiveModel human_attribute_name: "category.news" looks up the part after the last dot. */
  humanAttributeName(attribute: string): string {
    return humanize(attribute.slice(attribute.lastIndexOf(".") + 1));
  }
  build(attrs: Record<string, unknown> = {}): FakeRecord {
    return new FakeRecord(this, attrs);
  }
}

export class FakeRecord implements ViewRecord {
  readonly errors = new FakeErrors();
  constructor(
    readonly klass: FakeModelClass,
    readonly attributes: Record<string, unknown>,
  ) {}
  get modelName(): ModelName {
    return this.klass.modelName;
  }
  isPersisted(): boolean {
    const id = this.attributes.id;
    return id !== null && id !== undefined && toS(id).trim() !== "";
  }
  toParam(): string | null {
    return this.isPersisted() ? toS(this.attributes.id) : null;
  }
  toKey(): unknown[] | null {
    return this.isPersisted() ? [this.attributes.id] : null;
  }
  readAttribute(name: string): unknown {
    if (!this.klass.attributeNames.includes(name)) return undefined;
    return this.attributes[name] ?? null;
  }
  humanAttributeName(attribute: string): string {
    return this.klass.humanAttributeName(attribute);
  }
  acceptsNestedAttributes(association: string): boolean {
    return this.klass.nested.includes(association);
  }
  toRubyString(): string {
    return `#<${this.modelName.name}:0x{{ADDR}}>`;
  }
}

export const Article = new FakeModelClass("Article", ["id", "title", "body", "published", "category", "author_email",
  "password", "rating", "published_on", "published_at", "cover", "tag_ids", "comments"], ["comments"]);
export const Comment = new FakeModelClass("Comment", ["id", "article_id", "body"]);

/** The assigns of the header's setup, fresh for each vector (helpers may not mutate them, but be safe). */
export function assigns(): Record<string, unknown> {
  const article = Article.build({
    id: 1, title: 'Hello <World> & "Friends"', body: "First line\nSecond <line>", published: true, category: "news",
    author_email: "author@example.com", password: "s3cret", rating: 4, published_on: new RubyDate(2024, 2, 15),
    published_at: new Date("2024-02-15T13:00:00Z"), tag_ids: [1],
  });
  const comment = Comment.build({ id: 7, article_id: 1, body: "Nice post" });
  article.attributes.comments = [comment];
  const invalid = Article.build({ id: 2, title: "", rating: 11 });
  invalid.errors.add("title", "can't be blank");
  invalid.errors.add("rating", "is too high");
  return { article, new_article: Article.build(), comment, invalid_article: invalid };
}

/** Hash#to_query: sorted keys, CGI.escape, nested keys as a[b], arrays as a[]. */
export function toQuery(params: Record<string, unknown>, prefix: string | null = null): string {
  const esc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+").replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const parts: string[] = [];
  for (const key of Object.keys(params).sort()) {
    const v = params[key];
    const name = prefix ? `${prefix}[${key}]` : key;
    if (isPlainObject(v)) parts.push(toQuery(v, name));
    else if (Array.isArray(v)) {
      for (const x of v) parts.push(isPlainObject(x) ? toQuery(x, `${name}[]`) : `${esc(`${name}[]`)}=${esc(toS(x))}`);
    } else parts.push(`${esc(name)}=${esc(toS(v))}`);
  }
  return parts.filter((p) => p !== "").join("&");
}
