// Hash methods (Ruby core, Enumerable over pairs, ActiveSupport) written once for both lowered Hash forms: a plain
// object (String/Symbol keys, the common case) and a Map (any Ruby keys: Integers, nil, Arrays, or one name spelt
// both as a Symbol and a String). A Hash they build is a plain object when every key is a String, a Map otherwise.
//   h.select { |k, v| v > 1 }         HashEnumerable.select(h, block)          -> a Hash of the same kind
//   h.min_by { |k, v| v }             HashEnumerable.minBy(h, block)           -> a [key, value] pair
//   h.transform_keys(&:to_s)          HashEnumerable.transformKeys(h, block)
// Blocks get a pair the way Ruby yields one: a block of two or more parameters (or a lambda of two) gets key and
// value, any other block the [key, value] Array (which a lowered |k, v| block spreads itself).
import { eq } from "./equality.js";
import { rubyCompare } from "./compare.js";
import { assertMutable, guardMutators } from "./frozen.js";
import { conversionName } from "./core-object.js";
import { enumeratorOf } from "../../ruby/core-enumerator.js";
import { notLoweredError } from "../../ruby/not-lowered.js";
import { hashEntries, inspect, isBlank, isFloat, isHash, isNumeric, isPlainObject, RubySymbol, toS, truthy } from "../../ruby/ruby.js";

type Block = (...args: unknown[]) => unknown;
export type AnyHash = Record<string, unknown> | Map<unknown, unknown>;

/** A Hash built from pairs: a plain object when every key is a String (a lowered Symbol is one), else a Map. */
export function hashFrom(pairs: Iterable<readonly [unknown, unknown]>, like?: AnyHash): AnyHash {
  const list = [...pairs];
  if (like instanceof Map || !list.every(([k]) => typeof k === "string")) return new Map(list);
  const out: Record<string, unknown> = {};
  for (const [k, v] of list) out[k as string] = v;
  return out;
}

/** Ruby's `{ k => v, ... }` whose keys are known only at run time: hashFrom over the pairs in order. */
export function hashLiteral(...pairs: Array<readonly [unknown, unknown]>): AnyHash {
  return hashFrom(pairs);
}

/** One pair to a block, as Ruby yields it (see above). */
export function yieldPair(block: Block, k: unknown, v: unknown, ...rest: unknown[]): unknown {
  return block.length >= 2 && rest.length === 0 ? block(k, v) : block([k, v], ...rest);
}

/** The key under which `k` is stored, if any (a lowered Symbol also finds its RubySymbol spelling in a Map). */
export function hashKey(h: AnyHash, k: unknown): { found: boolean; key: unknown } {
  if (h instanceof Map) {
    if (h.has(k)) return { found: true, key: k };
    if (typeof k === "string" && h.has(RubySymbol.for(k))) return { found: true, key: RubySymbol.for(k) };
    if (k instanceof RubySymbol && h.has(k.name)) return { found: true, key: k.name };
    // Ruby's Hash compares keys with eql?: [1, 2] finds [1, 2]; 1 does not find 1.0.
    // Other values that are == by value (a Range, a Time, a Date) find each other too.
    if (k !== null && typeof k === "object") for (const key of h.keys()) if (key !== null && typeof key === "object" && !(key instanceof RubySymbol) && eq(key, k)) return { found: true, key };
    return { found: false, key: k };
  }
  // A plain object's keys are Strings; an Integer key reads and writes its decimal spelling, as the lowered
  // `h[1] = x` / `h[1]` always have (a plain object cannot hold the Integer itself: see hashFrom).
  const name = typeof k === "string" ? k : k instanceof RubySymbol ? k.name : typeof k === "number" || typeof k === "bigint" ? String(k) : null;
  return name !== null && Object.prototype.hasOwnProperty.call(h, name) ? { found: true, key: name } : { found: false, key: k };
}

export function hashGet(h: AnyHash, k: unknown): unknown {
  const { found, key } = hashKey(h, k);
  if (!found) return undefined;
  return h instanceof Map ? h.get(key) : h[key as string];
}


export function hashSet(h: AnyHash, k: unknown, v: unknown): unknown {
  assertMutable(h);
  const { key } = hashKey(h, k);
  if (h instanceof Map) h.set(key, v);
  else h[key as string] = v;
  return v;
}

function hashDelete(h: AnyHash, k: unknown): void {
  const { key } = hashKey(h, k);
  if (h instanceof Map) h.delete(key);
  else delete h[key as string];
}

function clear(h: AnyHash): void {
  if (h instanceof Map) h.clear();
  else for (const k of Object.keys(h)) delete h[k];
}

/** Replaces a Hash's pairs in place (select!, keep_if, ...): Ruby's mutators keep the object. */
function replacePairs(h: AnyHash, pairs: Array<[unknown, unknown]>): void {
  assertMutable(h);
  clear(h);
  for (const [k, v] of pairs) hashSet(h, k, v);
}

const pairs = (h: AnyHash) => hashEntries(h);
const test = (block: Block) => ([k, v]: [unknown, unknown]) => truthy(yieldPair(block, k, v));

function deepMerge(a: AnyHash, b: AnyHash, block?: Block): AnyHash {
  const out = hashFrom(pairs(a), a);
  for (const [k, v] of pairs(b)) {
    const mine = hashGet(out, k);
    if (isHash(mine) && isHash(v)) hashSet(out, k, deepMerge(mine, v, block));
    else if (block && hashKey(out, k).found) hashSet(out, k, block(k, mine, v));
    else hashSet(out, k, v);
  }
  return out;
}

function merge(h: AnyHash, others: unknown[]): AnyHash {
  const block = typeof others[others.length - 1] === "function" ? (others.pop() as Block) : undefined;
  const out = hashFrom(pairs(h), h instanceof Map || others.some((o) => o instanceof Map) ? new Map() : undefined);
  for (const other of others) {
    if (!isHash(other)) continue;
    for (const [k, v] of pairs(other)) hashSet(out, k, block && hashKey(out, k).found ? block(k, hashGet(out, k), v) : v);
  }
  return out;
}

/** Enumerable and Hash methods shared by both forms (spread into HashMethods and KeyedHashMethods). */
export const HashEnumerable = {
  select: (h: AnyHash, block: Block) => hashFrom(pairs(h).filter(test(block)), h),
  filter: (h: AnyHash, block: Block) => hashFrom(pairs(h).filter(test(block)), h),
  reject: (h: AnyHash, block: Block) => hashFrom(pairs(h).filter((p) => !test(block)(p)), h),
  filterMap: (h: AnyHash, block: Block) => pairs(h).map(([k, v]) => yieldPair(block, k, v)).filter(truthy),
  find: (h: AnyHash, block: Block) => pairs(h).find(test(block)) ?? null,
  detect: (h: AnyHash, block: Block) => pairs(h).find(test(block)) ?? null,
  isAny: (h: AnyHash, block?: Block) => (block ? pairs(h).some(test(block)) : pairs(h).length > 0),
  isAll: (h: AnyHash, block?: Block) => (block ? pairs(h).every(test(block)) : true),
  isNone: (h: AnyHash, block?: Block) => (block ? !pairs(h).some(test(block)) : pairs(h).length === 0),
  count: (h: AnyHash, block?: Block) => (block ? pairs(h).filter(test(block)).length : pairs(h).length),
  map: (h: AnyHash, block: Block) => pairs(h).map(([k, v]) => yieldPair(block, k, v)),
  collect: (h: AnyHash, block: Block) => pairs(h).map(([k, v]) => yieldPair(block, k, v)),
  flatMap: (h: AnyHash, block: Block) => pairs(h).flatMap(([k, v]) => {
    const r = yieldPair(block, k, v);
    return Array.isArray(r) ? r : [r];
  }),
  each: (h: AnyHash, block: Block) => {
    for (const [k, v] of pairs(h)) yieldPair(block, k, v);
    return h;
  },
  eachPair: (h: AnyHash, block: Block) => HashEnumerable.each(h, block),
  eachKey: (h: AnyHash, block: Block) => {
    for (const [k] of pairs(h)) block(k);
    return h;
  },
  eachValue: (h: AnyHash, block: Block) => {
    for (const [, v] of pairs(h)) block(v);
    return h;
  },
  eachWithObject: (h: AnyHash, memo: unknown, block: Block) => {
    for (const p of pairs(h)) block(p, memo);
    return memo;
  },
  eachWithIndex: (h: AnyHash, block?: Block) => {
    if (!block) return pairs(h).map((p, i) => [p, i]);
    pairs(h).forEach((p, i) => block(p, i));
    return h;
  },
  inject: (h: AnyHash, ...args: unknown[]) => {
    const block = args.pop() as Block;
    const list = pairs(h) as unknown[];
    let acc = args.length ? args[0] : list.shift();
    for (const p of list) acc = block(acc, p);
    return acc ?? null;
  },
  reduce: (h: AnyHash, ...args: unknown[]) => HashEnumerable.inject(h, ...args),
  sum: (h: AnyHash, init: unknown = 0, block?: Block) => {
    const f = typeof init === "function" ? (init as Block) : block;
    let acc: unknown = typeof init === "function" ? 0 : init;
    for (const [k, v] of pairs(h)) {
      const x = f ? yieldPair(f, k, v) : [k, v];
      acc = Array.isArray(acc) ? [...acc, ...(x as unknown[])] : (acc as number) + (x as number);
    }
    return acc;
  },
  minBy: (h: AnyHash, block: Block) => HashEnumerable.sortBy(h, block)[0] ?? null,
  maxBy: (h: AnyHash, block: Block) => HashEnumerable.sortBy(h, block).at(-1) ?? null,
  sortBy: (h: AnyHash, block: Block) =>
    pairs(h).map((p) => [yieldPair(block, p[0], p[1]), p] as const).sort((a, b) => rubyCompare(a[0], b[0])).map(([, p]) => p),
  sort: (h: AnyHash) => pairs(h).sort(rubyCompare),
  groupBy: (h: AnyHash, block: Block) => {
    const out = new Map<unknown, unknown[]>();
    for (const p of pairs(h)) {
      const k = yieldPair(block, p[0], p[1]);
      const found = [...out.keys()].find((x) => x === k);
      if (found !== undefined) out.get(found)!.push(p);
      else out.set(k, [p]);
    }
    return hashFrom(out);
  },
  partition: (h: AnyHash, block: Block) => [pairs(h).filter(test(block)), pairs(h).filter((p) => !test(block)(p))],
  toA: (h: AnyHash) => pairs(h),
  entries: (h: AnyHash) => pairs(h),
  first: (h: AnyHash, n?: unknown) => (n === undefined ? pairs(h)[0] ?? null : pairs(h).slice(0, Number(n))),
  toH: (h: AnyHash, block?: Block) => (block ? hashFrom(pairs(h).map(([k, v]) => yieldPair(block, k, v) as [unknown, unknown])) : hashFrom(pairs(h), h)),
  invert: (h: AnyHash) => hashFrom(pairs(h).map(([k, v]) => [v, k] as const)),
  key: (h: AnyHash, value: unknown) => pairs(h).find(([, v]) => eq(v, value))?.[0] ?? null,
  isValue: (h: AnyHash, value: unknown) => pairs(h).some(([, v]) => eq(v, value)),
  isHasValue: (h: AnyHash, value: unknown) => pairs(h).some(([, v]) => eq(v, value)),
  isKey: (h: AnyHash, k: unknown) => hashKey(h, k).found,
  isHasKey: (h: AnyHash, k: unknown) => hashKey(h, k).found,
  isInclude: (h: AnyHash, k: unknown) => hashKey(h, k).found,
  isMember: (h: AnyHash, k: unknown) => hashKey(h, k).found,
  assoc: (h: AnyHash, k: unknown) => (hashKey(h, k).found ? [hashKey(h, k).key, hashGet(h, k)] : null),
  valuesAt: (h: AnyHash, ...keys: unknown[]) => keys.map((k) => hashGet(h, k) ?? null),
  fetchValues: (h: AnyHash, ...keys: unknown[]) => keys.map((k) => HashEnumerable.fetch(h, k)),
  fetch: (h: AnyHash, k: unknown, ...rest: unknown[]) => {
    if (hashKey(h, k).found) return hashGet(h, k);
    const fallback = rest[0];
    if (typeof fallback === "function") return (fallback as Block)(k);
    if (rest.length) return fallback;
    throw new KeyError(`key not found: ${inspect(k)}`);
  },
  transformValues: (h: AnyHash, block: Block) => hashFrom(pairs(h).map(([k, v]) => [k, block(v)] as const), h),
  transformKeys: (h: AnyHash, arg: unknown) => {
    const rename = (k: unknown) => (typeof arg === "function" ? (arg as Block)(k) : isHash(arg) && hashKey(arg, k).found ? hashGet(arg, k) : k);
    return hashFrom(pairs(h).map(([k, v]) => [rename(k), v] as const));
  },
  compact: (h: AnyHash) => hashFrom(pairs(h).filter(([, v]) => v !== null && v !== undefined), h),
  compactBlank: (h: AnyHash) => hashFrom(pairs(h).filter(([, v]) => !isBlank(v)), h),
  merge: (h: AnyHash, ...others: unknown[]) => merge(h, others),
  mergeBang: (h: AnyHash, ...others: unknown[]) => {
    replacePairs(h, pairs(merge(h, others)));
    return h;
  },
  update: (h: AnyHash, ...others: unknown[]) => HashEnumerable.mergeBang(h, ...others),
  deepMerge: (h: AnyHash, other: unknown, block?: Block) => deepMerge(h, isHash(other) ? other : {}, block),
  reverseMerge: (h: AnyHash, other: unknown) => merge(isHash(other) ? other : {}, [h]),
  withDefaults: (h: AnyHash, other: unknown) => merge(isHash(other) ? other : {}, [h]),
  reverseUpdate: (h: AnyHash, other: unknown) => {
    replacePairs(h, pairs(merge(isHash(other) ? other : {}, [h])));
    return h;
  },
  slice: (h: AnyHash, ...keys: unknown[]) =>
    hashFrom(keys.filter((k) => hashKey(h, k).found).map((k) => [hashKey(h, k).key, hashGet(h, k)] as const), h),
  except: (h: AnyHash, ...keys: unknown[]) => {
    const drop = new Set(keys.map((k) => hashKey(h, k).key));
    return hashFrom(pairs(h).filter(([k]) => !drop.has(k)), h);
  },
  without: (h: AnyHash, ...keys: unknown[]) => HashEnumerable.except(h, ...keys),
  deleteIf: (h: AnyHash, block: Block) => {
    replacePairs(h, pairs(h).filter((p) => !test(block)(p)));
    return h;
  },
  keepIf: (h: AnyHash, block: Block) => {
    replacePairs(h, pairs(h).filter(test(block)));
    return h;
  },
  selectBang: (h: AnyHash, block: Block) => {
    const kept = pairs(h).filter(test(block));
    if (kept.length === pairs(h).length) return null;
    replacePairs(h, kept);
    return h;
  },
  rejectBang: (h: AnyHash, block: Block) => {
    const kept = pairs(h).filter((p) => !test(block)(p));
    if (kept.length === pairs(h).length) return null;
    replacePairs(h, kept);
    return h;
  },
  // compact!: nil where no value was nil.
  compactBang: (h: AnyHash) => {
    const kept = pairs(h).filter(([, v]) => v !== null && v !== undefined);
    if (kept.length === pairs(h).length) return null;
    replacePairs(h, kept);
    return h;
  },
  // transform_values! / transform_keys!: the receiver, changed; without a block (or mapping), the Enumerator that
  // changes it. A frozen Hash raises once something would change (Ruby answers the Enumerator first).
  transformValuesBang: (h: AnyHash, block?: Block): unknown => {
    const keys = pairs(h).map(([k]) => k);
    const apply = (answers: unknown[]) => {
      assertMutable(h);
      keys.forEach((k, i) => hashSet(h, k, answers[i]));
      return h;
    };
    if (typeof block !== "function") return enumeratorOf(pairs(h).map(([, v]) => v), apply);
    assertMutable(h);
    for (const [k, v] of pairs(h)) hashSet(h, k, block(v));
    return h;
  },
  transformKeysBang: (h: AnyHash, ...args: unknown[]): unknown => {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : undefined;
    if (args.length && !isHash(args[0])) throw new RubyTypeError(`no implicit conversion of ${conversionName(args[0])} into Hash`);
    const mapping = args[0] as AnyHash | undefined;
    if (!mapping && !block) {
      const keys = pairs(h).map(([k]) => k);
      return enumeratorOf(keys, (answers) => renameKeys(h, (_k, i) => answers[i]));
    }
    return renameKeys(h, (k) => (mapping && hashKey(mapping, k).found ? hashGet(mapping, k) : block ? block(k) : k));
  },
  store: (h: AnyHash, k: unknown, v: unknown) => hashSet(h, k, v),
  clear: (h: AnyHash) => {
    assertMutable(h);
    clear(h);
    return h;
  },
  shift: (h: AnyHash) => {
    assertMutable(h);
    const first = pairs(h)[0];
    if (!first) return null;
    hashDelete(h, first[0]);
    return first;
  },
  delete: (h: AnyHash, k: unknown, block?: Block) => {
    const { found } = hashKey(h, k);
    if (!found) return block ? block(k) : null;
    assertMutable(h);
    const value = hashGet(h, k);
    hashDelete(h, k);
    return value ?? null;
  },
  default: (h: AnyHash) => (h instanceof DefaultHash ? h.defaultValue : null),
  dig: (h: AnyHash, ...keys: unknown[]) => dig(h, keys),
  dup: (h: AnyHash) => hashFrom(pairs(h), h),
  deepDup: (h: AnyHash): AnyHash => hashFrom(pairs(h).map(([k, v]) => [k, deepDup(v)] as const), h),
  isEql: (h: AnyHash, other: unknown) => eql(h, other),
  // ActiveSupport's with_indifferent_access: a Symbol key reads as its String (nested Hashes too). Lowered
  // Symbols are Strings already, so the copy only has to turn RubySymbol keys into their names.
  withIndifferentAccess: (h: AnyHash): AnyHash => indifferent(h),
  toHash: (h: AnyHash) => hashFrom(pairs(h), h),
  symbolizeKeys: (h: AnyHash) => hashFrom(pairs(h).map(([k, v]) => [k instanceof RubySymbol ? k.name : k, v] as const)),
  stringifyKeys: (h: AnyHash) => hashFrom(pairs(h).map(([k, v]) => [k instanceof RubySymbol ? k.name : toS(k), v] as const)),
  deepSymbolizeKeys: (h: AnyHash): AnyHash => hashFrom(pairs(h).map(([k, v]) => [k instanceof RubySymbol ? k.name : k, isHash(v) ? HashEnumerable.deepSymbolizeKeys(v) : v] as const)),
  deepStringifyKeys: (h: AnyHash): AnyHash => hashFrom(pairs(h).map(([k, v]) => [k instanceof RubySymbol ? k.name : k, isHash(v) ? HashEnumerable.deepStringifyKeys(v) : v] as const)),
};
// (Hash#freeze: core-ext/frozen.ts.)
guardMutators(HashEnumerable, ["mergeBang", "update", "deleteIf", "keepIf", "selectBang", "rejectBang", "store", "clear", "shift", "delete", "compactBang"]);

/**
 * transform_keys!'s walk, as Ruby 3.3's: over the pairs as they were, each key's pair is removed (unless an earlier
 * pair was renamed to it) and its value stored under the new key, so `{a: 1, b: 2}.transform_keys!(a: :b)` is
 * `{b: 2}`. A Hash whose keys are all Strings (a plain object) cannot take another key in place: declined there.
 */
function renameKeys(h: AnyHash, rename: (k: unknown, i: number) => unknown): AnyHash {
  assertMutable(h);
  const added = new Map<unknown, null>();
  pairs(h).forEach(([k, v], i) => {
    const to = rename(k, i);
    if (!(h instanceof Map) && typeof to !== "string" && !(to instanceof RubySymbol)) {
      throw notLoweredError(`rails2ts: transform_keys! to ${inspect(to)} on a Hash whose keys are all Strings or Symbols (a plain object, which cannot hold that key in place)`);
    }
    if (!hashKey(added, k).found) hashDelete(h, k);
    hashSet(h, to, v);
    added.set(hashKey(added, to).key, null);
  });
  return h;
}

function indifferent(h: AnyHash): AnyHash {
  return hashFrom(pairs(h).map(([k, v]) => [k instanceof RubySymbol ? k.name : k, isHash(v) ? indifferent(v) : v] as const), h);
}

/** Object#eql?: == without Integer/Float conversion (1.eql?(1.0) is false), element by element. */
export function eql(a: unknown, b: unknown): boolean {
  if (isNumeric(a) || isNumeric(b)) return isNumeric(a) && isNumeric(b) && isFloat(a) === isFloat(b) && Number(a) === Number(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => eql(x, b[i]));
  if (isHash(a)) {
    if (!isHash(b) || pairs(a).length !== pairs(b).length) return false;
    return pairs(a).every(([k, v]) => hashKey(b, k).found && eql(v, hashGet(b, k)));
  }
  return eq(a, b);
}

function deepDup(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(deepDup);
  if (isHash(v)) return HashEnumerable.deepDup(v);
  return v;
}

import { KeyError, RubyTypeError } from "../../ruby/exceptions.js";
export { KeyError };

/** `Hash.new(default)` / `Hash.new { |hash, key| ... }`: a Map whose [] answers the default for a missing key. */
export class DefaultHash extends Map<unknown, unknown> {
  constructor(
    readonly defaultValue: unknown,
    readonly defaultProc: Block | null,
  ) {
    super();
  }
  /** Hash#[] of a missing key. */
  missing(key: unknown): unknown {
    return this.defaultProc ? this.defaultProc(this, key) : this.defaultValue;
  }
}

/** Hash#[]: the value, else the Hash's default (nil for a literal). */
/**
 * Hash#dig / Array#dig: each step is that value's [] (a Hash's default included); nil ends it; a value with no
 * #dig (an Integer, a String) raises TypeError, as Ruby's does.
 */
export function dig(node: unknown, keys: unknown[]): unknown {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (node === null || node === undefined) return null;
    if (isHash(node)) node = hashIndex(node, k);
    else if (Array.isArray(node)) {
      if (typeof k !== "number") throw new RubyTypeError(`no implicit conversion of ${k === null ? "nil" : typeof k === "string" ? "String" : "Object"} into Integer`);
      node = node.at(k) ?? null;
    } else if (typeof (node as { dig?: unknown }).dig === "function") return (node as { dig: (...a: unknown[]) => unknown }).dig(...keys.slice(i));
    else throw new RubyTypeError(`${typeof node === "string" ? "String" : typeof node === "number" ? (Number.isInteger(node) ? "Integer" : "Float") : "Object"} does not have #dig method`);
  }
  return node ?? null;
}

export function hashIndex(h: AnyHash, key: unknown): unknown {
  const { found } = hashKey(h, key);
  if (found) return hashGet(h, key) ?? null;
  return h instanceof DefaultHash ? h.missing(key) : null;
}

/** Hash.new / Hash.new(default) / Hash.new { |hash, key| }. */
export function newHash(...args: unknown[]): DefaultHash {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
  return new DefaultHash(args[0] ?? null, block);
}
