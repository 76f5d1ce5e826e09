// A small Rails app with a posts table and Action Text's, for the typed-output tests that compile Action Text
// code (typed-action-text.test.ts, typed-filter-chain.test.ts); each adds its own files over it.
export const ACTION_TEXT_APP: Record<string, string> = {
  "config/application.rb": 'require "rails/all"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": [
    "ActiveRecord::Schema[7.2].define(version: 1) do",
    '  create_table "posts" do |t|\n    t.string "title", null: false\n  end',
    '  create_table "action_text_rich_texts" do |t|\n    t.string "name", null: false\n    t.text "body"\n    t.string "record_type", null: false\n    t.bigint "record_id", null: false\n    t.timestamps\n  end',
    "end\n",
  ].join("\n"),
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};
