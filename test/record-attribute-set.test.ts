// AttributeSet keeps a loaded record's original values copy-on-write and reads its values before type cast from
// the row: these pin what Rails' dirty tracking answers through each step, so a missed copy or a stale row read fails.
import { describe, expect, it } from "vitest";
import { AttributeSet, type AttributeSchema } from "../runtime/active-record/attributes.js";
import { attributeType, type ColumnMeta } from "../runtime/active-record/types.js";

const columns: ColumnMeta[] = [
  { name: "id", type: "integer" },
  { name: "title", type: "string" },
  { name: "count", type: "integer" },
];
const schema: AttributeSchema = {
  className: "Post",
  columns,
  types: new Map(columns.map((c) => [c.name, attributeType(c)])),
  defaults: new Map<string, unknown>([["count", 0]]),
};

describe("AttributeSet", () => {
  it("keeps the loaded value as the original when an attribute is written, and only for that attribute", () => {
    const set = AttributeSet.fromRow(schema, { id: 1, title: "a", count: "7" });
    expect(set.read("count")).toBe(7);
    expect(set.readBeforeTypeCast("count")).toBe("7");
    set.write("title", "b");
    set.write("title", "c");
    expect(set.was("title")).toBe("a");
    expect(set.was("count")).toBe(7);
    expect(set.changes()).toEqual({ title: ["a", "c"] });
    expect(set.readBeforeTypeCast("title")).toBe("c");
    set.write("title", "a");
    expect(set.changedNames()).toEqual([]);
  });

  it("restores assignments: the value is the original again and reads back as cast, not as the row's text", () => {
    const set = AttributeSet.fromRow(schema, { id: 1, title: "a", count: "7" });
    set.write("count", "9");
    expect(set.readBeforeTypeCast("count")).toBe("9");
    set.restore(["count"]);
    expect(set.read("count")).toBe(7);
    expect(set.readBeforeTypeCast("count")).toBe(7);
    expect(set.changedNames()).toEqual([]);
  });

  it("a save makes the current values the originals; the values before it stay readable", () => {
    const set = AttributeSet.fromRow(schema, { id: 1, title: "a", count: 7 });
    set.write("title", "b");
    set.applyChanges();
    expect(set.savedChanges).toEqual({ title: ["a", "b"] });
    expect(set.was("title")).toBe("b");
    expect(set.valueBeforeLastSave("title")).toBe("a");
    expect(set.valueBeforeLastSave("count")).toBe(7);
    set.write("count", 8);
    expect(set.changes()).toEqual({ count: [7, 8] });
    expect(set.cameFromUser("count")).toBe(true);
    expect(set.cameFromUser("title")).toBe(false);
  });

  it("originals() snapshots every attribute; restoreOriginals brings them back as changes", () => {
    const set = AttributeSet.fromRow(schema, { id: 1, title: "a", count: 7 });
    const start = set.originals();
    expect([...start]).toEqual([["id", 1], ["title", "a"], ["count", 7]]);
    set.write("title", "b");
    set.applyChanges();
    expect(set.changedNames()).toEqual([]);
    set.restoreOriginals(start);
    expect(set.changes()).toEqual({ title: ["a", "b"] });
  });

  it("a loaded record casts each column from its row once, on first use, and an unread column still counts as loaded", () => {
    const calls: unknown[] = [];
    const counted = attributeType({ name: "count", type: "integer" });
    const types = new Map(schema.types);
    types.set("count", { ...counted, deserialize: (v: unknown) => (calls.push(v), counted.deserialize(v)) });
    const lazy: AttributeSchema = { ...schema, types };
    const set = AttributeSet.fromRow(lazy, { id: 1, title: "a", count: "7" });
    expect(calls).toEqual([]);
    expect(set.readBeforeTypeCast("count")).toBe("7");
    expect(calls).toEqual([]);
    expect(set.read("count")).toBe(7);
    expect(set.read("count")).toBe(7);
    expect(calls).toEqual(["7"]);
    // Written before it was ever read: the original is the row's value, cast.
    const other = AttributeSet.fromRow(lazy, { id: 2, title: "b", count: "4" });
    other.write("count", 5);
    expect(other.was("count")).toBe(4);
    expect(other.changes()).toEqual({ count: [4, 5] });
    // Columns never read are in originals() and toHash(), in schema order; a column the row lacks reads nil.
    const unread = AttributeSet.fromRow(lazy, { id: 3, count: "2" });
    expect([...unread.originals()]).toEqual([["id", 3], ["title", null], ["count", 2]]);
    expect(AttributeSet.fromRow(lazy, { id: 4, title: "d", count: "1" }).toHash()).toEqual({ id: 4, title: "d", count: 1 });
    expect(unread.read("nope")).toBe(null);
    expect(unread.has("title")).toBe(true);
  });

  it("forgetChanges makes the current value the original (touch)", () => {
    const set = AttributeSet.forNew(schema);
    expect(set.was("count")).toBe(0);
    set.write("count", 3);
    set.forgetChanges(["count"]);
    expect(set.was("count")).toBe(3);
    expect(set.changedNames()).toEqual([]);
    expect(set.readBeforeTypeCast("count")).toBe(3);
  });
});
