// An app reopening a Ruby core class (`class String; def shout? ... end; end` in lib/): its methods join that
// class's method table, so dynamic dispatch (coreSend / send) finds them as Ruby's method lookup would. Each method
// runs with `this` the receiver, as the lowered body expects of `self`.
import { ArrayMethods, HashMethods } from "./core-collections.js";
import { NumericMethods } from "./core-numeric.js";
import { NilMethods, ObjectMethods } from "./core-object.js";
import { StringMethods } from "./core-string.js";
import { TimeMethods } from "./core-time.js";

/** The core classes an app may reopen, by Ruby name: the table their methods join. */
export const CORE_EXTENSIBLE: Record<string, object> = {
  String: StringMethods, Integer: NumericMethods, Float: NumericMethods, Numeric: NumericMethods, Array: ArrayMethods,
  Hash: HashMethods, NilClass: NilMethods, Object: ObjectMethods, Time: TimeMethods,
};

export function extendCore(className: string, methods: Record<string, (this: unknown, ...args: unknown[]) => unknown>): void {
  const table = CORE_EXTENSIBLE[className] as Record<string, unknown> | undefined;
  if (!table) throw new Error(`rails2ts: reopening ${className} is not supported`);
  for (const [name, fn] of Object.entries(methods)) table[name] = (recv: unknown, ...args: unknown[]) => fn.call(recv, ...args);
}
