// Model declarations the compiler declined, each raising where the code Rails would have run is reached, so a
// missing check never becomes a passing one.
//
//   validates :x, strict: true            { kind: "validation" }        valid? / save raise (at its place in the chain)
//   before_save :x, if: "cond"             { kind: "callback", event }   the event's chain raises when it runs
//   has_many :xs, counter_cache: :n        { kind: "association", name } any use of xs raises (reader, writer, builders)
//   acts_as_list / enum with computed values { kind: "model" }            instantiating a record raises (new, find)
//   scope :x, SOME_PROC                    { kind: "method", name }      X.x / relation.x raise
// `site` is the .rb file:line, `diagnostic` the code and message the compiler printed there.
import { rubyToTs } from "../ruby/names.js";
import { declinedError } from "../ruby/not-lowered.js";
import { addToChain, callbackFor } from "./callbacks.js";
import type { ModelMeta } from "./model.js";

export interface DeclinedDescriptor {
  kind: "validation" | "callback" | "association" | "model" | "method";
  /** callback: Rails' macro (before_save, after_commit, ...). */
  event?: string;
  /** association / method: the Ruby name. */
  name?: string;
  site: string;
  diagnostic: string;
  at?: number;
}

function raiser(d: DeclinedDescriptor): () => never {
  return () => {
    throw declinedError(d.site, d.diagnostic);
  };
}

/** validation / callback / model entries: a callback that raises, where the declared one would have run. */
export function registerDeclined(meta: ModelMeta, d: DeclinedDescriptor): void {
  if (d.kind === "validation" || d.kind === "callback") {
    const { chain, prepend, callback } = callbackFor({ event: d.kind === "validation" ? "validate" : d.event!, fn: raiser(d) });
    // An after_* callback's value guard would skip it when the operation failed; the raise must not be skippable.
    addToChain(meta, chain, { ...callback, conditions: [] }, prepend);
  } else if (d.kind === "model") {
    const { callback } = callbackFor({ event: "after_initialize", fn: raiser(d) });
    addToChain(meta, "initialize", { ...callback, conditions: [] }, true);
  }
}

/** association / method entries, once the class's members are installed. */
export function installDeclined(cls: object, meta: ModelMeta, list: DeclinedDescriptor[]): void {
  for (const d of list) {
    if (d.kind === "association") {
      const assoc = meta.associations.get(d.name!);
      if (assoc) assoc.declined = d;
      else defineRaising((cls as { prototype: object }).prototype, d, true);
    } else if (d.kind === "method") defineRaising(cls, d, false);
  }
}

function defineRaising(target: object, d: DeclinedDescriptor, property: boolean): void {
  const raise = raiser(d);
  for (const key of new Set([d.name!, rubyToTs(d.name!)])) {
    if (Object.prototype.hasOwnProperty.call(target, key)) continue;
    Object.defineProperty(target, key, property ? { get: raise, set: raise, configurable: true } : { value: raise, configurable: true, writable: true });
  }
}

/** The association's own raise: record.association(name) for a declined one (association.ts). */
export function assertAssociationLowered(assoc: { declined?: DeclinedDescriptor | null }): void {
  if (assoc.declined) throw declinedError(assoc.declined.site, assoc.declined.diagnostic);
}
