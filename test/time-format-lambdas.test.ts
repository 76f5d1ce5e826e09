// A callable format an initializer adds to Time::DATE_FORMATS (issue 18): its parameter is the time Time#to_fs,
// TimeWithZone#to_fs and DateTime#to_fs hand it (`formatter.call(self)`), so its core calls are TimeMethods' directly (the Float arithmetic on them: float-types.test.ts).
// Expected lines are written by hand from Ruby's dispatch rules; the run-time answers were recorded from Ruby 3.3
// with ActiveSupport 7.2.4 in the chroot.
import { afterEach, describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { TimeClass } from "../runtime/app/core-constants.js";
import { TimeMethods } from "../runtime/active-support/core-ext/core-time.js";
import { NumericMethods } from "../runtime/active-support/core-ext/core-numeric.js";
import type { RubyFloat } from "../runtime/ruby/ruby.js";
import { coreBinop } from "../runtime/active-support/core-ext/core-operators.js";
import { DateTimeClass } from "../runtime/app/core-constants.js";
import { rubyLambda } from "../runtime/ruby/core-proc.js";
import type { Time } from "../runtime/active-support/time.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "config/initializers/time_formats.rb": "Time::DATE_FORMATS[:epoch] = ->(time) { (time.to_f * 1000).to_i }\n",
};

describe("a lambda added to Time::DATE_FORMATS", () => {
  afterEach(() => {
    delete (TimeClass.DATE_FORMATS as Record<string, unknown>).epoch;
  });

  it("takes a time: its core calls are TimeMethods'", async () => {
    const out = await emittedApp("time-format-lambdas", BASE);
    expect(lineWith(out.get("models/initializers.ts"), "toF")).toBe('coreBinop("*", TimeMethods.toF(time as Time) as number | RubyFloat, 1000) as number | RubyFloat,');
  });

  it("stays untyped where the app's code reads the format back (it may call it with anything)", async () => {
    const out = await emittedApp("time-format-lambdas-read", BASE, {
      "app/models/stamp.rb": 'class Stamp\n  def self.call(x)\n    Time::DATE_FORMATS[:epoch].call(x)\n  end\nend\n',
    });
    expect(lineWith(out.get("models/initializers.ts"), "to_f")).toBe('return coreSend(coreBinop("*", coreSend(time, "to_f"), 1000), "to_i");');
  });

  it("answers as Rails does for a Time, a TimeWithZone and a DateTime", () => {
    // The emitted lambda's body, as the first case asserts it.
    const float = (v: unknown) => v as number | RubyFloat;
    (TimeClass.DATE_FORMATS as Record<string, unknown>).epoch = rubyLambda((time: unknown) => NumericMethods.toI(float(coreBinop("*", TimeMethods.toF(time as Time), 1000))), [["req", "time"]]);
    // Ruby: t = Time.utc(2024, 2, 15, 12, 0, 0.5r); p t.to_fs(:epoch), t.in_time_zone("Tokyo").to_fs(:epoch),
    //   DateTime.new(2024, 2, 15, 12, 0, 0).to_fs(:epoch)  =>  "1707998400500" / "1707998400500" / "1707998400000"
    // (Time.utc's seventh argument is microseconds: the same instant as 0.5r seconds.)
    const t = TimeClass.utc(2024, 2, 15, 12, 0, 0, 500000);
    expect(TimeMethods.toFs(t, "epoch")).toBe("1707998400500");
    expect(TimeMethods.toFs(TimeMethods.inTimeZone(t, "Tokyo"), "epoch")).toBe("1707998400500");
    expect(TimeMethods.toFs(DateTimeClass.new(2024, 2, 15, 12, 0, 0), "epoch")).toBe("1707998400000");
  });
});
