// Hashes Enumerable builds as a Map (index_by / group_by with a block, issue 18): typed as a Map, so a constant
// holding one and the calls on it are direct (KeyedHashMethods, what coreSend finds for a Map). Expected lines are
// written by hand from Ruby's dispatch rules; the run-time answers were recorded from Ruby 3.3 with ActiveSupport
// 7.2.4 in the chroot (`l.index_by(&:name)` over Structs; see each case).
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { ArrayMethods, KeyedHashMethods } from "../runtime/active-support/core-ext/core-collections.js";
import { coreSend } from "../runtime/active-support/core-ext/core-send.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

const item = (index: string) =>
  [
    "class Item",
    "  attr_reader :name",
    "  def initialize(name:)\n    @name = name\n  end",
    '  BUILTIN = [ new(name: "b"), new(name: "a") ]',
    `  INDEX = ${index}`,
    "  def self.names\n    INDEX.keys.sort\n  end",
    "  def self.count\n    INDEX.size\n  end",
    "end\n",
  ].join("\n");

describe("a Hash index_by / group_by builds", () => {
  it("is a Map: the constant holding it is typed, and keys / size are KeyedHashMethods' (keys an Array)", async () => {
    const out = await emittedApp("keyed-hash-index-by", BASE, { "app/models/item.rb": item("BUILTIN.index_by(&:name)") });
    const text = out.get("models/item.ts");
    expect(lineWith(text, "static get INDEX")).toBe("static get INDEX(): Map<unknown, unknown> {");
    expect(lineWith(text, ".keys(")).toBe("return ArrayMethods.sort(KeyedHashMethods.keys(Item.INDEX) as Array<unknown>);");
    expect(lineWith(text, ".size(")).toBe("return KeyedHashMethods.size(Item.INDEX);");
  });

  it("with a block written out is a Map too", async () => {
    const out = await emittedApp("keyed-hash-group-by", BASE, { "app/models/item.rb": item("BUILTIN.group_by { |i| i.name }") });
    expect(lineWith(out.get("models/item.ts"), ".keys(")).toBe("return ArrayMethods.sort(KeyedHashMethods.keys(Item.INDEX) as Array<unknown>);");
  });

  it("is no Map without a block (index_by answers an Enumerator): the calls on it stay dynamic", async () => {
    const out = await emittedApp("keyed-hash-enumerator", BASE, { "app/models/item.rb": item("BUILTIN.index_by") });
    expect(lineWith(out.get("models/item.ts"), '"keys"')).toBe('return coreSend(coreSend(Item.INDEX, "keys"), "sort");');
  });

  it("answers as Ruby does, and as coreSend does for the same Map", () => {
    // Ruby: l = [S.new("b", 1), S.new("a", 2), S.new("b", 3), S.new(nil, 4)]; h = l.index_by(&:name); g = l.group_by(&:name)
    const l = [{ name: "b", n: 1 }, { name: "a", n: 2 }, { name: "b", n: 3 }, { name: null, n: 4 }];
    const h = ArrayMethods.indexBy(l, (x) => (x as { name: unknown }).name);
    const g = ArrayMethods.groupBy(l, (x) => (x as { name: unknown }).name);
    // p h.keys, h.keys.compact.sort, h.size, h.values.map(&:n), h["zz"]  =>  ["b", "a", nil] / ["a", "b"] / 3 / [3, 2, 4] / nil
    expect(KeyedHashMethods.keys(h)).toEqual(["b", "a", null]);
    expect(ArrayMethods.sort(ArrayMethods.compact(KeyedHashMethods.keys(h)))).toEqual(["a", "b"]);
    expect(KeyedHashMethods.size(h)).toBe(3);
    expect((KeyedHashMethods.values(h) as Array<{ n: number }>).map((x) => x.n)).toEqual([3, 2, 4]);
    // p g.keys, g.values.map { |v| v.map(&:n) }, g.length  =>  ["b", "a", nil] / [[1, 3], [2], [4]] / 3
    expect(KeyedHashMethods.keys(g)).toEqual(["b", "a", null]);
    expect((KeyedHashMethods.values(g) as Array<Array<{ n: number }>>).map((v) => v.map((x) => x.n))).toEqual([[1, 3], [2], [4]]);
    expect(KeyedHashMethods.length(g)).toBe(3);
    for (const m of ["keys", "size", "values"]) expect(coreSend(h, m)).toEqual((KeyedHashMethods as Record<string, (x: unknown) => unknown>)[m]!(h));
  });
});
