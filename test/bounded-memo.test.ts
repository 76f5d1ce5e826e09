// The runtime's bounded memo (runtime/active-support/bounded-memo.ts): a Map with a cap, emptied when a new entry
// finds it full. The memos built on it (parsed headers, quoted names, inflected words, decoded messages...) rely on
// exactly this: what was kept is answered until the memo is emptied, and it never holds more than its cap.
import { describe, expect, it } from "vitest";
import { BoundedMemo } from "../runtime/active-support/bounded-memo.js";

describe("BoundedMemo", () => {
  it("answers what was kept, and nothing for a key never kept", () => {
    const memo = new BoundedMemo<string, number>(3);
    expect(memo.get("a")).toBeUndefined();
    expect(memo.set("a", 1)).toBe(1);
    expect(memo.get("a")).toBe(1);
    expect(memo.has("a")).toBe(true);
    expect(memo.has("b")).toBe(false);
  });

  it("keeps up to its cap, then empties itself before keeping the next entry", () => {
    const memo = new BoundedMemo<string, string>(3);
    memo.set("a", "A");
    memo.set("b", "B");
    memo.set("c", "C");
    expect(memo.size).toBe(3);
    expect([memo.get("a"), memo.get("b"), memo.get("c")]).toEqual(["A", "B", "C"]);
    memo.set("d", "D");
    expect(memo.size).toBe(1);
    expect([memo.get("a"), memo.get("b"), memo.get("c"), memo.get("d")]).toEqual([undefined, undefined, undefined, "D"]);
  });

  it("never grows past its cap however many keys arrive", () => {
    const memo = new BoundedMemo<number, number>(10);
    let largest = 0;
    for (let i = 0; i < 1000; i++) {
      memo.set(i, i * 2);
      largest = Math.max(largest, memo.size);
      expect(memo.get(i)).toBe(i * 2);
    }
    expect(largest).toBe(10);
  });

  it("tells a kept undefined or null from a missing key through has", () => {
    const memo = new BoundedMemo<string, unknown>(5);
    memo.set("nothing", undefined);
    memo.set("nil", null);
    expect(memo.has("nothing")).toBe(true);
    expect(memo.get("nothing")).toBeUndefined();
    expect(memo.get("nil")).toBeNull();
    expect(memo.has("missing")).toBe(false);
  });

  it("forgets everything when cleared", () => {
    const memo = new BoundedMemo<string, number>(5);
    memo.set("a", 1);
    memo.set("b", 2);
    memo.clear();
    expect(memo.size).toBe(0);
    expect(memo.has("a")).toBe(false);
    expect(memo.get("b")).toBeUndefined();
  });

  it("keeps the memos it backs apart", () => {
    const one = new BoundedMemo<string, number>(2);
    const two = new BoundedMemo<string, number>(2);
    one.set("k", 1);
    two.set("k", 2);
    one.set("x", 0);
    one.set("y", 0); // empties `one` only
    expect(one.get("k")).toBeUndefined();
    expect(two.get("k")).toBe(2);
  });
});
