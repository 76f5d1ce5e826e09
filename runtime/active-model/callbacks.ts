// ActiveModel::Callbacks (define_model_callbacks) and ActiveModel::Validations::Callbacks: a callback macro ->
// the chain it joins (ActiveSupport::Callbacks, active-support/callbacks.ts) and its conditions.
//
//   before_validation :normalize            { event: "before_validation", method: "normalize" } -> record.normalize()
//   after_validation { |r| ... } / -> { }   { event: "after_validation", fn }   fn.call(record, record)
//   validate :check, on: :create            the validate chain, only while valid?(:create) runs
//   if: :m / if: -> { } / unless: [...]     options.if / options.unless: method names or functions (or arrays)
// Model callbacks' after_* are prepended and skip when the operation's value is false; :validation's after_*
// are prepended too (Validations::Callbacks sets prepend: true) but run whatever the value.
import { addToChain, type Callback, type CallbackChains, type Condition, type Kind } from "../active-support/callbacks.js";
import { callProc, conditionFor, recordMethod, type ConditionSpec } from "../active-support/callback-conditions.js";

export interface Macro {
  chain: string;
  kind: Kind;
  prepend: boolean;
  /** ActiveModel's after_* callbacks skip when the operation's value is false. */
  valueGuard: boolean;
  /** What `on:` tests (the validation context, a transaction's action); null where the macro has no `on:`. */
  on: ((on: string[]) => Condition<object>) | null;
  /** The `on:` the macro itself implies (after_create_commit: ["create"]). */
  enforcedOn?: string[];
}

export interface CallbackOptions {
  if?: ConditionSpec | ConditionSpec[];
  unless?: ConditionSpec | ConditionSpec[];
  on?: string | string[];
  prepend?: boolean;
}

/** One declared callback: a macro with a method name or a block. */
export interface CallbackEntry {
  event: string;
  method?: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- any arity, any `this`: Ruby procs
  fn?: Function;
  options?: { [key: string]: unknown };
}

/** define_model_callbacks' before/around/after for one chain. */
export const modelMacro = (chain: string, kind: Kind): Macro => ({ chain, kind, prepend: kind === "after", valueGuard: kind === "after", on: null });

/** The context valid?(context) runs in (create / update for records, nil or the given one for models). */
export const validationContext = (r: object) => (r as { _validationContext?: string | null })._validationContext ?? "";
const onValidation = (on: string[]): Condition<object> => (r) => on.includes(validationContext(r));

/** Validations' `validate` and Validations::Callbacks' before_ / after_validation. */
export const VALIDATION_MACROS: ReadonlyArray<[string, Macro]> = [
  ["before_validation", { chain: "validation", kind: "before", prepend: false, valueGuard: false, on: onValidation }],
  ["after_validation", { chain: "validation", kind: "after", prepend: true, valueGuard: false, on: onValidation }],
  ["validate", { chain: "validate", kind: "before", prepend: false, valueGuard: false, on: onValidation }],
];

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function conditionsOf(macro: Macro, options: CallbackOptions): Array<Condition<object>> {
  const out: Array<Condition<object>> = [];
  const on = macro.enforcedOn ?? list(options.on);
  if (on.length && macro.on) out.push(macro.on(on));
  for (const spec of list(options.if)) {
    const test = conditionFor(spec);
    out.push((r) => test(r));
  }
  for (const spec of list(options.unless)) {
    const test = conditionFor(spec);
    out.push((r) => !test(r));
  }
  if (macro.valueGuard) out.push((_r, value) => value !== false);
  return out;
}

/** The method of a symbol callback: the TS member name first, then the Ruby name converted. */
function member(record: object, method: string): (...args: unknown[]) => unknown {
  const fn = recordMethod(record, method);
  if (!fn) throw new TypeError(`undefined method '${method}' for an instance of ${record.constructor.name}`);
  return fn;
}

/** A declared entry -> the chain it joins and the callback, by the macros a class knows. */
export function callbackFor<R extends object>(macros: ReadonlyMap<string, Macro>, entry: CallbackEntry): { chain: string; prepend: boolean; callback: Callback<R> } {
  const macro = macros.get(entry.event);
  if (!macro) throw new Error(`unsupported callback ${entry.event}`);
  const { method, fn } = entry;
  let call: Callback<R>["call"];
  if (fn) call = (record, proceed) => callProc(fn, record, proceed);
  else if (method) call = (record, proceed) => member(record, method).call(record, proceed);
  else throw new Error(`${entry.event}: a callback needs a method or a fn`);
  const options = (entry.options ?? {}) as CallbackOptions;
  const callback = { kind: macro.kind, call, conditions: conditionsOf(macro, options), key: fn ? null : (method ?? null) };
  return { chain: macro.chain, prepend: options.prepend ?? macro.prepend, callback };
}

export function addCallbackEntry<R extends object>(holder: CallbackChains<R>, macros: ReadonlyMap<string, Macro>, entry: CallbackEntry): void {
  const { chain, prepend, callback } = callbackFor<R>(macros, entry);
  addToChain(holder, chain, callback, prepend);
}
