// ActiveModel::Name#initialize: the naming facts derived from a class name, as the view helpers
// (dom_id, form_with scopes, submit labels, polymorphic routes) read them.
//   Post.model_name -> buildModelName("Post")   Admin::Post -> buildModelName("Admin::Post")
import { demodulize, humanize, pluralize, singularize, underscore } from "../active-support/inflector.js";
import { RubySymbol } from "../ruby/ruby.js";

export interface BuiltModelName {
  readonly name: string;
  readonly singular: string;
  readonly plural: string;
  readonly element: string;
  readonly collection: string;
  readonly paramKey: string;
  readonly routeKey: string;
  readonly singularRouteKey: string;
  readonly i18nKey: RubySymbol;
  human(options?: { count?: number }): string;
}

export interface ModelNameOptions {
  /** The isolated engine namespace, if any (`isolate_namespace`), stripped from keys. */
  namespace?: string | null;
  /** I18n lookup for `activerecord.models.<i18n_key>`; returns undefined when missing. */
  translate?: (i18nKey: string, count: number) => string | undefined;
}

/** ActiveModel::Name's derived keys (a class, so helpers never mistake it for an options Hash). */
class DerivedModelName implements BuiltModelName {
  readonly singular: string;
  readonly plural: string;
  readonly element: string;
  readonly collection: string;
  readonly paramKey: string;
  readonly routeKey: string;
  readonly singularRouteKey: string;
  readonly i18nKey: RubySymbol;

  constructor(
    readonly name: string,
    private readonly options: ModelNameOptions,
  ) {
    const ns = options.namespace ?? null;
    this.singular = underscore(name).replace(/\//g, "_");
    this.plural = pluralize(this.singular);
    this.element = underscore(demodulize(name));
    this.collection = pluralize(underscore(name));
    this.paramKey = ns ? underscore(name.slice(ns.length + 2)).replace(/\//g, "_") : this.singular;
    this.i18nKey = RubySymbol.for(underscore(name));
    let routeKey = ns ? pluralize(this.paramKey) : this.plural;
    if (this.plural === this.singular) routeKey += "_index";
    this.routeKey = routeKey;
    this.singularRouteKey = singularize(routeKey);
  }

  human(opts: { count?: number } = {}): string {
    return this.options.translate?.(this.i18nKey.name, opts.count ?? 1) ?? humanize(this.element);
  }

  toRubyString(): string {
    return this.name;
  }
}

export function buildModelName(className: string, options: ModelNameOptions = {}): BuiltModelName {
  return new DerivedModelName(className, options);
}
