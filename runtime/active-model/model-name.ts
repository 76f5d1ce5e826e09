// ActiveModel::Name: the naming facts of a model class, as the view helpers (dom_id, form_with scopes, submit
// labels, partial paths, polymorphic routes) read them. The one implementation, whoever builds it:
//   Post.model_name (ActiveModel)           -> buildModelName("Post", { translate })
//   Admin::Post, isolate_namespace Admin    -> buildModelName("Admin::Post", { namespace: "Admin" })
//   defineModel(Post, { names: {...} })     -> buildModelName(names): the forms the compiler derived with
//                                              modelNameForms (the app's inflections applied), taken as they are
import { demodulize, humanize, pluralize, singularize, underscore } from "../active-support/inflector.js";
import { RubySymbol } from "../ruby/ruby.js";

/**
 * ActiveModel::Name's forms as data (what the compiler emits in `defineModel(..., { names })`): strings only,
 * `human` already humanized. `element` and `collection` default to `singular` and `plural`.
 */
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

export interface ModelNameOptions {
  /** The isolated engine namespace, if any (`isolate_namespace`), stripped from keys. */
  namespace?: string | null;
  /** I18n lookup for `<scope>.models.<i18n_key>`; returns undefined when missing. */
  translate?: (i18nKey: string, count: number) => string | undefined;
}

/** ActiveModel::Name#initialize: the forms Rails derives from a class name (and its isolated namespace). */
export function modelNameForms(className: string, namespace: string | null = null): Required<ModelNames> {
  const singular = underscore(className).replace(/\//g, "_");
  const plural = pluralize(singular);
  const element = underscore(demodulize(className));
  const paramKey = namespace ? underscore(className.slice(namespace.length + 2)).replace(/\//g, "_") : singular;
  const routeKey = namespace ? pluralize(paramKey) : plural;
  // An uncountable's route key gets "_index" after its singular was taken: Sheep -> sheep_index, sheep.
  const singularRouteKey = singularize(routeKey);
  // In the order the compiler emits them.
  return {
    name: className, singular, plural, paramKey, routeKey: plural === singular ? `${routeKey}_index` : routeKey, singularRouteKey, i18nKey: underscore(className),
    human: humanize(element), collection: pluralize(underscore(className)), element,
  };
}

/** ActiveModel::Name for one model class (a class, so helpers never mistake it for an options Hash). */
export class Name {
  /** Class name, e.g. "Admin::Post" (`model_name.to_s`, also `object.class.name`). */
  readonly name: string;
  readonly singular: string;
  readonly plural: string;
  readonly element: string;
  readonly collection: string;
  /** Form scope: `post[title]`. */
  readonly paramKey: string;
  readonly routeKey: string;
  readonly singularRouteKey: string;
  /** A Symbol in Ruby (`:article`); interpolates as its name. */
  readonly i18nKey: RubySymbol;
  readonly #human: string;
  readonly #translate: ModelNameOptions["translate"];

  constructor(forms: ModelNames, translate: ModelNameOptions["translate"]) {
    this.name = forms.name;
    this.singular = forms.singular;
    this.plural = forms.plural;
    this.element = forms.element ?? forms.singular;
    this.collection = forms.collection ?? forms.plural;
    this.paramKey = forms.paramKey;
    this.routeKey = forms.routeKey;
    this.singularRouteKey = forms.singularRouteKey;
    this.i18nKey = RubySymbol.for(forms.i18nKey);
    this.#human = forms.human;
    this.#translate = translate;
  }

  /**
   * `model_name.human`: I18n `<scope>.models.<i18n_key>` when translated, else the humanized element whatever
   * the count (Rails does not pluralize it).
   */
  human(opts: { count?: number } = {}): string {
    return this.#translate?.(this.i18nKey.name, opts.count ?? 1) ?? this.#human;
  }

  toRubyString(): string {
    return this.name;
  }
}

/** ActiveModel::Name as the helpers read it (its public members, so a test double may stand in for it). */
export type ModelName = { readonly [K in keyof Name]: Name[K] };

/** The ActiveModel::Name of a class name (derived here) or of forms derived before (taken as they are). */
export function buildModelName(classNameOrForms: string | ModelNames, options: ModelNameOptions = {}): ModelName {
  const forms = typeof classNameOrForms === "string" ? modelNameForms(classNameOrForms, options.namespace ?? null) : classNameOrForms;
  return new Name(forms, options.translate);
}
