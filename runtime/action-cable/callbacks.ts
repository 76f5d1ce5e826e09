// ActiveSupport::Callbacks as Action Cable uses them (channel :subscribe/:unsubscribe, connection :command):
//   before_subscribe :x, if: :y      -> static beforeSubscribe("x", { if: "y" })   (symbols name methods)
//   after_subscribe { transmit "z" }  -> static afterSubscribe(function () { this.transmit("z") })
//   on_unsubscribe :absent, unless: :subscription_rejected?
// Callbacks accumulate per class (a subclass starts from its parent's chain). Befores run in the order defined,
// afters in reverse order, and an around wraps the rest of the chain, as ActiveSupport compiles a chain.
import { rubyToTs } from "../ruby/names.js";

export type CallbackKind = "before" | "after" | "around";
/** A method name (Ruby or TS spelling) or a function run with `this` as the object (also passed first). */
export type CallbackFn = string | ((this: any, target: any, next?: () => Promise<void>) => unknown);
export type Condition = string | ((this: any, target: any) => unknown);

export interface CallbackOptions {
  if?: Condition | Condition[];
  unless?: Condition | Condition[];
  prepend?: boolean;
}

export interface Callback {
  kind: CallbackKind;
  fn: CallbackFn;
  if: Condition[];
  unless: Condition[];
}

const CHAINS = Symbol("callbackChains");

type WithChains = { [CHAINS]?: Map<string, Callback[]> };

/** The chain for `name` on this class, inheriting its parent's (class_attribute semantics). */
export function chainOf(klass: object, name: string): Callback[] {
  const own = Object.prototype.hasOwnProperty.call(klass, CHAINS) ? (klass as WithChains)[CHAINS] : undefined;
  if (own?.has(name)) return own.get(name)!;
  const parent = Object.getPrototypeOf(klass) as object | null;
  return parent && parent !== Function.prototype ? chainOf(parent, name) : [];
}

/** set_callback(name, kind, *filters, **options). */
export function setCallback(klass: object, name: string, kind: CallbackKind, fns: CallbackFn[], options: CallbackOptions = {}): void {
  const chains = Object.prototype.hasOwnProperty.call(klass, CHAINS)
    ? (klass as WithChains)[CHAINS]!
    : ((klass as WithChains)[CHAINS] = new Map());
  const list = (c: Condition | Condition[] | undefined) => (c === undefined ? [] : Array.isArray(c) ? c : [c]);
  const added = fns.map((fn) => ({ kind, fn, if: list(options.if), unless: list(options.unless) }));
  const chain = chainOf(klass, name);
  chains.set(name, options.prepend ? [...added, ...chain] : [...chain, ...added]);
}

/** Splits `(*filters, **options)` (a block is just the last filter). */
export function callbackArgs(args: unknown[]): { fns: CallbackFn[]; options: CallbackOptions } {
  const rest = [...args];
  const last = rest[rest.length - 1];
  const options = last !== null && typeof last === "object" && !Array.isArray(last) ? (rest.pop() as CallbackOptions) : {};
  return { fns: rest as CallbackFn[], options };
}

function call(target: any, fn: CallbackFn | Condition, extra: unknown[] = []): unknown {
  if (typeof fn === "function") return (fn as (...a: unknown[]) => unknown).call(target, target, ...extra);
  const method = target[rubyToTs(fn)] ?? target[fn];
  if (typeof method !== "function") throw new Error(`undefined method '${fn}' for ${target?.constructor?.name}`);
  return method.apply(target, extra);
}

async function applies(target: unknown, cb: Callback): Promise<boolean> {
  for (const c of cb.if) if (!truthy(await call(target, c))) return false;
  for (const c of cb.unless) if (truthy(await call(target, c))) return false;
  return true;
}

function truthy(v: unknown): boolean {
  return v !== null && v !== undefined && v !== false;
}

/** run_callbacks(name) { body }. */
export async function runCallbacks(target: object, name: string, body: () => unknown): Promise<void> {
  const chain = chainOf(target.constructor, name);
  const run = async (i: number): Promise<void> => {
    const afters: Callback[] = [];
    for (; i < chain.length; i++) {
      const cb = chain[i]!;
      if (cb.kind === "after") afters.unshift(cb);
      else if (!(await applies(target, cb))) continue;
      else if (cb.kind === "before") await call(target, cb.fn);
      else {
        const rest = i + 1;
        await call(target, cb.fn, [() => run(rest)]);
        return runAfters(target, afters);
      }
    }
    await body();
    await runAfters(target, afters);
  };
  await run(0);
}

async function runAfters(target: object, afters: Callback[]): Promise<void> {
  for (const cb of afters) if (await applies(target, cb)) await call(target, cb.fn);
}
