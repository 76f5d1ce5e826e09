// An association's extension block (`has_many :x do def m ... end end`) typed on the association's reader (issue 18):
// Rails extends the association's collection proxy with the block's module, so the reader answers its methods, and
// they call each other on self (the proxy). The reader's relation type carries them and the calls are direct; a
// relation built from the proxy, or a reader a subclass declares again, keeps the dynamic send. Expected lines are
// written by hand from Ruby's dispatch rules; the run-time answers of a direct extension call against Rails 7.2.4
// are test/fixtures/scope-extensions-app's (`@gadget.parts.heavy`, recorded in the chroot).
import { describe, expect, it } from "vitest";
import { emittedApp, lineWith } from "./support/emitted-app.js";

const room = (extra = "") => [
  "class Room < ApplicationRecord",
  "  has_many :memberships do",
  "    def grant_to(users)\n      users.each { |u| create!(user: u) }\n    end",
  "    def revoke_from(users)\n      where(user: users).delete_all\n    end",
  "    def revise(granted: [], revoked: [])",
  "      grant_to(granted) if granted.present?",
  "      revoke_from(revoked) if revoked.present?",
  "    end",
  "  end",
  "  def welcome(user)\n    memberships.grant_to([user])\n  end",
  "  def refresh(users)\n    memberships.where(user: users).revoke_from(users)\n  end",
  extra,
  "end\n",
].join("\n");

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :rooms\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "rooms" do |t|\n    t.string "name"\n    t.string "type"\n  end',
    '  create_table "users" do |t|\n    t.string "name"\n  end',
    '  create_table "memberships" do |t|\n    t.integer "room_id"\n    t.integer "user_id"\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/user.rb": "class User < ApplicationRecord\nend\n",
  "app/models/membership.rb": "class Membership < ApplicationRecord\n  belongs_to :room\n  belongs_to :user\nend\n",
  "app/models/first_run.rb": "class FirstRun\n  def self.start(id, user)\n    room = Room.find(id)\n    room.memberships.revise(granted: [user])\n  end\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/rooms_controller.rb": [
    "class RoomsController < ApplicationController",
    "  def update\n    @room = Room.find(params[:id])\n    @room.memberships.revise(granted: User.all)\n    head :ok\n  end",
    "end\n",
  ].join("\n"),
};

describe("an association's extension methods", () => {
  it("are declared on the reader's type and called directly on it, by the model, another class and a controller", async () => {
    const out = await emittedApp("assoc-ext-typed", BASE, { "app/models/room.rb": room() });
    const model = out.get("models/room.ts");
    expect(lineWith(model, "declare memberships")).toBe("declare memberships: Relation<Membership> & {");
    expect(lineWith(model, "grantTo(users: unknown): unknown;")).toBe("grantTo(users: unknown): unknown;");
    expect(lineWith(model, "revise(...args: unknown[]): unknown;")).toBe("revise(...args: unknown[]): unknown;");
    expect(lineWith(model, "memberships.grantTo")).toBe("return this.memberships.grantTo([user]);");
    expect(lineWith(out.get("models/first_run.ts"), "revise")).toBe("return room.memberships.revise({ granted: [user] });");
    expect(lineWith(out.get("controllers/rooms_controller.ts"), "revise")).toBe('this.assigns.room.memberships.revise({ granted: User.all() });');
  });

  it("call each other directly on the proxy, typed with them", async () => {
    const model = (await emittedApp("assoc-ext-siblings", BASE, { "app/models/room.rb": room() })).get("models/room.ts");
    expect(lineWith(model, "revise: function")).toBe('revise: function (this: CollectionProxy<Membership> & Room["memberships"], ...args: unknown[]) {');
    expect(lineWith(model, "this.grantTo(")).toBe("this.grantTo(granted);");
    expect(lineWith(model, "this.revokeFrom(")).toBe("return this.revokeFrom(revoked);");
  });

  it("stay a send on a relation built from the proxy (the runtime installs them on the proxy only)", async () => {
    const model = (await emittedApp("assoc-ext-chained", BASE, { "app/models/room.rb": room() })).get("models/room.ts");
    expect(lineWith(model, '"revoke_from"')).toBe('return send(this.memberships.where({ user: users }), "revoke_from", users);');
  });

  it("stay a send where a subclass declares the association again (its records answer another proxy)", async () => {
    const out = await emittedApp("assoc-ext-redeclared", BASE, {
      "app/models/room.rb": room(),
      "app/models/rooms/open.rb": "class Rooms::Open < Room\n  has_many :memberships\nend\n",
    });
    expect(lineWith(out.get("models/room.ts"), "declare memberships")).toBe("declare memberships: Relation<Membership>;");
    expect(lineWith(out.get("models/first_run.ts"), "revise")).toBe('return send(room.memberships, "revise", { granted: [user] });');
  });
});
