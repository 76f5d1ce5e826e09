// A model method's parameter typed as a Hash where every call of it passes one (issue 18): permitted params handed
// to a model's method are passed as their Hash (`to_h`, calls.ts recordArgs), and a Hash literal is one; the
// method's Hash methods on it are then the core Hash table's, directly, which is what the dynamic path dispatched
// to at run time for a plain-object Hash. Expected lines are written by hand from Ruby's dispatch rules.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :users\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "users" do |t|\n    t.string "name"\n    t.string "url"\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/user.rb": [
    "class User < ApplicationRecord",
    "  def self.create_with_url!(attributes)\n    url = attributes.delete(:url)\n    create!(**attributes, url: url)\n  end",
    "  def revise!(attributes)\n    self.url = attributes.delete(:url)\n    update!(attributes)\n  end",
    "end\n",
  ].join("\n"),
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

const controller = (update: string) => [
  "class UsersController < ApplicationController",
  "  def create\n    User.create_with_url!(user_params)\n    head :ok\n  end",
  `  def update\n    ${update}\n    head :ok\n  end`,
  "  private",
  "  def user_params\n    params.require(:user).permit(:name, :url)\n  end",
  "end\n",
].join("\n");

describe("a model method's parameter that every call passes a Hash", () => {
  it("is a Hash: permitted params (as their Hash) and Hash literals", async () => {
    const out = await emittedApp("hash-params-join", BASE, { "app/controllers/users_controller.rb": controller('attrs = { name: "x" }\n    User.find(params[:id]).revise!(attrs)\n    User.find(params[:id]).revise!(user_params)') });
    const model = out.get("models/user.ts");
    expect(lineWith(model, "let url")).toBe('let url = HashMethods.delete(attributes as Record<string, unknown>, "url");');
    expect(lineWith(model, "assignAttribute(")).toBe('assignAttribute(this, "url", HashMethods.delete(attributes as Record<string, unknown>, "url"));');
  });

  it("stays untyped where one call passes something not proved a Hash", async () => {
    const out = await emittedApp("hash-params-join-unknown", BASE, { "app/controllers/users_controller.rb": controller("User.find(params[:id]).revise!(params[:user])") });
    const model = out.get("models/user.ts");
    expect(lineWith(model, "let url")).toBe('let url = HashMethods.delete(attributes as Record<string, unknown>, "url");');
    expect(lineWith(model, "assignAttribute(")).toBe('assignAttribute(this, "url", coreSend(attributes, "delete", "url"));');
  });
});
