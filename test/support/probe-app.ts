// A small Rails app written to a scratch directory and compiled by the real pipeline: the emitted modules by path.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { compile } from "../../src/compile.js";
import { scratchDir } from "./scratch.js";

/** A minimal app's config, routes and ApplicationRecord/ApplicationController; a test adds its schema and classes. */
export const PROBE_BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

export async function compileProbe(name: string, files: Record<string, string>): Promise<Map<string, string>> {
  const root = scratchDir(name);
  for (const [path, text] of Object.entries({ ...PROBE_BASE, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await compile(root);
  return new Map(result.files.map((f) => [f.path, f.text]));
}

/** The one line of `text` containing `marker`, trimmed (the test fails when there is not exactly one). */
export function onlyLineWith(text: string | undefined, marker: string): string {
  const lines = (text ?? "").split("\n").filter((l) => l.includes(marker));
  expect(lines).toHaveLength(1);
  return lines[0]!.trim();
}
