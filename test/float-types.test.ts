// Ruby Floats typed where a core method or operator always answers one (issue 18): `to_f` on a String, Numeric,
// Time or Duration, and Float arithmetic with an Integer or Float, so the chain over them is direct. Expected lines
// are written by hand from Ruby's dispatch rules; the run-time answers were recorded from Ruby 3.3 with
// ActiveSupport 7.2.4 in the chroot.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { TimeClass } from "../runtime/app/core-constants.js";
import { TimeMethods } from "../runtime/active-support/core-ext/core-time.js";
import { NumericMethods } from "../runtime/active-support/core-ext/core-numeric.js";
import { StringMethods } from "../runtime/active-support/core-ext/core-string.js";
import { coreBinop } from "../runtime/active-support/core-ext/core-operators.js";
import { coreSend } from "../runtime/active-support/core-ext/core-send.js";
import type { RubyFloat } from "../runtime/ruby/ruby.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/models/stamp.rb": [
    "class Stamp",
    "  def self.millis\n    (Time.current.to_f * 1000).to_i\n  end",
    '  def self.doubled\n    ("2.5".to_f * 2).to_s\n  end',
    '  def self.joined(x)\n    ("2.5".to_f + x).to_s\n  end',
    "end\n",
  ].join("\n"),
};

describe("a Float", () => {
  it("from to_f, and Float arithmetic with an Integer, is typed: to_i / to_s on it are Numeric's", async () => {
    const text = (await emittedApp("float-types", BASE)).get("models/stamp.ts");
    expect(lineWith(text, "1000")).toBe('coreBinop("*", TimeMethods.toF(TimeClass.current()) as number | RubyFloat, 1000) as number | RubyFloat,');
    expect(lineWith(text, "NumericMethods.toS(")).toBe('return NumericMethods.toS(coreBinop("*", StringMethods.toF("2.5") as number | RubyFloat, 2) as number | RubyFloat);');
  });

  it("with an operand not proved numeric answers an untyped value (a Float + a String raises TypeError)", async () => {
    const text = (await emittedApp("float-types-other", BASE)).get("models/stamp.ts");
    expect(lineWith(text, '"+"')).toBe('return coreSend(coreBinop("+", StringMethods.toF("2.5") as number | RubyFloat, x), "to_s");');
  });

  it("answers as Ruby does", () => {
    const f = (v: unknown) => v as number | RubyFloat;
    // p (Time.utc(2024, 2, 15, 12, 0, 0, 500000).to_f * 1000).to_i  =>  1707998400500
    expect(NumericMethods.toI(f(coreBinop("*", TimeMethods.toF(TimeClass.utc(2024, 2, 15, 12, 0, 0, 500000)), 1000)))).toBe(1707998400500);
    // p ("2.5".to_f * 2).to_s, ("1".to_f / 0).to_s, (4.to_f ** 2).to_i, ("7.9".to_f % 2).round(2)  =>  "5.0" / "Infinity" / 16 / 1.9
    expect(NumericMethods.toS(f(coreBinop("*", StringMethods.toF("2.5"), 2)))).toBe("5.0");
    expect(NumericMethods.toS(f(coreBinop("/", StringMethods.toF("1"), 0)))).toBe("Infinity");
    expect(NumericMethods.toI(f(coreBinop("**", NumericMethods.toF(4), 2)))).toBe(16);
    expect(Number(NumericMethods.round(f(coreBinop("%", StringMethods.toF("7.9"), 2)), 2))).toBe(1.9);
    // The direct calls answer what coreSend finds for the same values.
    expect(NumericMethods.toS(f(coreBinop("*", StringMethods.toF("2.5"), 2)))).toBe(coreSend(coreBinop("*", coreSend("2.5", "to_f"), 2), "to_s"));
  });
});
