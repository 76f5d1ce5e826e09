// Object#freeze and #frozen? on Arrays and Hashes: `LIST = [1, 2].freeze; LIST << 3` raises FrozenError in Ruby.
//   [1].freeze              freezeValue([1])          Object.freeze (a Map: kept in a WeakSet, as Map#set ignores it)
//   list.frozen?            isFrozenValue(list)       false for an Array or Hash nothing froze
//   list << 3 / h[:k] = 1   assertMutable(list)       FrozenError: can't modify frozen Array: [1, 2]
// Every core method that changes an Array or a Hash in place checks first (guardMutators wraps them in the method
// tables); the other values keep the old answer (a String's frozen state is not kept: known in the Ruby corpus).
import { FrozenError } from "../../ruby/errors.js";
import { inspect, isPlainObject } from "../../ruby/ruby.js";

const frozenMaps = new WeakSet<object>();

export function freezeValue<T>(v: T): T {
  if (Array.isArray(v) || isPlainObject(v)) Object.freeze(v);
  else if (v instanceof Map) frozenMaps.add(v);
  return v;
}

/** Array#frozen? / Hash#frozen?; true for the values whose frozen state is not kept. */
export function isFrozenValue(v: unknown): boolean {
  if (Array.isArray(v) || isPlainObject(v)) return Object.isFrozen(v);
  if (v instanceof Map) return frozenMaps.has(v);
  return true;
}

/** Ruby's FrozenError where a frozen Array or Hash is about to change. */
export function assertMutable<T>(v: T): T {
  const frozen = Array.isArray(v) || isPlainObject(v) ? Object.isFrozen(v) : v instanceof Map && frozenMaps.has(v);
  if (frozen) throw new FrozenError(`can't modify frozen ${Array.isArray(v) ? "Array" : "Hash"}: ${inspect(v)}`);
  return v;
}

/** The named methods of a core method table, each checking its receiver first. */
export function guardMutators<T extends Record<string, unknown>>(table: T, names: string[]): T {
  for (const name of names) {
    const fn = table[name] as ((recv: unknown, ...args: unknown[]) => unknown) | undefined;
    if (typeof fn !== "function") continue;
    (table as Record<string, unknown>)[name] = (recv: unknown, ...args: unknown[]) => {
      assertMutable(recv);
      return fn(recv, ...args);
    };
  }
  return table;
}
