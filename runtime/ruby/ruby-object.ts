// Plain Ruby objects as the compiler lowers them (src/lower/core/plain-class.ts): Object's `new`/`initialize`
// protocol, instance variables, respond_to?/public_send, and attr_accessor.
//   class Note; def initialize(a); @a = a; end; end   class Note extends RubyObject { initialize(a) { this.ivars.a = a; } }
//   Note.new(1)                                        Note.build(1)          (allocate, then initialize, as Class#new)
//   attr_accessor :title                               attrAccessor(Note, ["title"], "accessor")
import { APP_CLASS, newInstance } from "./app-class.js";
export { declineClass } from "./app-class.js";
import { camel, rubyToTs } from "./names.js";
import { NoMethodError } from "./exceptions.js";
import { inspect, objectToS } from "./ruby.js";

/** Object: instance variables, and `new` as allocate + initialize. */
export class RubyObject {
  static readonly [APP_CLASS] = true;
  /** `@name` of this object (unset reads as nil). */
  readonly ivars: Record<string, unknown> = {};

  /** The class's Ruby name (`Billing::Invoice`), set by the lowering. */
  static rubyName = "Object";

  static build<T extends RubyObject>(this: new () => T, ...args: unknown[]): T {
    return newInstance(this, args);
  }

  /** `Class#new` under its Ruby name, for dynamic sends (`klass.new(...)`). */
  static new<T extends RubyObject>(this: new () => T, ...args: unknown[]): T {
    return (this as unknown as { build(...a: unknown[]): T }).build(...args);
  }

  initialize(..._args: unknown[]): unknown {
    return null;
  }

  /** respond_to?: a member under the one Ruby -> TS naming rule. */
  respondTo(name: string): boolean {
    return rubyToTs(name) in this;
  }

  /** public_send(name, *args): a method is called, an accessor property read. */
  publicSend(name: string, ...args: unknown[]): unknown {
    const member = (this as unknown as Record<string, unknown>)[rubyToTs(name)];
    if (typeof member === "function") return (member as (...a: unknown[]) => unknown).apply(this, args);
    if (member === undefined) throw new NoMethodError(`undefined method \`${name}' for an instance of ${this.rubyClassName()}`);
    return member;
  }

  rubyClassName(): string {
    return (this.constructor as typeof RubyObject).rubyName;
  }

  /** Object#as_json (ActiveSupport): the instance variables that are set, by name, in the order they were set. */
  asJson(): Record<string, unknown> {
    return { ...this.ivars };
  }

  /**
   * Object#to_s: the class's own `def to_s` (lowered as toS) when it has one, else the class name and an address
   * (stable per object; Ruby's differs per run anyway).
   */
  toRubyString(): string {
    return objectToS(this, this.rubyClassName());
  }
}

export type AccessorKind = "accessor" | "reader" | "writer";

/** Where accessors keep a value: instance variables (attr_accessor), or an attribute set (ActiveModel::Attributes). */
export interface AccessorStorage {
  read(object: RubyObject, name: string): unknown;
  write(object: RubyObject, name: string, value: unknown): void;
}

const IVARS: AccessorStorage = {
  read: (object, name) => object.ivars[name] ?? null,
  write: (object, name, value) => void (object.ivars[name] = value),
};

/**
 * attr_accessor / attr_reader / attr_writer: `title` reads @title (nil when unset), `title=` writes it. The reader
 * is a property under the Ruby name and its camelCase form (what a dynamic send looks up); the writer is also the
 * method `setTitle`, the name the Ruby -> TS rule gives `title=`.
 */
export function attrAccessor(cls: { prototype: object }, names: string[], kind: AccessorKind, storage: AccessorStorage = IVARS): void {
  for (const name of names) {
    for (const key of new Set([name, camel(name)])) {
      const existing = Object.getOwnPropertyDescriptor(cls.prototype, key);
      // A method the class body defines under the same name wins (`attr_reader :name` then `def name`).
      if (typeof existing?.value === "function") continue;
      const get = kind === "writer" ? existing?.get : function (this: RubyObject) {
        return storage.read(this, name);
      };
      const set = kind === "reader" ? existing?.set : function (this: RubyObject, v: unknown) {
        storage.write(this, name, v);
      };
      Object.defineProperty(cls.prototype, key, { get, set, configurable: true, enumerable: false });
    }
    const setter = rubyToTs(`${name}=`);
    if (kind !== "reader" && !Object.prototype.hasOwnProperty.call(cls.prototype, setter)) {
      Object.defineProperty(cls.prototype, setter, {
        value: function (this: RubyObject, v: unknown) {
          storage.write(this, name, v);
          return v;
        },
        configurable: true,
        writable: true,
      });
    }
  }
}

/**
 * `Struct.new(:a, :b)` (optionally `keyword_init: true`) as a superclass: positional (or keyword) members, readers
 * and writers, to_a / to_h / members, and == by class and values.
 *   class Image < Struct.new(:path, :width)          class Image extends rubyStruct(["path", "width"]) { ... }
 */
export function rubyStruct(members: string[], keywordInit = false): typeof RubyObject {
  class Struct extends RubyObject {
    override initialize(...args: unknown[]): unknown {
      if (keywordInit && (args.length === 0 || isKeywords(args[0]))) {
        const given = (args[0] ?? {}) as Record<string, unknown>;
        const unknown = Object.keys(given).filter((k) => !members.includes(k));
        if (unknown.length) throw new TypeError(`unknown keywords: ${unknown.join(", ")}`);
        for (const m of members) this.ivars[m] = given[m] ?? null;
        return null;
      }
      if (args.length > members.length) throw new TypeError("struct size differs");
      members.forEach((m, i) => (this.ivars[m] = args[i] ?? null));
      return null;
    }

    members(): string[] {
      return [...members];
    }

    toA(): unknown[] {
      return members.map((m) => this.ivars[m] ?? null);
    }

    toH(): Record<string, unknown> {
      return Object.fromEntries(members.map((m) => [m, this.ivars[m] ?? null]));
    }

    /** Struct#inspect: `#<struct body=nil>`, or `#<struct Image path="a">` for a named subclass. */
    toRubyInspect(): string {
      const named = this.constructor !== Struct && Object.hasOwn(this.constructor, "rubyName") ? `${(this.constructor as typeof RubyObject).rubyName} ` : "";
      return `#<struct ${named}${members.map((m) => `${m}=${inspect(this.ivars[m] ?? null)}`).join(", ")}>`;
    }

    isEqual(other: unknown): boolean {
      return other instanceof Struct && other.constructor === this.constructor && members.every((m) => other.ivars[m] === this.ivars[m]);
    }
  }
  attrAccessor(Struct, members, "accessor");
  return Struct;
}

function isKeywords(v: unknown): boolean {
  return typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}
