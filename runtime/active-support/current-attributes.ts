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
// The compiler emits a class of statics instead (src/lower/model/current.ts): `static get user()` reads
// `this.readAttribute("user")`, `static set user(v)` calls `this.writeAttribute("user", v)`, over the same instance.
// Class-level calls reach the one instance for the current execution, as Rails' method_missing does. Values live
// in a store per execution: `CurrentAttributes.isolate(fn)` gives fn (sync or async) its own, like a request.
// Requests run one at a time in the emitted server, so the app resets the shared store around each request
// (Rails' executor calls reset_all in to_run and to_complete).
import { AsyncLocalStorage } from "node:async_hooks";
import { checkDeclinedClass } from "../ruby/app-class.js";
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

export class CurrentAttributes {
  /** The attribute values of this execution. */
  readonly attributes = new Map<string, unknown>();

  /** The instance for the current execution (created on first use). */
  static instance<T extends CurrentAttributes>(this: new () => T): T {
    const s = store();
    let found = s.get(this) as T | undefined;
    if (!found) {
      checkDeclinedClass(this); // a class-body statement the compiler declined raises here, at first use
      s.set(this, (found = new this()));
    }
    return found;
  }

  /** The attribute's value for the current execution (its default when unset and it has one, else nil). */
  static readAttribute(this: typeof CurrentAttributes, name: string): unknown {
    return readAttribute(this.instance(), name);
  }

  static writeAttribute(this: typeof CurrentAttributes, name: string, value: unknown): unknown {
    this.instance().attributes.set(name, value);
    return value;
  }

  /** Clears every attribute (before_reset / after_reset callbacks around it). */
  static reset(this: typeof CurrentAttributes): void {
    const meta = metaOf(this);
    const instance = this.instance();
    for (const fn of meta?.beforeReset ?? []) fn.call(instance, instance);
    store().delete(this);
    for (const fn of meta?.afterReset ?? []) fn.call(this.instance(), this.instance());
  }

  /**
   * set(attributes) { block }: the values for the duration of fn, then the previous ones back. Without a block
   * the values stay (Rails raises LocalJumpError there and restores them).
   */
  static set<R>(this: typeof CurrentAttributes, attributes: { [name: string]: unknown }, fn?: () => R): R | null {
    const instance = this.instance();
    const previous = new Map(Object.keys(attributes).map((k) => [k, instance.attributes.get(k)]));
    for (const [k, v] of Object.entries(attributes)) assign(instance, k, v);
    if (!fn) return null;
    try {
      return fn();
    } finally {
      for (const [k, v] of previous) {
        if (v === undefined) instance.attributes.delete(k);
        else instance.attributes.set(k, v);
      }
    }
  }

  /** The executor's reset_all (before and after each request): resets every instance this execution has. */
  static resetAll(): void {
    for (const cls of [...store().keys()]) (cls as typeof CurrentAttributes).reset();
  }

  /** Runs fn with its own store (a request, a job), so concurrent executions never share values. */
  static isolate<R>(fn: () => R): R {
    return storage.run(new Map(), fn);
  }
}

/** The nearest class's meta: a subclass without its own defineCurrentAttributes has its parent's. */
function metaOf(cls: Function): CurrentMeta | undefined {
  for (let c: unknown = cls; typeof c === "function"; c = Object.getPrototypeOf(c)) {
    const meta = metas.get(c as Function);
    if (meta) return meta;
  }
  return undefined;
}

function readAttribute(instance: CurrentAttributes, name: string): unknown {
  const defaults = metaOf(instance.constructor)?.defaults;
  if (!instance.attributes.has(name) && defaults && name in defaults) {
    const value = defaults[name];
    // resolve_defaults: a Proc is called, any other value dup'ed (an Array or Hash default is not shared).
    instance.attributes.set(name, typeof value === "function" ? (value as () => unknown)() : dup(value));
  }
  return instance.attributes.get(name) ?? null;
}

function dup(value: unknown): unknown {
  if (Array.isArray(value)) return [...value];
  if (value instanceof Map) return new Map(value);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return { ...value };
  return value;
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
  const proto = cls.prototype as unknown as { [k: string]: unknown };
  for (const name of d.attributes) {
    const get = function (this: CurrentAttributes) {
      return readAttribute(this, name);
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
