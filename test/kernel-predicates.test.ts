// Kernel#is_a? / kind_of? / instance_of? and Object#in? on a receiver whose type is not proved (issue 18): ObjectMethods' own,
// which is what coreSend finds for every value (no core table and no runtime class has one), unless the app
// defines or names the predicate itself. Expected lines are written by hand from Ruby's dispatch rules; the run-time
// answers were recorded from Ruby 3.3 with ActiveSupport 7.2.4 in the chroot.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { OBJECT_ONLY } from "../src/lower/core/kernel-predicates.js";
import { ObjectMethods } from "../runtime/active-support/core-ext/core-object.js";
import { coreSend } from "../runtime/active-support/core-ext/core-send.js";
import { EnumerableModule, IntegerClass, NumericClass, StringClass, SymbolClass, TimeClass } from "../runtime/app/core-constants.js";
import { RubyRange, RubySymbol } from "../runtime/ruby/ruby.js";
import { ArgumentError } from "../runtime/ruby/exceptions.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/helpers/images_helper.rb": "module ImagesHelper\n  def named_image?(image)\n    image.is_a?(Symbol) || image.kind_of?(String)\n  end\n  def listed?(type)\n    type.in?(%w[ a b ])\n  end\nend\n",
};

describe("is_a? / kind_of? / instance_of? on an unproved receiver", () => {
  it("are Object's, called directly", async () => {
    const out = await emittedApp("kernel-predicates", BASE);
    expect(lineWith(out.get("helpers.ts"), "SymbolClass)")).toBe("return ObjectMethods.isIsA(image, SymbolClass) || ObjectMethods.isKindOf(image, StringClass);");
    expect(lineWith(out.get("helpers.ts"), "isIn(")).toBe('return ObjectMethods.isIn(type, ["a", "b"]);');
  });

  it("stay dynamic where an app class defines the predicate", async () => {
    const out = await emittedApp("kernel-predicates-own", BASE, { "app/models/shape.rb": "class Shape\n  def is_a?(klass)\n    true\n  end\nend\n" });
    expect(lineWith(out.get("helpers.ts"), "SymbolClass)")).toBe('return or(coreSend(image, "is_a?", SymbolClass), () => ObjectMethods.isKindOf(image, StringClass));');
  });

  it("are found in no table coreSend consults before Object's", () => {
    expect([...OBJECT_ONLY].sort()).toEqual(["in?", "instance_of?", "is_a?", "kind_of?"]);
  });

  it("answer as Ruby does, and as coreSend does", () => {
    const time = TimeClass.current();
    // p :a.is_a?(Symbol), "a".is_a?(Symbol), "a".is_a?(String), nil.kind_of?(String), 1.instance_of?(Integer),
    //   1.instance_of?(Numeric), 1.is_a?(Numeric), Time.current.is_a?(Time), [].kind_of?(Enumerable)
    //   =>  true false true false true false true true true
    const cases: Array<[string, unknown, unknown, boolean]> = [
      ["is_a?", RubySymbol.for("a"), SymbolClass, true], ["is_a?", "a", SymbolClass, false], ["is_a?", "a", StringClass, true],
      ["kind_of?", null, StringClass, false], ["instance_of?", 1, IntegerClass, true], ["instance_of?", 1, NumericClass, false],
      ["is_a?", 1, NumericClass, true], ["is_a?", time, TimeClass, true], ["kind_of?", [], EnumerableModule, true],
    ];
    // p 2.in?([1, 2]), "a".in?("cat"), nil.in?([nil]), 5.in?(1..3)  =>  true true true false
    cases.push(["in?", 2, [1, 2], true], ["in?", "a", "cat", true], ["in?", null, [null], true], ["in?", 5, new RubyRange(1, 3, false), false]);
    const table = ObjectMethods as unknown as Record<string, (v: unknown, k: unknown) => boolean>;
    for (const [m, v, k, ruby] of cases) {
      const member = m === "is_a?" ? "isIsA" : m === "kind_of?" ? "isKindOf" : m === "in?" ? "isIn" : "isInstanceOf";
      expect(table[member]!(v, k)).toBe(ruby);
      expect(coreSend(v, m, k)).toBe(ruby);
    }
    // 1.in?(2)  =>  ArgumentError "The parameter passed to #in? must respond to #include?"
    expect(() => ObjectMethods.isIn(1, 2)).toThrow(ArgumentError);
    expect(() => ObjectMethods.isIn(1, 2)).toThrow("The parameter passed to #in? must respond to #include?");
  });
});

describe("gsub with a replacement on an unproved receiver", () => {
  const helper = (body: string) => ({ "app/helpers/texts_helper.rb": `module TextsHelper\n  def cleaned(body)\n    ${body}\n  end\nend\n` });

  it("answers a String (String is the one class with a gsub), so a following String method is direct", async () => {
    const out = await emittedApp("gsub-string", BASE, helper('body.gsub("a", "b").strip'));
    expect(lineWith(out.get("helpers.ts"), "StringMethods.strip")).toBe('return StringMethods.strip(coreSend(body, "gsub", "a", "b") as string);');
    const block = await emittedApp("gsub-block", BASE, helper("body.gsub(/x/) { |m| m }.strip"));
    expect(lineWith(block.get("helpers.ts"), "StringMethods.strip")).toMatch(/^return StringMethods\.strip\($/);
  });

  it("stays unknown with a pattern alone (an Enumerator), or where the app defines a gsub", async () => {
    const alone = await emittedApp("gsub-alone", BASE, helper('body.gsub("a").first'));
    expect(lineWith(alone.get("helpers.ts"), "first")).toBe('return coreSend(coreSend(body, "gsub", "a"), "first");');
    const own = await emittedApp("gsub-own", BASE, { ...helper('body.gsub("a", "b").strip'), "app/models/text.rb": "class Text\n  def gsub(a, b) = 1\nend\n" });
    expect(lineWith(own.get("helpers.ts"), "strip")).toBe('return coreSend(coreSend(body, "gsub", "a", "b"), "strip");');
  });
});

