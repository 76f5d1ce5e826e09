// Enumerator: what a block-taking core method answers when it is given no block (`list.map`, `3.times`,
// `list.each_with_index`), so that the calls apps chain on it work:
//   list.map.with_index(1) { |x, i| }      the map, its block given each element and its index from 1
//   list.each_with_index.map { |x, i| }    Enumerable's map over what each_with_index yields ([x, i] pairs)
//   list.select.with_index { |x, i| }      the select, by the block's answers
//   e = list.each; e.next                  external iteration (StopIteration past the end)
// It holds what the method would yield (each yield's arguments) and how the method makes its answer from the
// block's answers (`finish`); its Enumerable methods (map, select, to_a...) read the yielded values (core-send.ts).

/** Kernel#loop ends quietly when its block raises StopIteration (Enumerator#next past the end). */
import { StopIteration } from "./exceptions.js";
export { StopIteration };

type Block = (...args: unknown[]) => unknown;

export class RubyEnumerator {
  static rubyName = "Enumerator";
  private position = 0;

  constructor(
    /** Each yield's arguments, in order. */
    readonly yields: unknown[][],
    /** The method's answer given the block's answer to each yield. */
    readonly finish: (answers: unknown[]) => unknown,
  ) {}

  /** One yield's arguments as one value (several become an Array, as a block of one parameter sees them). */
  private static value(args: unknown[]): unknown {
    return args.length === 1 ? args[0] : args;
  }

  toA(): unknown[] {
    return this.yields.map(RubyEnumerator.value);
  }

  each(block?: unknown): unknown {
    if (typeof block !== "function") return this;
    return this.finish(this.yields.map((args) => (block as Block)(...args)));
  }

  withIndex(...args: unknown[]): unknown {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as Block) : null;
    const offset = args.length && args[0] !== null ? Number(args[0]) : 0;
    const pairs = this.yields.map((y, i) => [RubyEnumerator.value(y), i + offset]);
    if (!block) return new RubyEnumerator(pairs, (answers) => this.finish(answers));
    return this.finish(pairs.map((pair) => block(...pair)));
  }

  eachWithIndex(block?: unknown): unknown {
    return typeof block === "function" ? this.withIndex(0, block) : this.withIndex(0);
  }

  withObject(memo: unknown, block: unknown): unknown {
    if (typeof block !== "function") return new RubyEnumerator(this.yields.map((y) => [RubyEnumerator.value(y), memo]), () => memo);
    this.finish(this.yields.map((y) => (block as Block)(RubyEnumerator.value(y), memo)));
    return memo;
  }

  eachWithObject(memo: unknown, block: unknown): unknown {
    return this.withObject(memo, block);
  }

  next(): unknown {
    if (this.position >= this.yields.length) throw new StopIteration("iteration reached an end", this.finish(this.yields.map(() => null)));
    return RubyEnumerator.value(this.yields[this.position++]!);
  }

  peek(): unknown {
    if (this.position >= this.yields.length) throw new StopIteration("iteration reached an end");
    return RubyEnumerator.value(this.yields[this.position]!);
  }

  rewind(): this {
    this.position = 0;
    return this;
  }

  size(): number {
    return this.yields.length;
  }

  inspect(): string {
    return "#<Enumerator: ...>";
  }
}

/** The Enumerator of a method that yields each element of `list` once. */
export function enumeratorOf(list: unknown[], finish: (answers: unknown[]) => unknown): RubyEnumerator {
  return new RubyEnumerator(list.map((x) => [x]), finish);
}

type Yielder = (...args: unknown[]) => unknown;
const isBlock = (b: unknown): b is Yielder => typeof b === "function";

/**
 * A method that yields each element of a list: with a block, `method`; without one, the Enumerator whose answer
 * is `finish` of the block's answers (map: the answers; select: the elements answered truthy...).
 */
export function orEnumerator(method: (list: unknown[], block: Yielder) => unknown, finish: (list: unknown[], answers: unknown[]) => unknown) {
  return (list: unknown[], block?: unknown): unknown => (isBlock(block) ? method(list, block) : enumeratorOf(list, (answers) => finish(list, answers)));
}

/** The Integers from `from` by `by` while not past `to` (counting down when `by` is negative). */
export function counting(from: number, to: number, by: number): number[] {
  if (by === 0) throw new RangeError("step can't be 0");
  if (!Number.isFinite(to)) throw new RangeError("an iteration without an end is not supported by the compiled code");
  const out: number[] = [];
  for (let i = from; by > 0 ? i <= to : i >= to; i += by) out.push(i);
  return out;
}

/** Yields each of `values` to the block, answering `self` (Integer#times, upto...), or the Enumerator of them. */
export function yieldEach(values: unknown[], self: unknown, block: unknown): unknown {
  if (!isBlock(block)) return enumeratorOf(values, () => self);
  for (const v of values) block(v);
  return self;
}
