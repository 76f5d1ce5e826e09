// JbuilderTemplate (jbuilder_template.rb) -> Jbuilder: the core plus partials, rendered through a callback the
// view runtime supplies (it knows where compiled partials live and what `view` is).
//
//   json.partial! "posts/post", post: @post          json.partial("posts/post", { post })
//   json.partial! @post                              json.partial(post)          (to_partial_path, local "post")
//   json.array! @posts, partial: "posts/post", as: :post   json.array(posts, { partial: "posts/post", as: "post" })
//   json.posts @posts, partial: "posts/post", as: :post    json.set("posts", posts, { partial: ..., as: ... })
//   json.cache! key do ... end                       json.cache(key, {}, () => ...)   (renders; no fragment store yet)
// A collection partial renders each item in its own scope and merges the results as an array; an empty
// collection yields []; `json.key nil, partial:` yields [] too — all as jbuilder 2.x does.
import { BLANK, isCollection, JbuilderBase, toArray, type Block } from "./jbuilder.js";

/** Renders one partial with these locals (`json` is among them, and is `json` itself). */
export type JbuilderPartialRenderer = (partial: string, locals: { [name: string]: unknown }, json: Jbuilder) => void;

type PartialOptions = { partial?: string; as?: string; collection?: unknown; locals?: { [k: string]: unknown }; [k: string]: unknown };

const isPartialOptions = (v: unknown): v is PartialOptions =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "as" in v && "partial" in v;

interface PartialPathed {
  toPartialPath(): string;
  modelName: { element: string };
}

const isActiveModel = (v: unknown): v is PartialPathed =>
  typeof v === "object" && v !== null && typeof (v as PartialPathed).toPartialPath === "function" && "modelName" in v;

export class Jbuilder extends JbuilderBase {
  private readonly renderPartial: JbuilderPartialRenderer | null;

  constructor(options: { renderPartial?: JbuilderPartialRenderer; ignoreNil?: boolean } = {}) {
    super(options);
    this.renderPartial = options.renderPartial ?? null;
  }

  partial(...args: unknown[]): void {
    if (args.length === 1 && isActiveModel(args[0])) {
      const record = args[0];
      return this.render(record.toPartialPath(), { [record.modelName.element]: record });
    }
    const last = args[args.length - 1];
    const options: PartialOptions = typeof last === "object" && last !== null && !isActiveModel(last) ? { ...(last as PartialOptions) } : {};
    if (typeof args[0] === "string") options.partial = args[0];
    this.renderWithOptions(options);
  }

  override array(collection: unknown = [], ...args: unknown[]): void {
    if (isPartialOptions(args[0])) return this.renderWithOptions({ ...args[0], collection });
    super.array(collection, ...args);
  }

  override set(key: string, ...args: unknown[]): void {
    if (args.length === 2 && isPartialOptions(args[1])) return this.setInlinePartial(key, args[0], { ...args[1] });
    super.set(key, ...args);
  }

  /** cache! / cache_if!: the block's content (the fragment store is not modelled yet, so always rendered). */
  cache(_key: unknown, ...args: unknown[]): void {
    const block = args[args.length - 1] as Block;
    (block as (j: this) => void)(this);
  }

  cacheIf(_condition: unknown, key: unknown, ...args: unknown[]): void {
    this.cache(key, ...args);
  }

  private setInlinePartial(key: string, object: unknown, options: PartialOptions): void {
    let value: unknown;
    if (object === null || object === undefined) value = [];
    else if (isCollection(object)) value = this.scope(() => this.renderWithOptions({ ...options, collection: object }));
    else value = this.scope(() => this.renderWithOptions({ ...options, [options.as!]: object }));
    this.setValue(key, value);
  }

  private renderWithOptions(options: PartialOptions): void {
    const { partial, as, collection, cached: _cached, locals: given, ...rest } = options;
    const locals = given ?? rest;
    if (as && "collection" in options) {
      const items = collection === null || collection === undefined ? [] : toArray(collection);
      if (items.length === 0) return this.arrayOf([], [], null);
      const bodies = items.map((item) => this.scope(() => this.render(partial!, { ...locals, [as]: item })));
      this.merge(bodies.filter((b) => b !== BLANK));
      return;
    }
    this.render(partial!, locals);
  }

  private render(partial: string, locals: { [name: string]: unknown }): void {
    if (!this.renderPartial) throw new Error(`json.partial! "${partial}": this Jbuilder has no partial renderer`);
    this.renderPartial(partial, { ...locals, json: this }, this);
  }
}
