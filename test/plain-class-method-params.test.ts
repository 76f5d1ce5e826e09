// A plain class's own class method (issue 18): `Setup.create!(...)` is the class's `def self.create!`, not Active
// Record's create! (the class is no model: its answer is whatever the method returns, not a record of it), and its
// parameters are typed by what every call of it passes, as a job's perform's are. Permitted params are passed as they
// are (Rails passes the Parameters), so `attrs.merge(...)` is Parameters#merge. Expected lines are written by hand
// from Ruby's dispatch rules.
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :users\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "users" do |t|\n    t.string "name"\n    t.string "role"\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/user.rb": "class User < ApplicationRecord\nend\n",
  "app/models/setup.rb": "class Setup\n  def self.create!(attrs)\n    User.create!(attrs.merge(role: \"admin\"))\n  end\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

const controller = (extra = "") => [
  "class UsersController < ApplicationController",
  `  def create\n    user = Setup.create!(user_params)\n    ${extra}\n    head :ok\n  end`,
  "  private",
  "  def user_params\n    params.require(:user).permit(:name)\n  end",
  "end\n",
].join("\n");

describe("a plain class's own class method", () => {
  it("is called as the class's own, with the params as they are, and its parameter typed by every call", async () => {
    const out = await emittedApp("plain-class-method", BASE, { "app/controllers/users_controller.rb": controller() });
    expect(lineWith(out.get("controllers/users_controller.ts"), "Setup.createBang")).toBe("let user = Setup.createBang(this.userParams());");
    expect(lineWith(out.get("models/setup.ts"), "merge")).toBe('return User.createBang((attrs as Parameters).merge({ role: "admin" }).toH());');
  });

  it("keeps its parameter untyped where a call of it reaches it through a receiver not typed, or its name is a Symbol", async () => {
    // (The class handed on as a value is no reason alone: a call through it is a written call of the name, which
    // must be recorded against a typed receiver, class-method-params.ts.)
    const out = await emittedApp("plain-class-method-escapes", BASE, { "app/controllers/users_controller.rb": controller("klass = Setup\n    helpers.itself.then { |k| k }.create!(params[:user])") });
    expect(lineWith(out.get("models/setup.ts"), "merge")).toBe('return User.createBang(coreSend(attrs, "merge", { role: "admin" }));');
    const named = await emittedApp("plain-class-method-named", BASE, { "app/controllers/users_controller.rb": controller("Setup.public_send(:create!, user_params)") });
    expect(lineWith(named.get("models/setup.ts"), "merge")).toBe('return User.createBang(coreSend(attrs, "merge", { role: "admin" }));');
  });

  it("types its parameter where other receivers' calls of the name are not recorded, the class never escaping (only Setup.create! reaches it); not where x.class.create! is written", async () => {
    const users = "class User < ApplicationRecord\n  has_many :friends, class_name: \"User\"\n  def befriend(x) = friends.create!(name: x)\nend\n";
    const out = await emittedApp("plain-class-method-own", BASE, { "app/models/user.rb": users, "app/controllers/users_controller.rb": controller() });
    expect(lineWith(out.get("models/setup.ts"), "merge")).toBe('return User.createBang((attrs as Parameters).merge({ role: "admin" }).toH());');
    const viaClass = "class User < ApplicationRecord\n  def again(x) = x.class.create!(x)\nend\n";
    const untyped = await emittedApp("plain-class-method-via-class", BASE, { "app/models/user.rb": viaClass, "app/controllers/users_controller.rb": controller() });
    expect(lineWith(untyped.get("models/setup.ts"), "merge")).toBe('return User.createBang(coreSend(attrs, "merge", { role: "admin" }));');
  });

  it("types its parameter where the class is also named as a value, every call of it being recorded", async () => {
    const out = await emittedApp("plain-class-method-value", BASE, { "app/controllers/users_controller.rb": controller("klass = Setup") });
    expect(lineWith(out.get("models/setup.ts"), "merge")).toBe('return User.createBang((attrs as Parameters).merge({ role: "admin" }).toH());');
  });
});
