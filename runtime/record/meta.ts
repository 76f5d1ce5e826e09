// The model facts the compiler emits as data (`defineModel(Article, {...})`), and their normalized runtime form.
// The compiler knows every name form (it has the inflector), so the runtime never pluralizes anything.
//
//   class Article < ApplicationRecord         defineModel(Article, { name: "Article", table: "articles",
//     has_many :comments, dependent: :destroy   names: {...}, columns: [...], associations: [{ kind: "has_many",
//     validates :title, presence: true          name: "comments", className: "Comment", foreignKey: "article_id",
//     before_save :normalize                    options: { dependent: "destroy" } }], validations: [...], callbacks: [...] })
// Every association/validation/callback entry may carry `at` (its source offset): Rails runs callbacks and
// validations in declaration order across all three kinds. Without `at`, associations come first, then
// validations, then callbacks (the conventional layout of a model file).
import { humanize } from "../support/inflector.js";
import type { ColumnMeta } from "./types.js";

export interface ModelNames {
  name: string;
  singular: string;
  plural: string;
  paramKey: string;
  routeKey: string;
  singularRouteKey: string;
  i18nKey: string;
  human: string;
  collection?: string;
  element?: string;
}

export interface AssociationDescriptor {
  kind: "belongs_to" | "has_many" | "has_one";
  name: string;
  className: string;
  foreignKey: string;
  /** The Ruby options as literals: optional, dependent, touch, inverse_of, validate, autosave. */
  options?: { [key: string]: unknown };
  at?: number;
}

export interface ValidationDescriptor {
  attribute: string;
  /** presence | length | absence | inclusion | exclusion | format | numericality | acceptance | comparison */
  validator: string;
  options?: { [key: string]: unknown };
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
  table?: string;
  primaryKey?: string;
  names?: ModelNames;
  columns?: ColumnMeta[];
  associations?: AssociationDescriptor[];
  validations?: ValidationDescriptor[];
  callbacks?: CallbackDescriptor[];
  /** Model.human_attribute_name overrides (I18n activerecord.attributes.<model>.<attr>). */
  humanAttributes?: { [attribute: string]: string };
}

/** ActiveModel::Name, the shape runtime/view/host.ts reads. */
export interface ModelName {
  readonly name: string;
  readonly singular: string;
  readonly plural: string;
  readonly element: string;
  readonly collection: string;
  readonly paramKey: string;
  readonly routeKey: string;
  readonly singularRouteKey: string;
  readonly i18nKey: string;
  human(options?: { count?: number }): string;
}

export function modelName(names: ModelNames): ModelName {
  const element = names.element ?? names.singular;
  return {
    name: names.name, singular: names.singular, plural: names.plural, element,
    collection: names.collection ?? names.plural,
    paramKey: names.paramKey, routeKey: names.routeKey, singularRouteKey: names.singularRouteKey, i18nKey: names.i18nKey,
    // ActiveModel::Name#human falls back to the humanized element whatever the count (no pluralization).
    human: () => names.human,
  };
}

/** One declaration, in the order Rails registers it. */
export type Declaration =
  | { kind: "association"; entry: AssociationDescriptor }
  | { kind: "validation"; entry: ValidationDescriptor }
  | { kind: "callback"; entry: CallbackDescriptor };

export function declarationsInOrder(d: ModelDescriptor): Declaration[] {
  const all: Array<Declaration & { rank: number }> = [
    ...(d.associations ?? []).map((entry, i) => ({ kind: "association" as const, entry, rank: entry.at ?? i })),
    ...(d.validations ?? []).map((entry, i) => ({ kind: "validation" as const, entry, rank: entry.at ?? 1e9 + i })),
    ...(d.callbacks ?? []).map((entry, i) => ({ kind: "callback" as const, entry, rank: entry.at ?? 2e9 + i })),
  ];
  return all.sort((a, b) => a.rank - b.rank).map(({ rank: _r, ...decl }) => decl as Declaration);
}

/** Model.human_attribute_name without translations: the humanized attribute ("project_id" -> "Project"). */
export function humanAttributeName(d: ModelDescriptor, attribute: string): string {
  return d.humanAttributes?.[attribute] ?? humanize(attribute.replace(/\./g, "_"));
}
