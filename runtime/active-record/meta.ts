// The model facts the compiler emits as data (`defineModel(Post, {...})`), and their normalized runtime form.
// The compiler knows every name form (it has the inflector), so the runtime never pluralizes anything.
//
//   class Post < ApplicationRecord         defineModel(Post, { name: "Post", table: "posts",
//     has_many :notes, dependent: :destroy   names: {...}, columns: [...], associations: [{ kind: "has_many",
//     validates :title, presence: true          name: "notes", className: "Note", foreignKey: "post_id",
//     before_save :normalize                    options: { dependent: "destroy" } }], validations: [...], callbacks: [...] })
// Every association/validation/callback entry may carry `at` (its source offset): Rails runs callbacks and
// validations in declaration order across all three kinds. Without `at`, associations come first, then
// validations, then callbacks (the conventional layout of a model file).
//
// Ruby values in the descriptor, as the runtime expects them:
//   symbols / strings          strings ("destroy", "title"); method names may be Ruby ("published?") or TS
//   lambdas / blocks           functions; `this` is the receiver Ruby instance_execs on (the record for callbacks,
//                              conditions and belongs_to defaults; the relation for scopes and association scopes),
//                              and it is also passed as the first argument: function (this: R, r: R, ...) {}
//   around callbacks           the method / function receives `proceed` (Ruby's yield / block.call)
//   ranges                     { begin, end, exclusive } with null for an open end (support's RubyRange also works)
//   regexps                    RegExp (Ruby \A \z already translated)
//   Time / Date / BigDecimal   runtime Time / RubyDate / Decimal
// Class-level Ruby (def self.x, class << self, class_methods) stays a static method of the emitted class: the
// runtime makes it callable on the class's relations too (Model.where(...).x runs x with that relation as scope).
import type { DeclinedDescriptor } from "./declined.js";
import type { ValidationDescriptor } from "../active-model/validations.js";
export type { ValidationDescriptor } from "../active-model/validations.js";
import { humanize } from "../active-support/inflector.js";
import type { EnumDescriptor } from "./enum.js";
import type { SecurePasswordDescriptor, SecureTokenDescriptor } from "./secure.js";
import type { ColumnMeta } from "./types.js";

// The names a model carries: ActiveModel::Name's forms as the compiler derived them (active-model/model-name.ts).
export type { ModelNames } from "../active-model/model-name.js";
import type { ModelNames } from "../active-model/model-name.js";

export interface AssociationDescriptor {
  kind: "belongs_to" | "has_many" | "has_one";
  name: string;
  /** class_name, or the conventional class (a through association without class_name resolves its source's). */
  className: string;
  /** foreign_key, or the conventional key (`as:` associations use `<as>_id` unless foreign_key is given). */
  foreignKey: string;
  /**
   * The Ruby options as literals: optional, required, dependent, touch (true or a column), inverse_of (name or
   * false), validate, autosave, polymorphic, as, through, source, source_type, primary_key, foreign_type,
   * counter_cache (true or a column), class_name, foreign_key, strict_loading. `default: -> { }` is a function
   * called as fn.call(record, record).
   */
  options?: { [key: string]: unknown };
  /** The scope lambda (`has_many :x, -> { order(:y) }`): function (this: Relation, owner) returning a relation. */
  scope?: Function;
  /** The extension block's methods (`has_many :x do def m ... end end`), `this` = the collection proxy. */
  extension?: { [method: string]: Function };
  at?: number;
}

export interface CallbackDescriptor {
  /**
   * Rails' macro name: before/around/after_ save, create, update, destroy; before/after_validation; validate;
   * after_initialize, after_find, after_touch; after_commit, after_rollback, after_create_commit,
   * after_update_commit, after_destroy_commit, after_save_commit.
   */
  event: string;
  /** Symbol form: the model's method (TS member name; a Ruby name is converted). Around methods get `proceed`. */
  method?: string;
  /** Block / lambda form: called as fn.call(record, record, proceed) (`proceed` only for around_*). */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any arity, any `this`: Ruby procs
  fn?: Function;
  /** if / unless (method names or functions, or arrays of them), on (string or array), prepend. */
  options?: { [key: string]: unknown };
  at?: number;
}

export interface ModelDescriptor {
  name: string;
  abstract?: boolean;
  /** Omitted by an STI subclass: the parent's table (and columns) are used. */
  table?: string;
  primaryKey?: string;
  names?: ModelNames;
  columns?: ColumnMeta[];
  associations?: AssociationDescriptor[];
  validations?: ValidationDescriptor[];
  callbacks?: CallbackDescriptor[];
  /** Model.human_attribute_name overrides (I18n activerecord.attributes.<model>.<attr>). */
  humanAttributes?: { [attribute: string]: string };
  /**
   * `scope :name, ->(args) { body }`: body is `function (this: Relation<Model>, ...args) { return this.where(...) }`
   * (Ruby's instance_exec on the relation; a nil/false result means `all`). `name` may be the Ruby name or the TS
   * member name; both are installed.
   */
  scopes?: ScopeDescriptor[];
  /** `default_scope { ... }` bodies, same shape as scope bodies, applied to every relation of the class. */
  defaultScopes?: Function[];
  /** `enum :role, [...] / { ... }, prefix:, suffix:, scopes:, default:, validate:` (see enum.ts). */
  enums?: EnumDescriptor[];
  /** STI column; default "type" when the table has one; null for `self.inheritance_column = nil`. */
  inheritanceColumn?: string | null;
  /** `has_secure_token :token, length: 24, on: :initialize`. */
  secureTokens?: SecureTokenDescriptor[];
  /** `has_secure_password :password, validations: true`. */
  securePassword?: SecurePasswordDescriptor[];
  /**
   * `serialize :body, coder: ActionText::Content`: the coder (a function returning it, so constants resolve
   * lazily) loads the column's value and dumps what is assigned (ActiveRecord::Type::Serialized).
   */
  serialize?: Array<{ attribute: string; coder: unknown }>;
  /** `normalizes :email, with: -> { _1.strip }`: the normalizer decorates each attribute's type (NormalizedValueType). */
  normalizes?: Array<{ attributes: string[]; with: (value: unknown) => unknown; applyToNil: boolean }>;
  /** `attr_accessor :terms`: virtual attributes, assignable through new/update, never persisted. */
  accessors?: string[];
  /** What the compiler declined in the class body, each raising where it is reached (declined.ts). */
  declined?: DeclinedDescriptor[];
  /** Unique indexes without a WHERE, as column lists (UniquenessValidator#covered_by_unique_index?). */
  uniqueIndexes?: string[][];
}

export interface ScopeDescriptor {
  name: string;
  body: Function;
  at?: number;
}

/** One declaration, in the order Rails registers it. */
export type Declaration =
  | { kind: "association"; entry: AssociationDescriptor }
  | { kind: "validation"; entry: ValidationDescriptor }
  | { kind: "callback"; entry: CallbackDescriptor }
  | { kind: "declined"; entry: DeclinedDescriptor };

export function declarationsInOrder(d: ModelDescriptor): Declaration[] {
  const all: Array<Declaration & { rank: number }> = [
    ...(d.associations ?? []).map((entry, i) => ({ kind: "association" as const, entry, rank: entry.at ?? i })),
    ...(d.validations ?? []).map((entry, i) => ({ kind: "validation" as const, entry, rank: entry.at ?? 1e9 + i })),
    ...(d.callbacks ?? []).map((entry, i) => ({ kind: "callback" as const, entry, rank: entry.at ?? 2e9 + i })),
    ...(d.declined ?? []).map((entry, i) => ({ kind: "declined" as const, entry, rank: entry.at ?? 2.5e9 + i })),
  ];
  return all.sort((a, b) => a.rank - b.rank).map(({ rank: _r, ...decl }) => decl as Declaration);
}

/** Model.human_attribute_name without translations: the humanized attribute ("project_id" -> "Project"). */
export function humanAttributeName(d: ModelDescriptor, attribute: string): string {
  return d.humanAttributes?.[attribute] ?? humanize(attribute.replace(/\./g, "_"));
}
