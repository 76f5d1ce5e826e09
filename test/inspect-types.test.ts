// `inspect <app> --types` (src/inspect/types.ts): the CurrentAttributes types proved, then each call left to
// run-time dispatch with its cause, per file, and the count. A small app compiled by the real pipeline.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { describeTypes } from "../src/inspect/types.js";
import { scratchDir } from "./support/scratch.js";

const FILES: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resource :session\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "users" do |t|\n    t.string "name"\n  end\nend\n',
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/user.rb": "class User < ApplicationRecord\nend\n",
  "app/models/current.rb": "class Current < ActiveSupport::CurrentAttributes\n  attribute :user\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/sessions_controller.rb": [
    "class SessionsController < ApplicationController",
    "  def create",
    "    Current.user = User.find(params[:id])",
    "    head :ok if Current.user.name",
    "  end",
    "",
    "  def show",
    "    token = params[:token]",
    "    head :ok if token.frobnicate",
    "  end",
    "end\n",
  ].join("\n"),
};

async function compiled(extra: Record<string, string> = {}) {
  const root = scratchDir("inspect-types");
  for (const [path, text] of Object.entries({ ...FILES, ...extra })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, result: await compile(root) };
}

describe("inspect --types", () => {
  it("lists every send the emitted code makes: a plain class's under app/models, a record's call of itself by a name it does not define", async () => {
    const { root, result } = await compiled({
      "app/models/greeting.rb": "class Greeting\n  def initialize(who)\n    @who = who\n  end\n  def text\n    @who.shout\n  end\nend\n",
      "app/models/user.rb": "class User < ApplicationRecord\n  def hello\n    wave(1)\n  end\nend\n",
    });
    const lines = describeTypes(root, result).split("\n");
    /** The sites listed under one file (its indented lines). */
    const sites = (file: string) => {
      const at = lines.indexOf(file);
      const end = lines.findIndex((l, i) => i > at && !l.startsWith("  "));
      return at < 0 ? [] : lines.slice(at + 1, end);
    };
    expect(sites("app/models/greeting.rb")).toEqual(["  6:5 send .shout   @who: not every assignment proves one model"]);
    expect(sites("app/models/user.rb")).toEqual(["  3:5 send .wave   wave: no method of the model the compiler knows (unknown_helper)"]);
  });

  it("lists the proved Current types, each dynamic site with its cause, and the count", async () => {
    const root = scratchDir("inspect-types");
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const result = await compile(root);
    expect(describeTypes(root, result)).toBe([
      "Current.user: User",
      "app/controllers/sessions_controller.rb",
      "  9:17 send .frobnicate   local `token`: its type is not proved",
      "1 dynamic send in 1 file",
      "      1  a local or parameter whose type is not proved",
      "",
    ].join("\n"));
  });

  it("names a request parameter's value as what it is (a String, an Array, Parameters or nil), not a type left unproved", async () => {
    const { root, result } = await compiled({
      "app/controllers/searches_controller.rb": [
        "class SearchesController < ApplicationController",
        "  def show",
        "    head :ok if params[:q]&.strip",
        "    head :ok if params.require(:search)[:q].to_i",
        "    head :ok if { a: 1 }[:a].to_i",
        "  end",
        "end\n",
      ].join("\n"),
    });
    const lines = describeTypes(root, result).split("\n");
    const at = lines.indexOf("app/controllers/searches_controller.rb");
    expect(lines.slice(at + 1, at + 4)).toEqual([
      "  3:17 coreSend .strip   params[...]: a String, an Array, Parameters or nil, as the request gives it",
      "  4:17 coreSend .to_i   params[...]: a String, an Array, Parameters or nil, as the request gives it",
      "  5:17 coreSend .to_i   a index of a type not proved",
    ]);
  });
});
