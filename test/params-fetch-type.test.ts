// `params.fetch(key, default)` (issue 18): ActionController::Parameters#fetch answers the value as the request gives
// it (a String, an Array of Strings, Parameters for a Hash) or the default, so its answer is no one type: not
// Parameters (it was typed so, and `ids.including(id)` on an Array was a call of Parameters' method the compiler did
// not know). A method of the answer keeps the dynamic path, dispatched on what the value is at run time; require and
// permit still answer Parameters. Expected lines are written by hand from Rails' Parameters#fetch.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :users\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "users" do |t|\n    t.string "name"\n  end\nend\n',
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/user.rb": "class User < ApplicationRecord\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/users_controller.rb": [
    "class UsersController < ApplicationController",
    "  def index\n    @users = User.where(id: ids.including(1))\n    @names = params.require(:user).permit(:name)\n    head :ok\n  end",
    "  private",
    "  def ids\n    params.fetch(:user_ids, [])\n  end",
    "end\n",
  ].join("\n"),
};

describe("params.fetch", () => {
  it("answers no one type: a method of its answer is dispatched on the value", async () => {
    const out = (await emittedApp("params-fetch-type", BASE)).get("controllers/users_controller.ts");
    expect(lineWith(out, "including")).toBe('this.assigns.users = User.where({ id: coreSend(this.ids(), "including", 1) });');
    expect(lineWith(out, "permit")).toBe('this.assigns.names = this.params.require("user").permit("name");');
  });
});
