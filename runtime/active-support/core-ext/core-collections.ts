// Array and Hash methods (Ruby core and ActiveSupport) on lowered arrays and plain objects, keyed by the one
// Ruby -> TS naming rule. Blocks arrive as the last argument, a function.
//   list.join(", ")           ArrayMethods.join(list, ", ")         ["a", "b"].to_sentence -> "a and b"
//   h.to_query                HashMethods.toQuery(h)                 h.to_json -> ActiveSupport's encoding
import { caseEq } from "./pattern-match.js";
import { eq } from "./equality.js";
import { OPERATOR_METHODS } from "../../ruby/operator-names.js";
import { isBlank } from "../../ruby/ruby.js";
import { asJsonTree, encodeJson } from "../json.js";
import { floatOf, hashEntries, inspect, isFloat, isHash, isNumeric, isPlainObject, RubyRange, RubySymbol, toS, truthy } from "../../ruby/ruby.js";
import { toParam, toQuery } from "../to-query.js";
import { translateOrUndefined } from "../i18n.js";
import { dig, eql, hashKey, HashEnumerable, KeyError } from "./core-hash.js";
import { rangeBounds } from "./core-range.js";
import { assertMutable, guardMutators } from "./frozen.js";
import { conversionName } from "./core-object.js";
import { ArgumentError, IndexError, RubyTypeError } from "../../ruby/exceptions.js";
import { rubyCompare } from "./compare.js";
import { Duration } from "../duration.js";
import { enumeratorOf, orEnumerator, RubyEnumerator, yieldEach } from "../../ruby/core-enumerator.js";

type Block = (...args: unknown[]) => unknown;
const opts = (o: unknown): Record<string, unknown> => (isPlainObject(o) ? o : {});

/** Array#join: nested arrays join recursively; nil is "". */
function join(list: unknown[], sep: string): string {
  return list.map((x) => (Array.isArray(x) ? join(x, sep) : toS(x))).join(sep);
}

/** Array#to_sentence (ActiveSupport), with the connectors of support.array in the current locale. */
function toSentence(list: unknown[], o: unknown = {}): string {
  const options = opts(o);
  const fromLocale = (key: string, fallback: string) => toS(options[key] ?? translateOrUndefined(`support.array.${key}`) ?? fallback);
  const words = fromLocale("words_connector", ", ");
  const two = fromLocale("two_words_connector", " and ");
  const last = fromLocale("last_word_connector", ", and ");
  const items = list.map((x) => toS(x));
  if (items.length <= 1) return items[0] ?? "";
  if (items.length === 2) return items.join(two);
  return `${items.slice(0, -1).join(words)}${last}${items[items.length - 1]}`;
}


/** A Map from pairs whose keys equal by value are one key (the later value wins), as a Ruby Hash builds it. */
function keyed(pairs: Array<[unknown, unknown]>): Map<unknown, unknown> {
  const out = new Map<unknown, unknown>();
  for (const [k, v] of pairs) out.set(hashKey(out, k).key, v);
  return out;
}

/** Enumerable#min / #max: the least (order 1) or greatest (-1), or the first n of them in that order. */
function extreme(list: unknown[], order: 1 | -1, n: unknown, block: unknown): unknown {
  const fn = typeof n === "function" ? n : block;
  const count = typeof n === "function" || n === undefined || n === null ? null : Number(n);
  const cmp = typeof fn === "function" ? (a: unknown, b: unknown) => Number((fn as Block)(a, b)) : rubyCompare;
  const sorted = [...list].sort((a, b) => order * cmp(a, b));
  return count === null ? (sorted[0] ?? null) : sorted.slice(0, count);
}

/** inject / reduce: (init?, block) or (init?, :symbol). */
function reduce(list: unknown[], args: unknown[]): unknown {
  const fn = args.find((a) => typeof a === "function") as Block | undefined;
  const rest = args.filter((a) => typeof a !== "function");
  const op = !fn ? toS(rest.pop()) : null;
  const step = fn ?? ((acc: unknown, x: unknown) => {
    // An object's own operator method (`def +(other)`: `plus`), as Ruby sends the symbol to the accumulator.
    const own = acc !== null && typeof acc === "object" ? (acc as Record<string, unknown>)[OPERATOR_METHODS[op!] ?? ""] : undefined;
    if (typeof own === "function") return (own as (y: unknown) => unknown).call(acc, x);
    if (typeof acc === "object" && acc !== null) throw new TypeError(`inject(:${op}) is not supported on ${toS(acc)}`);
    return op === "+" ? (typeof acc === "string" ? acc + toS(x) : (acc as number) + (x as number)) : op === "*" ? (acc as number) * (x as number) : op === "-" ? (acc as number) - (x as number) : (() => { throw new TypeError(`inject(:${op}) is not supported`); })();
  });
  const items = [...list];
  let acc = rest.length ? rest[0] : items.shift();
  if (acc === undefined) return null;
  for (const x of items) acc = step(acc, x);
  return acc;
}

/** Array#[] / #slice: an index (negative from the end), (start, length), or a Range; nil out of range. */
function arraySlice(list: unknown[], args: unknown[]): unknown {
  const [first, second] = args;
  if (first instanceof RubyRange) {
    const range = rangeBounds(list.length, first);
    return range ? list.slice(range[0], range[1]) : null;
  }
  const size = list.length;
  const start = Number(first) < 0 ? size + Number(first) : Number(first);
  if (second === undefined) return start < 0 || start >= size ? null : list[start] ?? null;
  if (start < 0 || start > size || Number(second) < 0) return null;
  return list.slice(start, start + Number(second));
}

/** Enumerable#pluck's `element[key]`: a Hash's value, a record's attribute (Base#[] is read_attribute). */
function pluckOne(x: unknown, k: unknown): unknown {
  if (isHash(x)) return HashEnumerable.dig(x, k);
  const read = (x as { readAttribute?: unknown } | null)?.readAttribute;
  if (typeof read === "function") return (read as (name: string) => unknown).call(x, toS(k));
  throw new TypeError(`undefined method \`[]' for ${x === null || x === undefined ? "nil" : inspect(x)}`);
}

/** Array#push (alias append) and #unshift (alias prepend): the receiver, changed. */
function push(list: unknown[], ...items: unknown[]): unknown[] {
  list.push(...items);
  return list;
}
function unshift(list: unknown[], ...items: unknown[]): unknown[] {
  list.unshift(...items);
  return list;
}

/** Ruby's implicit conversion of an argument to an Array (to_ary): an Array, else TypeError. */
function toAry(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  throw new RubyTypeError(`no implicit conversion of ${conversionName(v)} into Array`);
}

/** Ruby's implicit conversion of an index to an Integer (NUM2LONG): a Float truncates; nil or a String is a TypeError. */
function toIndex(v: unknown): number {
  if (isNumeric(v)) return Math.trunc(Number(v));
  throw new RubyTypeError(v === null || v === undefined ? "no implicit conversion from nil to integer" : `no implicit conversion of ${conversionName(v)} into Integer`);
}

/**
 * Array#sum as Ruby's ary_sum adds: Integers exactly; from the first Float on, numbers with Kahan-Babuska
 * compensation, the result a Float ([0.1, 0.2, 0.3].sum is 0.6; [1, 2, 1.0].sum is 4.0); from the first other
 * value on, each with its own + (Strings from "", Durations).
 */
function arraySum(values: unknown[], start: unknown): unknown {
  let acc = start;
  let i = 0;
  while (i < values.length && isNumeric(acc) && !isFloat(acc) && isNumeric(values[i]) && !isFloat(values[i])) acc = addIntegers(acc as number | bigint, values[i++] as number | bigint);
  if (isNumeric(acc) && (isFloat(acc) || (i < values.length && isFloat(values[i])))) {
    let f = Number(acc);
    let c = 0;
    for (; i < values.length && isNumeric(values[i]); i++) {
      const x = Number(values[i]);
      if (Number.isNaN(f)) continue;
      if (Number.isNaN(x)) f = x;
      else if (!Number.isFinite(x)) f = !Number.isFinite(f) && Math.sign(x) !== Math.sign(f) ? NaN : x;
      else if (Number.isFinite(f)) {
        const t = f + x;
        c += Math.abs(f) >= Math.abs(x) ? f - t + x : x - t + f;
        f = t;
      }
    }
    acc = floatOf(f + c);
  }
  for (; i < values.length; i++) {
    const v = values[i];
    if (typeof acc === "string") acc = acc + toS(v);
    // Durations add as Durations ([1.hour, 30.minutes].sum(0.seconds), or from 0).
    else if (acc instanceof Duration) acc = acc.plus(v as Duration | number);
    else if (v instanceof Duration) acc = v.plus(acc as number);
    else acc = rubyPlus(acc, v);
  }
  return acc;
}

/** Integer + Integer, exact: a bigint past 2**53 (and a number again below it). */
function addIntegers(a: number | bigint, b: number | bigint): number | bigint {
  if (typeof a === "number" && typeof b === "number" && Number.isSafeInteger(a + b)) return a + b;
  const sum = BigInt(a) + BigInt(b);
  return sum >= BigInt(Number.MIN_SAFE_INTEGER) && sum <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(sum) : sum;
}

/** Ruby's + on other values (core-operators.ts' coreBinop, wired from there: importing it here closes an import cycle). */
let rubyPlus: (a: unknown, b: unknown) => unknown = (a, b) => (a as number) + (b as number);
export function wireArraySumPlus(plus: typeof rubyPlus): void {
  rubyPlus = plus;
}

/** Replaces an Array's elements in place (sort!, map!, uniq!, replace): Ruby's mutators keep the object. */
function refill(list: unknown[], items: unknown[]): unknown[] {
  list.splice(0, list.length, ...items);
  return list;
}

/**
 * Array's methods that change the receiver in place (Ruby 3.3's answers: the receiver, or nil where nothing
 * changed). A frozen receiver raises FrozenError first (guardMutators below); map!'s and delete_at's own checks
 * follow Ruby's order (map! without a block answers its Enumerator; delete_at out of range answers nil).
 *   [3, 1].sort!  -> [1, 3]       [1, 2].uniq!  -> nil        %w[a b].insert(-2, "x")  -> ["a", "x", "b"]
 */
const ArrayInPlace = {
  // concat(*arrays): every argument converted before any is appended (a.concat(a, a) appends a twice as it was).
  concat: (list: unknown[], ...others: unknown[]) => {
    const items = others.map(toAry).flat(1);
    list.push(...items);
    return list;
  },
  // insert(index, *objects): a negative index counts from the end and inserts after that element (-1 appends);
  // past the end pads with nil.
  insert: (list: unknown[], ...args: unknown[]) => {
    if (!args.length) throw new ArgumentError("wrong number of arguments (given 0, expected 1+)");
    let at = toIndex(args[0]);
    if (args.length === 1) return list;
    if (at === -1) at = list.length;
    else if (at < 0) {
      const min = -list.length - 1;
      if (at < min) throw new IndexError(`index ${at} too small for array; minimum: ${min}`);
      at += 1;
    }
    while (list.length < at) list.push(null);
    list.splice(at, 0, ...args.slice(1));
    return list;
  },
  // delete_at(index): the element removed, nil out of range (a frozen Array raises only where one would be removed).
  deleteAt: (list: unknown[], index: unknown) => {
    let at = toIndex(index);
    if (at < 0) at += list.length;
    if (at < 0 || at >= list.length) return null;
    assertMutable(list);
    return list.splice(at, 1)[0] ?? null;
  },
  sortBang: (list: unknown[], block?: unknown) => refill(list, ArrayMethods.sort(list, block)),
  reverseBang: (list: unknown[]) => list.reverse(),
  // uniq!: nil where no element was a repeat.
  uniqBang: (list: unknown[], block?: unknown) => {
    const kept = ArrayMethods.uniq(list, block);
    return kept.length === list.length ? null : refill(list, kept);
  },
  // replace(other): the receiver holding a copy of other's elements (other stays a separate Array).
  replace: (list: unknown[], other: unknown) => refill(list, [...toAry(other)]),
  mapBang: mapInPlace(),
  collectBang: mapInPlace(),
  // flatten!: nil where no element was an Array (or depth is 0).
  flattenBang: (list: unknown[], depth?: unknown) => {
    const levels = flattenDepth(depth);
    return levels === 0 || !list.some(Array.isArray) ? null : refill(list, list.flat(levels));
  },
};

function flattenDepth(depth: unknown): number {
  if (depth === undefined || depth === null) return Infinity;
  const n = toIndex(depth);
  return n < 0 ? Infinity : n;
}

/** map! / collect!: each element replaced by the block's answer; without a block, the Enumerator that does so. */
function mapInPlace() {
  const apply = (list: unknown[], answers: unknown[]) => {
    assertMutable(list);
    return refill(list, answers);
  };
  return (list: unknown[], block?: unknown): unknown => {
    if (typeof block !== "function") return enumeratorOf(list, (answers) => apply(list, answers));
    assertMutable(list);
    return refill(list, list.map((x) => (block as Block)(x)));
  };
}

export const ArrayMethods = {
  // Array#index(value) / index { |x| }: the first position (by ==), nil when none; rindex from the end.
  index: (list: unknown[], ...args: unknown[]) => {
    const at = typeof args[0] === "function" ? list.findIndex((x) => truthy((args[0] as Block)(x))) : list.findIndex((x) => eq(x, args[0]));
    return at < 0 ? null : at;
  },
  findIndex: (list: unknown[], ...args: unknown[]) => ArrayMethods.index(list, ...args),
  // ActiveSupport's Array#including(*elements) / #excluding(*elements) (alias without).
  including: (list: unknown[], ...elements: unknown[]) => [...list, ...elements.flat()],
  excluding: (list: unknown[], ...elements: unknown[]) => {
    const drop = elements.flat();
    return list.filter((x) => !drop.some((d) => eq(x, d)));
  },
  without: (list: unknown[], ...elements: unknown[]) => ArrayMethods.excluding(list, ...elements),
  rindex: (list: unknown[], ...args: unknown[]) => {
    for (let i = list.length - 1; i >= 0; i--) {
      if (typeof args[0] === "function" ? truthy((args[0] as Block)(list[i])) : eq(list[i], args[0])) return i;
    }
    return null;
  },
  join: (list: unknown[], sep: unknown = "") => join(list, toS(sep)),
  toSentence: (list: unknown[], o?: unknown) => toSentence(list, o),
  first: (list: unknown[], n?: unknown) => (n === undefined ? list[0] ?? null : list.slice(0, Number(n))),
  last: (list: unknown[], n?: unknown) => (n === undefined ? list[list.length - 1] ?? null : list.slice(Math.max(0, list.length - Number(n)))),
  // Active Support's Array#second .. #fifth, #forty_two, #second_to_last, #third_to_last (access.rb).
  second: (list: unknown[]) => list[1] ?? null,
  third: (list: unknown[]) => list[2] ?? null,
  fourth: (list: unknown[]) => list[3] ?? null,
  fifth: (list: unknown[]) => list[4] ?? null,
  fortyTwo: (list: unknown[]) => list[41] ?? null,
  secondToLast: (list: unknown[]) => list[list.length - 2] ?? null,
  thirdToLast: (list: unknown[]) => list[list.length - 3] ?? null,
  length: (list: unknown[]) => list.length,
  size: (list: unknown[]) => list.length,
  count: (list: unknown[], block?: unknown) => (typeof block === "function" ? list.filter((x) => truthy((block as Block)(x))).length : list.length),
  isEmpty: (list: unknown[]) => list.length === 0,
  isAny: (list: unknown[], block?: unknown) => list.some((x) => truthy(typeof block === "function" ? (block as Block)(x) : x)),
  // Ruby's include? compares with == (two loads of one record, [1] and [1]), not identity.
  isInclude: (list: unknown[], v: unknown) => list.some((x) => eq(x, v)),
  toA: (list: unknown[]) => list,
  toAry: (list: unknown[]) => list,
  dup: (list: unknown[]) => [...list],
  // `sort { |a, b| b <=> a }`: the block is the comparator (Ruby calls it with both elements).
  // Array#sort by <=> (a JS comparison would order Times and TimeWithZones as "[object Object]" strings).
  sort: (list: unknown[], block?: unknown) =>
    [...list].sort(typeof block === "function" ? (a, b) => Number((block as (a: unknown, b: unknown) => unknown)(a, b)) : rubyCompare),
  reverse: (list: unknown[]) => [...list].reverse(),
  compact: (list: unknown[]) => list.filter((x) => x !== null && x !== undefined),
  // ActiveSupport's Enumerable#compact_blank.
  compactBlank: (list: unknown[]) => list.filter((x) => !isBlank(x)),
  // flatten(depth = nil): every level, or depth levels (a negative depth: every level).
  flatten: (list: unknown[], depth?: unknown) => list.flat(flattenDepth(depth)),
  // Array#uniq compares with hash and eql?, as a Hash's keys: two equal Hashes or Arrays are one element; 1 and
  // 1.0 are two (and [1] and [1.0]).
  uniq: (list: unknown[], block?: unknown) => {
    const seen: unknown[] = [];
    return list.filter((x) => {
      const key = typeof block === "function" ? (block as Block)(x) : x;
      if (seen.some((s) => eql(s, key))) return false;
      seen.push(key);
      return true;
    });
  },
  // Mutators Ruby programs call on Arrays (answering what Ruby answers, not JS's lengths).
  shift: (list: unknown[], n?: unknown) => (n === undefined ? list.shift() ?? null : list.splice(0, Number(n))),
  pop: (list: unknown[], n?: unknown) => (n === undefined ? list.pop() ?? null : list.splice(Math.max(0, list.length - Number(n)))),
  push,
  append: push,
  unshift,
  prepend: unshift,
  clear: (list: unknown[]) => {
    list.length = 0;
    return list;
  },
  // Array#delete(value): removes every element == value, answering the value (nil, or the block's, when none).
  delete: (list: unknown[], value: unknown, block?: unknown) => {
    let found: unknown = undefined;
    for (let i = list.length - 1; i >= 0; i--) if (eq(list[i], value)) found = list.splice(i, 1)[0];
    return found !== undefined ? found : typeof block === "function" ? (block as Block)(value) : null;
  },
  entries: (list: unknown[]) => [...list],
  // Array#slice(start, length) / slice(range) / slice(index), as Array#[] reads them.
  slice: (list: unknown[], ...args: unknown[]) => arraySlice(list, args),
  dig: (list: unknown[], ...keys: unknown[]) => dig(list, keys),
  // ActiveSupport's Enumerable#pluck: each element's [key] (a Hash's, a record's attribute) (several keys: an Array per element).
  pluck: (list: unknown[], ...keys: unknown[]) =>
    list.map((x) => (keys.length === 1 ? pluckOne(x, keys[0]) : keys.map((k) => pluckOne(x, k)))),
  // Without a block, the iterating methods answer their Enumerator (core-enumerator.ts: `map.with_index(1)`).
  map: orEnumerator((list, block) => list.map((x) => block(x)), (_list, answers) => answers),
  collect: orEnumerator((list, block) => list.map((x) => block(x)), (_list, answers) => answers),
  select: orEnumerator((list, block) => list.filter((x) => truthy(block(x))), (list, answers) => list.filter((_, i) => truthy(answers[i]))),
  filter: orEnumerator((list, block) => list.filter((x) => truthy(block(x))), (list, answers) => list.filter((_, i) => truthy(answers[i]))),
  reject: orEnumerator((list, block) => list.filter((x) => !truthy(block(x))), (list, answers) => list.filter((_, i) => !truthy(answers[i]))),
  filterMap: orEnumerator((list, block) => list.map((x) => block(x)).filter(truthy), (_list, answers) => answers.filter(truthy)),
  find: (list: unknown[], block: Block) => list.find((x) => truthy(block(x))) ?? null,
  // (The block typed as its caller types it: a relation's records, given to a typed block.)
  detect: (list: unknown[], block: unknown) => list.find((x) => truthy((block as Block)(x))) ?? null,
  // Enumerable#grep / #grep_v: the elements the pattern matches by === (mapped through the block when given).
  grep: (list: unknown[], pattern: unknown, block?: unknown) => {
    const hits = list.filter((x) => caseEq(pattern, x));
    return typeof block === "function" ? hits.map((x) => (block as Block)(x)) : hits;
  },
  grepV: (list: unknown[], pattern: unknown, block?: unknown) => {
    const misses = list.filter((x) => !caseEq(pattern, x));
    return typeof block === "function" ? misses.map((x) => (block as Block)(x)) : misses;
  },
  each: orEnumerator((list, block) => {
    for (const x of list) block(x);
    return list;
  }, (list) => list),
  eachWithIndex: (list: unknown[], block?: unknown) => {
    if (typeof block !== "function") return new RubyEnumerator(list.map((x, i) => [x, i]), () => list);
    list.forEach((x, i) => (block as Block)(x, i));
    return list;
  },
  reverseEach: (list: unknown[], block?: unknown) => yieldEach([...list].reverse(), list, block),
  // Enumerable (and ActiveSupport's additions). The Hashes they build keep Ruby's keys and order (a Map).
  indexBy: (list: unknown[], block: Block) => keyed(list.map((x) => [block(x), x])),
  indexWith: (list: unknown[], value: unknown) => new Map(list.map((x) => [x, typeof value === "function" ? (value as Block)(x) : value])),
  groupBy: (list: unknown[], block: Block) => {
    const out = new Map<unknown, unknown[]>();
    for (const x of list) {
      // Keys equal by value (two Dates of one day, two [1, 2] Arrays) are one key, as a Ruby Hash has them.
      const k = hashKey(out, block(x)).key;
      const group = out.get(k);
      if (group) group.push(x);
      else out.set(k, [x]);
    }
    return out;
  },
  // (Their blocks are `unknown` as the compiler passes them: a block given typed elements takes a typed parameter.)
  partition: (list: unknown[], block: unknown) => [list.filter((x) => truthy((block as Block)(x))), list.filter((x) => !truthy((block as Block)(x)))],
  sortBy: (list: unknown[], block: unknown) => list.map((x) => [(block as Block)(x), x] as const).sort((a, b) => rubyCompare(a[0], b[0])).map(([, x]) => x),
  minBy: (list: unknown[], block: unknown) => (list.length ? ArrayMethods.sortBy(list, block)[0] : null),
  maxBy: (list: unknown[], block: unknown) => (list.length ? ArrayMethods.sortBy(list, block)[list.length - 1] : null),
  // min / max (n = nil) { |a, b| ... }: the block compares when given; n answers that many, in order.
  min: (list: unknown[], n?: unknown, block?: unknown) => extreme(list, 1, n, block),
  max: (list: unknown[], n?: unknown, block?: unknown) => extreme(list, -1, n, block),
  sum: (list: unknown[], init: unknown = 0, block?: unknown) => {
    const f = typeof init === "function" ? (init as Block) : typeof block === "function" ? (block as Block) : (x: unknown) => x;
    return arraySum(list.map((x) => f(x)), typeof init === "function" ? 0 : init);
  },
  inject: (list: unknown[], ...args: unknown[]) => reduce(list, args),
  reduce: (list: unknown[], ...args: unknown[]) => reduce(list, args),
  eachWithObject: (list: unknown[], memo: unknown, block: Block) => {
    for (const x of list) block(x, memo);
    return memo;
  },
  eachSlice: (list: unknown[], n: unknown, block?: unknown) => {
    const size = Number(n);
    const slices: unknown[][] = [];
    for (let i = 0; i < list.length; i += size) slices.push(list.slice(i, i + size));
    if (typeof block !== "function") return slices;
    for (const slice of slices) (block as Block)(slice);
    return null;
  },
  flatMap: orEnumerator((list, block) => list.flatMap((x) => { const r = block(x); return Array.isArray(r) ? r : [r]; }), (_list, answers) => answers.flatMap((r) => (Array.isArray(r) ? r : [r]))),
  take: (list: unknown[], n: unknown) => list.slice(0, Number(n)),
  drop: (list: unknown[], n: unknown) => list.slice(Number(n)),
  // Any Enumerable zips (a Range's elements too).
  zip: (list: unknown[], ...others: unknown[]) => {
    const lists = others.map((o) => (o instanceof RubyRange ? o.toArray() : Array.isArray(o) ? o : null));
    return list.map((x, i) => [x, ...lists.map((o) => (o ? o[i] ?? null : null))]);
  },
  tally: (list: unknown[]) => {
    const out = new Map<unknown, number>();
    for (const x of list) {
      const k = hashKey(out, x).key;
      out.set(k, (out.get(k) ?? 0) + 1);
    }
    return out;
  },
  toH: (list: unknown[], block?: unknown) => keyed(list.map((x) => (typeof block === "function" ? (block as Block)(x) : x) as [unknown, unknown])),
  isAll: (list: unknown[], block?: unknown) => list.every((x) => truthy(typeof block === "function" ? (block as Block)(x) : x)),
  isNone: (list: unknown[], block?: unknown) => !list.some((x) => truthy(typeof block === "function" ? (block as Block)(x) : x)),
  isMany: (list: unknown[], block?: unknown) => (typeof block === "function" ? list.filter((x) => truthy((block as Block)(x))).length : list.length) > 1,
  isExclude: (list: unknown[], v: unknown) => !list.some((x) => x === v),
  inspect: (list: unknown[]) => inspect(list),
  toS: (list: unknown[]) => inspect(list),
  toJson: (list: unknown[]) => encodeJson(list),
  asJson: (list: unknown[]) => asJsonTree(list),
  toParam: (list: unknown[]) => toParam(list),
  toQuery: (list: unknown[], key: unknown) => toQuery({ [toS(key)]: list }),
  ...ArrayInPlace,
};
/**
 * Array's methods that change the Array itself: not Enumerable's, so the tables that lend Array's methods to a Set,
 * a Range or an Enumerator (over a copy of their elements) leave them out (they would change the copy).
 */
export const ARRAY_MUTATORS = new Set(["shift", "pop", "push", "append", "unshift", "prepend", "clear", "delete", ...Object.keys(ArrayInPlace)]);
// (Array#freeze: core-ext/frozen.ts; map! and delete_at check for themselves, in Ruby's order.)
guardMutators(ArrayMethods, [...ARRAY_MUTATORS].filter((name) => !["mapBang", "collectBang", "deleteAt"].includes(name)));

export const HashMethods = {
  ...HashEnumerable,
  toJson: (h: Record<string, unknown>) => encodeJson(h),
  asJson: (h: Record<string, unknown>) => asJsonTree(h),
  inspect: (h: Record<string, unknown>) => inspect(h),
  toS: (h: Record<string, unknown>) => inspect(h),
  toQuery: (h: Record<string, unknown>, namespace?: unknown) => toQuery(h, namespace === undefined || namespace === null ? undefined : toS(namespace)),
  toParam: (h: Record<string, unknown>, namespace?: unknown) => toQuery(h, namespace === undefined || namespace === null ? undefined : toS(namespace)),
  keys: (h: Record<string, unknown>) => Object.keys(h),
  values: (h: Record<string, unknown>) => Object.values(h),
  length: (h: Record<string, unknown>) => Object.keys(h).length,
  size: (h: Record<string, unknown>) => Object.keys(h).length,
  isEmpty: (h: Record<string, unknown>) => Object.keys(h).length === 0,
};

type KeyedHash = Map<unknown, unknown>;

/** Hash methods on a Hash whose keys are Ruby values (a Map; ruby/ruby.ts): keys stay what they are. */
export const KeyedHashMethods = {
  ...HashEnumerable,
  toJson: (h: KeyedHash) => encodeJson(h),
  asJson: (h: KeyedHash) => asJsonTree(h),
  inspect: (h: KeyedHash) => inspect(h),
  toS: (h: KeyedHash) => inspect(h),
  keys: (h: KeyedHash) => [...h.keys()],
  values: (h: KeyedHash) => [...h.values()],
  length: (h: KeyedHash) => h.size,
  size: (h: KeyedHash) => h.size,
  isEmpty: (h: KeyedHash) => h.size === 0,
};

export { KeyError };

/** Set (Enumerable): Array's reading methods over its elements, plus its own membership and mutation. */
export const SetMethods: Record<string, (set: Set<unknown>, ...args: never[]) => unknown> = {
  ...Object.fromEntries(
    Object.entries(ArrayMethods)
      .filter(([name]) => !ARRAY_MUTATORS.has(name))
      .map(([name, fn]) => [name, (set: Set<unknown>, ...args: unknown[]) => (fn as (l: unknown[], ...a: unknown[]) => unknown)([...set], ...args)]),
  ),
  toA: (set: Set<unknown>) => [...set],
  toSet: (set: Set<unknown>) => set,
  isInclude: (set: Set<unknown>, v: unknown) => set.has(v),
  isMember: (set: Set<unknown>, v: unknown) => set.has(v),
  add: (set: Set<unknown>, v: unknown) => set.add(v),
  // Set#delete(o): the Set itself, without the element eql? to o (Array's delete is not lent: it changed a copy).
  delete: (set: Set<unknown>, v: unknown) => {
    for (const x of set) if (eql(x, v)) set.delete(x);
    return set;
  },
  inspect: (set: Set<unknown>) => `#<Set: {${[...set].map(inspect).join(", ")}}>`,
  toS: (set: Set<unknown>) => `#<Set: {${[...set].map(inspect).join(", ")}}>`,
};
