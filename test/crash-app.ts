// A small clean Rails app (no diagnostic), written into a temporary directory by test/cli.test.ts and
// test/cli-crash.test.ts: a model with a validation, a controller with a filter, a private method and three
// actions, one template. Its line numbers are what the crash tests name (RAILS2TS_FAULT=...@file:line).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const CRASH_APP: Record<string, string> = {
  "config/application.rb": `require_relative "boot"

require "rails/all"

module CrashApp
  class Application < Rails::Application
    config.load_defaults 7.2
  end
end
`,
  "config/routes.rb": `Rails.application.routes.draw do
  resources :widgets, only: [:index, :show]
  get "make" => "widgets#make"
end
`,
  "db/schema.rb": `ActiveRecord::Schema[7.2].define(version: 2024_01_01_000000) do
  create_table "widgets", force: :cascade do |t|
    t.string "name"
    t.datetime "created_at", null: false
    t.datetime "updated_at", null: false
  end
end
`,
  "app/models/application_record.rb": `class ApplicationRecord < ActiveRecord::Base
  primary_abstract_class
end
`,
  "app/models/widget.rb": `class Widget < ApplicationRecord
  validates :name, presence: true
end
`,
  "app/controllers/application_controller.rb": `class ApplicationController < ActionController::Base
end
`,
  "app/controllers/widgets_controller.rb": `class WidgetsController < ApplicationController
  before_action :load_count, only: :index

  def index
  end

  def show
    render plain: "widget #{params[:id]}"
  end

  def make
    widget = Widget.create!(name: params[:name])
    render plain: "made #{widget.name}"
  end

  private

  def load_count
    @count = Widget.count
  end
end
`,
  "app/views/widgets/index.html.erb": `<h1>Widgets</h1>
<p><%= @count %> widgets</p>
`,
};

export function writeCrashApp(root: string): void {
  for (const [rel, text] of Object.entries(CRASH_APP)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}
