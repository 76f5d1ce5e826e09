// Enumerable on Arrays through the runtime's dynamic dispatch (what lowered code calls on an untyped collection),
// against Ruby 3.3 + ActiveSupport 7.2 answers recorded in the reference chroot (test/fixtures/core/enumerable.rb).
// Hashes compare as ordered [key, value] pairs: Ruby's Hash keeps insertion order and key types.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coreSend } from "../runtime/active-support/core-ext/core-send.js";

const rails = JSON.parse(readFileSync(join(import.meta.dirname, "fixtures/core/enumerable.json"), "utf8")) as Record<string, unknown>;
const words = ["pear", "fig", "apple", "kiwi", "banana"];
const nums = [3, 1, 4, 1, 5, 9, 2, 6];
const call = (recv: unknown, m: string, ...args: unknown[]) => coreSend(recv, m, ...args);
const pairs = (h: unknown) => [...(h as Map<unknown, unknown>)];
const jsonPairs = (recorded: unknown) => recorded;

describe("Enumerable through the runtime's dispatch, as Ruby answers", () => {
  it("builds Hashes in Ruby's order with Ruby's keys", () => {
    expect(pairs(call(words, "index_by", (w: string) => w[0]))).toEqual(jsonPairs(rails.index_by));
    expect(pairs(call(words.slice(0, 2), "index_with", (w: string) => w.length))).toEqual(jsonPairs(rails.index_with));
    expect(pairs(call(words, "group_by", (w: string) => w.length))).toEqual(jsonPairs(rails.group_by));
    expect(pairs(call(["a", "b", "a", "c", "a", "b"], "tally"))).toEqual(jsonPairs(rails.tally));
    const toH = rails.to_h as unknown[];
    expect(pairs(call([["a", 1], ["b", 2]], "to_h"))).toEqual(jsonPairs(toH[0]));
    expect(pairs(call(words.slice(0, 2), "to_h", (w: string) => [w, w.length]))).toEqual(jsonPairs(toH[1]));
  });

  it("sorts, picks, sums and folds", () => {
    expect(call(nums, "partition", (n: number) => n % 2 === 0)).toEqual(rails.partition);
    expect(call(words, "sort_by", (w: string) => [w.length, w])).toEqual(rails.sort_by);
    expect(call(words, "min_by", (w: string) => w.length)).toEqual(rails.min_by);
    expect(call(words, "max_by", (w: string) => w.length)).toEqual(rails.max_by);
    expect([call(nums, "min"), call(nums, "max"), call([], "min")]).toEqual(rails.min_max);
    expect([call(nums, "sum"), call(nums, "sum", 10), call(words, "sum", ""), call(nums, "sum", (n: number) => n * 2)]).toEqual(rails.sum);
    expect([call(nums, "inject", "+"), call(nums, "inject", 100, (a: number, n: number) => a - n), call(nums, "reduce", (a: number, n: number) => a * n)]).toEqual(rails.inject);
    expect(call(words, "each_with_object", [], (w: string, acc: string[]) => acc.push(w.toUpperCase()))).toEqual(rails.each_with_object);
  });

  it("sorts a Hash by Times as an Array's sort_by does (Enumerable#sort_by: Time#<=>)", () => {
    const early = new Date(Date.UTC(2024, 0, 1));
    const late = new Date(Date.UTC(2024, 0, 2));
    const h = new Map<unknown, unknown>([["b", late], ["a", early]]);
    expect(call(h, "sort_by", (_k: unknown, v: unknown) => v)).toEqual([["a", early], ["b", late]]);
    expect(call(h, "min_by", (_k: unknown, v: unknown) => v)).toEqual(["a", early]);
  });

  it("slices, maps, zips and answers predicates", () => {
    expect(call(nums, "each_slice", 3)).toEqual(rails.each_slice);
    expect(call(words.slice(0, 2), "flat_map", (w: string) => [w, w.length])).toEqual(rails.flat_map);
    expect([call(nums, "take", 3), call(nums, "drop", 5)]).toEqual(rails.take_drop);
    expect(call([1, 2, 3], "zip", ["a", "b"], [true])).toEqual(rails.zip);
    expect([
      call(nums, "all?", (n: number) => n > 0), call(nums, "none?", (n: number) => n > 8), call(nums, "many?", (n: number) => n > 5),
      call([1], "many?"), call(nums, "exclude?", 7),
    ]).toEqual(rails.predicates);
  });
});
