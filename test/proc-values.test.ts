// Lambdas and procs as values (issue 18): `->(x) { }` / `lambda { }` / `proc { }` are typed as a proc, carried
// where a constructor's keyword parameter or a method's result hands one on, and `call` on one is the JS function
// called, as ProcMethods.call (what coreSend and send find for a function) calls it. Expected lines are written by
// hand from Ruby's dispatch rules; the run-time answers were recorded from Ruby 3.3 in the chroot.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";
import { rubyLambda, ProcMethods } from "../runtime/ruby/core-proc.js";
import { coreSend } from "../runtime/active-support/core-ext/core-send.js";
import { send } from "../runtime/active-support/core-ext/ops.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/models/runner.rb": [
    "class Runner",
    "  attr_reader :handler",
    "  def initialize(handler:)\n    @handler = handler\n  end",
    "  def run(id)\n    handler.call(id)\n  end",
    "  def announcer = lambda { |name| name }",
    "  def announce\n    announcer.call(1)\n  end",
    "end\n",
  ].join("\n"),
};

const initializer = (handler: string) => `Rails.application.configure do\n  config.x.runner = Runner.new(handler: ${handler})\nend\n`;

describe("a lambda or proc", () => {
  it("held by a constructor's ivar is called directly", async () => {
    const out = await emittedApp("proc-values-ivar", BASE, { "config/initializers/runner.rb": initializer('->(id) { "got #{id}" }') });
    expect(lineWith(out.get("models/runner.ts"), "(id);")).toBe("return (this.handler as (...args: unknown[]) => unknown)(id);");
  });

  it("that a method answers is called directly", async () => {
    const out = await emittedApp("proc-values-result", BASE, { "config/initializers/runner.rb": initializer("proc { |id| id }") });
    expect(lineWith(out.get("models/runner.ts"), "(1)")).toBe("return (this.announcer() as (...args: unknown[]) => unknown)(1);");
    expect(lineWith(out.get("models/runner.ts"), "(id);")).toBe("return (this.handler as (...args: unknown[]) => unknown)(id);");
  });

  it("stays dynamic where the value given is not proved one", async () => {
    const out = await emittedApp("proc-values-unknown", BASE, { "config/initializers/runner.rb": initializer("ENV.fetch(\"HANDLER\")") });
    expect(lineWith(out.get("models/runner.ts"), '"call"')).toBe('return send(this.handler, "call", id);');
  });

  it("answers as Ruby's Proc#call does, and as send / coreSend do for the same function", () => {
    // Ruby: h = ->(id) { "got #{id}" }; p h.call(7), h.(8), h.yield(9)  =>  "got 7" / "got 8" / "got 9"
    const h = rubyLambda((id: unknown) => `got ${String(id)}`, [["req", "id"]]);
    expect(h(7)).toBe("got 7");
    expect(ProcMethods.call(h, 8)).toBe("got 8");
    expect(send(h, "call", 9)).toBe("got 9");
    expect(coreSend(h, "call", 9)).toBe("got 9");
    // h.call(1, 2)  =>  ArgumentError "wrong number of arguments (given 2, expected 1)"
    expect(() => h(1, 2)).toThrow("wrong number of arguments (given 2, expected 1)");
  });
});
