// A small Rails app written to a scratch directory and compiled by the real pipeline: the emitted modules by path.
import { compileFiles } from "./emitted-app.js";

export { lineWith as onlyLineWith } from "./emitted-app.js";

/** A minimal app's config, routes and ApplicationRecord/ApplicationController; a test adds its schema and classes. */
export const PROBE_BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

export async function compileProbe(name: string, files: Record<string, string>): Promise<Map<string, string>> {
  return (await compileFiles(name, { ...PROBE_BASE, ...files })).files;
}
