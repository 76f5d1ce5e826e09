// Rails' own API on a typed receiver (issue 18, the Rails API surface): a call the runtime declares as Rails 7.2.4
// defines it is written directly; the expected lines are written here by hand, the run-time answers recorded from
// Ruby 3.3 / Rails 7.2.4 in the chroot. A case per rule keeps the dynamic path where the receiver is not proved.
import { describe, expect, it } from "vitest";
import { compileProbe, onlyLineWith } from "./support/probe-app.js";
import { EnvironmentInquirer } from "../runtime/active-support/environment-inquirer.js";
import { ArgumentError } from "../runtime/ruby/args.js";

const SCHEMA = {
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n  end\nend\n',
  "app/models/post.rb": "class Post < ApplicationRecord\nend\n",
};

const probe = (files: Record<string, string>) => compileProbe("rails-api-sends", { ...SCHEMA, ...files });

describe("Rails.root and Rails.env", () => {
  it("calls Pathname's join/exist?/mkpath and the environment's predicates directly", async () => {
    const out = await probe({
      "app/models/setup.rb": [
        "class Setup",
        "  def self.prepare\n    Rails.root.join(\"storage\", \"db\").mkpath\n  end",
        "  def self.configured?\n    path = Rails.root.join(\"config/x.yml\")\n    path.exist?\n  end",
        "  def self.loud?\n    Rails.env.development? || Rails.env.staging?\n  end",
        "end\n",
      ].join("\n"),
    });
    const setup = out.get("models/setup.ts");
    expect(onlyLineWith(setup, "mkpath")).toBe('return RailsModule.root().join("storage", "db").mkpath();');
    expect(onlyLineWith(setup, "config/x.yml")).toBe('let path = RailsModule.root().join("config/x.yml");');
    expect(onlyLineWith(setup, "isExist")).toBe("return path.isExist();");
    // staging? is no method of EnvironmentInquirer (StringInquirer's method_missing answers it): by name.
    expect(onlyLineWith(setup, "isDevelopment")).toBe('return or(RailsModule.env().isDevelopment(), () => send(RailsModule.env(), "staging?"));');
  });

  it("answers development?/test?/production?/local? as Rails 7.2.4's EnvironmentInquirer", () => {
    // Ruby: e = ActiveSupport::EnvironmentInquirer.new("production"): true false false false (production? development? local? test?)
    const production = new EnvironmentInquirer("production");
    expect([production.isProduction(), production.isDevelopment(), production.isLocal(), production.isTest()]).toEqual([true, false, false, false]);
    const test = new EnvironmentInquirer("test");
    expect([test.isTest(), test.isLocal(), test.isProduction()]).toEqual([true, true, false]);
    expect(new EnvironmentInquirer("development").isLocal()).toBe(true);
    // ArgumentError: 'local' is a reserved environment name
    expect(() => new EnvironmentInquirer("local")).toThrow(ArgumentError);
  });
});
