// ActiveSupport::CurrentAttributes: per-request globals, reset between requests.
//
//   class Current < ActiveSupport::CurrentAttributes      class Current extends CurrentAttributes {
//     attribute :user, :request                              account() { return Account.first(); } }
//     def account = Account.first                         defineCurrentAttributes(Current, { attributes: ["user", "request"] })
//   end
//   Current.user = u / Current.user / Current.account     Current.user = u / Current.user / Current.account()
//   Current.set(user: u) { ... }                          Current.set({ user: u }, () => ...)
//   Current.reset / executor reset per request            Current.reset() / CurrentAttributes.resetAll()
//   resets { ... } / before_reset / after_reset           defineCurrentAttributes(..., { beforeReset: [fn], afterReset: [fn] })
// Class-level calls reach the one instance for the current execution, as Rails' method_missing does. Values live
// in a store per execution: `CurrentAttributes.isolate(fn)` gives fn (sync or async) its own, like a request.
import { AsyncLocalStorage } from "node:async_hooks";
import { rubyToTs } from "../ruby/names.js";

type Store = Map<Function, CurrentAttributes>;

const storage = new AsyncLocalStorage<Store>();
const globalStore: Store = new Map();
const store = (): Store => storage.getStore() ?? globalStore;

interface CurrentMeta {
  attributes: string[];
  defaults: { [name: string]: unknown };
  beforeReset: Function[];
  afterReset: Function[];
}

const metas = new WeakMap<Function, CurrentMeta>();
const classes = new Set<typeof CurrentAttributes>();

export class CurrentAttributes {
  /** The attribute values of this execution. */
  readonly attributes = new Map<string, unknown>();

  /** The instance for the current execution (created on first use). */
  static instance<T extends CurrentAttributes>(this: new () => T): T {
    const s = store();
    let found = s.get(this) as T | undefined;
    if (!found) s.set(this, (found = new this()));
    return found;
  }

  /** Clears every attribute (before_reset / after_reset callbacks around it). */
  static reset(this: typeof CurrentAttributes): void {
    const meta = metas.get(this);
    const instance = this.instance();
    for (const fn of meta?.beforeReset ?? []) fn.call(instance, instance);
    store().delete(this);
    for (const fn of meta?.afterReset ?? []) fn.call(this.instance(), this.instance());
  }

  /** set(attributes) { block }: the values for the duration of fn, then the previous ones back. */
  static set<R>(this: typeof CurrentAttributes, attributes: { [name: string]: unknown }, fn: () => R): R {
    const instance = this.instance();
    const previous = new Map(Object.keys(attributes).map((k) => [k, instance.attributes.get(k)]));
    for (const [k, v] of Object.entries(attributes)) assign(instance, k, v);
    try {
      return fn();
    } finally {
      for (const [k, v] of previous) {
        if (v === undefined) instance.attributes.delete(k);
        else instance.attributes.set(k, v);
      }
    }
  }

  /** The executor's reset of every CurrentAttributes class (before and after each request). */
  static resetAll(): void {
    for (const cls of classes) cls.reset();
  }

  /** Runs fn with its own store (a request, a job), so concurrent executions never share values. */
  static isolate<R>(fn: () => R): R {
    return storage.run(new Map(), fn);
  }
}

function assign(instance: CurrentAttributes, name: string, value: unknown): void {
  const setter = (instance as unknown as { [k: string]: unknown })[rubyToTs(`${name}=`)];
  if (typeof setter === "function" && setter !== attributeSetter(name)) setter.call(instance, value);
  else instance.attributes.set(name, value);
}

const setters = new Map<string, (this: CurrentAttributes, v: unknown) => void>();
function attributeSetter(name: string): (this: CurrentAttributes, v: unknown) => void {
  let fn = setters.get(name);
  if (!fn) setters.set(name, (fn = function (this: CurrentAttributes, v: unknown) { this.attributes.set(name, v); }));
  return fn;
}

export interface CurrentAttributesDescriptor {
  attributes: string[];
  /** attribute :x, default: value (a function is called for each new instance). */
  defaults?: { [name: string]: unknown };
  beforeReset?: Function[];
  afterReset?: Function[];
}

/** Installs the attribute accessors (instance and class level) and class-level delegates to instance methods. */
export function defineCurrentAttributes(cls: typeof CurrentAttributes, d: CurrentAttributesDescriptor): void {
  const parent = metas.get(Object.getPrototypeOf(cls));
  const meta: CurrentMeta = {
    attributes: [...(parent?.attributes ?? []), ...d.attributes], defaults: { ...parent?.defaults, ...d.defaults },
    beforeReset: [...(parent?.beforeReset ?? []), ...(d.beforeReset ?? [])], afterReset: [...(parent?.afterReset ?? []), ...(d.afterReset ?? [])],
  };
  metas.set(cls, meta);
  classes.add(cls);
  const proto = cls.prototype as unknown as { [k: string]: unknown };
  for (const name of d.attributes) {
    const get = function (this: CurrentAttributes) {
      if (!this.attributes.has(name) && name in meta.defaults) {
        const value = meta.defaults[name];
        this.attributes.set(name, typeof value === "function" ? (value as () => unknown)() : value);
      }
      return this.attributes.get(name) ?? null;
    };
    for (const key of new Set([name, rubyToTs(name)])) {
      if (!(key in proto)) Object.defineProperty(proto, key, { get, set: attributeSetter(name), configurable: true });
    }
    if (!(rubyToTs(`${name}=`) in proto)) Object.defineProperty(proto, rubyToTs(`${name}=`), { value: attributeSetter(name), configurable: true, writable: true });
  }
  delegateToInstance(cls);
}

/** Class-level access to every instance member (attributes and methods) the class doesn't define statically. */
function delegateToInstance(cls: typeof CurrentAttributes): void {
  const names = new Set<string>();
  for (let p: object | null = cls.prototype; p && p !== CurrentAttributes.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== "constructor") names.add(name);
  }
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(cls, name)) continue;
    const d = Object.getOwnPropertyDescriptor(findOwner(cls.prototype, name), name)!;
    if (typeof d.value === "function") {
      Object.defineProperty(cls, name, {
        configurable: true, writable: true,
        value(this: typeof CurrentAttributes, ...args: unknown[]) {
          const instance = this.instance() as unknown as { [k: string]: Function };
          return instance[name]!.apply(instance, args);
        },
      });
    } else {
      Object.defineProperty(cls, name, {
        configurable: true,
        get(this: typeof CurrentAttributes) {
          return (this.instance() as unknown as { [k: string]: unknown })[name];
        },
        set(this: typeof CurrentAttributes, v: unknown) {
          assign(this.instance(), name, v);
        },
      });
    }
  }
}

function findOwner(proto: object, name: string): object {
  for (let p: object | null = proto; p; p = Object.getPrototypeOf(p)) if (Object.prototype.hasOwnProperty.call(p, name)) return p;
  return proto;
}
