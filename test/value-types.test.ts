// Whole-app model types (src/analyze/value-types.ts, current-types.ts): what Rails' own semantics prove a value is.
// Each case is a small app analysed by the real pipeline; the expected types are what the Ruby code makes the value
// in Rails 7.2 (read off the code: a belongs_to reader answers the associated class, a scope answers its body's
// value or the relation when that is nil, `last(n)` an Array), never output of our own.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeApp } from "../src/analyze/app-model.js";
import { parseApp } from "../src/parse/app.js";
import { scratchDir } from "./support/scratch.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "users" do |t|\n    t.string "name"\n    t.string "token"\n  end',
    '  create_table "sessions" do |t|\n    t.integer "user_id"\n    t.string "token"\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/current.rb": "class Current < ActiveSupport::CurrentAttributes\n  attribute :user, :request\nend\n",
  "app/models/session.rb": "class Session < ApplicationRecord\n  belongs_to :user\n\n  def self.start!(token:)\n    create! token: token\n  end\nend\n",
  "app/models/user.rb": [
    "class User < ApplicationRecord",
    "  has_many :sessions",
    "  scope :named, -> { where.not(name: nil) }",
    "  scope :latest, -> { order(:id).last(2) }",
    "  scope :maybe, ->(flag) { where(name: flag) if flag }",
    "",
    "  def self.authenticate(token)",
    "    named.find_by(token: token)",
    "  end",
    "end\n",
  ].join("\n"),
  "app/controllers/application_controller.rb": [
    "class ApplicationController < ActionController::Base",
    "  before_action { Current.request = request }",
    "  before_action :restore",
    "",
    "  private",
    "    def restore",
    "      if session = find_session",
    "        sign_in session",
    "      elsif user = User.authenticate(params[:token])",
    "        Current.user = user",
    "      end",
    "    end",
    "",
    "    def find_session",
    "      if token = cookies[:token]",
    "        Session.find_by(token: token)",
    "      end",
    "    end",
    "",
    "    def start_for(user)",
    "      user.sessions.start!(token: 'x').tap do |session|",
    "        sign_in session",
    "      end",
    "    end",
    "",
    "    def sign_in(session)",
    "      Current.user = session.user",
    "    end",
    "end\n",
  ].join("\n"),
  "app/controllers/users_controller.rb": "class UsersController < ApplicationController\n  def create\n    @user = User.create!(name: params[:name])\n    start_for @user\n  end\nend\n",
};

function analyse(files: Record<string, string>) {
  const root = scratchDir("value-types");
  for (const [path, text] of Object.entries({ ...BASE, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return analyzeApp(parseApp(root));
}

// (`Current.request = request` in the base controller's before_action types `request` in every case: the
// controller's request, an ActionDispatch::Request.)
describe("CurrentAttributes attribute types", () => {
  it("types an attribute by the join of every value assigned to it, through locals, parameters, blocks and methods", () => {
    // `Current.request = request` in a before_action: the controller's request, an ActionDispatch::Request.
    expect(Object.fromEntries(analyse({}).currentTypes.get("Current")!)).toEqual({ user: "User", request: "ActionDispatch::Request" });
  });

  it("leaves an attribute untyped when one assignment is not a record of the same model", () => {
    const app = analyse({ "app/controllers/tokens_controller.rb": "class TokensController < ApplicationController\n  def show\n    Current.user = params[:id]\n  end\nend\n" });
    expect(Object.fromEntries(app.currentTypes.get("Current")!)).toEqual({ request: "ActionDispatch::Request" });
  });

  it("leaves an attribute untyped when a method taking the value is also named as a Symbol (called in unseen ways)", () => {
    const app = analyse({ "app/controllers/hooks_controller.rb": "class HooksController < ApplicationController\n  def show\n    send(:sign_in, params[:x])\n  end\nend\n" });
    expect(Object.fromEntries(app.currentTypes.get("Current")!)).toEqual({ request: "ActionDispatch::Request" });
  });

  it("leaves an attribute untyped when it is assigned outside a controller method", () => {
    const app = analyse({ "app/models/job.rb": "class Job\n  def run(x)\n    Current.user = x\n  end\nend\n" });
    expect(Object.fromEntries(app.currentTypes.get("Current")!)).toEqual({ request: "ActionDispatch::Request" });
  });
});

describe("controller ivars", () => {
  const sti = {
    "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "rooms" do |t|\n    t.string "type"\n  end\nend\n',
    "app/models/room.rb": "class Room < ApplicationRecord\nend\n",
    "app/models/rooms/open.rb": "class Rooms::Open < Room\nend\n",
    "app/models/rooms/closed.rb": "class Rooms::Closed < Room\nend\n",
    "app/models/session.rb": "class Session < ApplicationRecord\nend\n",
    "app/models/user.rb": "class User < ApplicationRecord\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/rooms_controller.rb": [
      "class RoomsController < ApplicationController",
      "  before_action :set_room",
      "  def show\n    @room.touch\n  end",
      "  private",
      "    def set_room\n      @room = Room.find(params[:id])\n    end",
      "end\n",
    ].join("\n"),
    "app/controllers/rooms/opens_controller.rb": [
      "class Rooms::OpensController < RoomsController",
      "  def new\n    @room = Rooms::Open.new\n  end",
      "  def update\n    @room = @room.becomes!(Rooms::Closed)\n    @room.touch\n  end",
      "end\n",
    ].join("\n"),
  };

  /** The type the analysis proves for `@name` as read in the first statement of `method`. */
  function ivarIn(files: Record<string, string>, controller: string, method: string, name: string) {
    const app = analyse(files);
    const def = [...app.controllers.get(controller)!.actions, ...app.controllers.get(controller)!.privateMethods].find((d) => d.name === method)!;
    const site = app.controllerSites.get(def.body[0]!)!;
    return app.values.typeOf({ kind: "ivar", name, span: def.span }, site);
  }

  it("joins records of one STI family as their nearest common model, across the controller hierarchy", () => {
    // Rooms::OpensController inherits set_room (a Room) and assigns a Rooms::Open and a Rooms::Closed: a Room.
    expect(ivarIn(sti, "Rooms::OpensController", "update", "room")).toEqual({ k: "record", model: "Room" });
  });

  it("types becomes! by its argument, and an ivar read in its own assignment by the other assignments", () => {
    const app = analyse(sti);
    const def = app.controllers.get("Rooms::OpensController")!.actions.find((d) => d.name === "update")!;
    const assign = def.body[0]! as { kind: "assign"; value: Parameters<typeof app.values.typeOf>[0] };
    expect(app.values.typeOf(assign.value, app.controllerSites.get(assign.value)!)).toEqual({ k: "record", model: "Rooms::Closed" });
  });

  it("leaves an ivar untyped when one of the related controllers assigns it something else", () => {
    const files = { ...sti, "app/controllers/rooms/closeds_controller.rb": "class Rooms::ClosedsController < RoomsController\n  def new\n    @room = params[:room]\n  end\nend\n" };
    expect(ivarIn(files, "RoomsController", "show", "room")).toBeNull();
  });
});

describe("scope types", () => {
  it("answers the relation for a body that is a relation, or nil (Active Record's `|| self`), and an Array of records for last(n)", () => {
    const app = analyse({});
    expect(app.values.scopeType("User", "named")).toEqual({ k: "relation", model: "User" });
    expect(app.values.scopeType("User", "maybe")).toEqual({ k: "relation", model: "User" });
    expect(app.values.scopeType("User", "latest")).toEqual({ k: "array", model: "User" });
  });
});
