// The app's own files its code reads through Rails.root (send_file of an image under app/assets, a YAML under
// config/) go with the compiled project, at the same place under it: the emitted app's Rails.root is its directory.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { rootFiles } from "../src/analyze/root-files.js";
import { parseApp } from "../src/parse/app.js";
import { scratchDir } from "./support/scratch.js";

function app(): string {
  const dir = scratchDir("root-files");
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  write("config/routes.rb", 'Rails.application.routes.draw do\n  get "icon" => "icons#show"\nend\n');
  write("config/application.rb", 'require "rails"\n');
  write("db/schema.rb", "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n");
  write("app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\nend\n");
  write("app/controllers/icons_controller.rb", `class IconsController < ApplicationController
  def show
    send_file Rails.root.join("app/assets/images/default.svg"), disposition: :inline
  end

  def logo
    send_file Rails.root.join("app/assets/images/logos/#{params[:name]}.png")
  end

  def settings
    YAML.load_file(Rails.root.join("config", "settings.yml"))
  end

  def state
    [Rails.root.join("storage", "x"), Rails.root.join("tmp/cache"), Rails.root.join("app/missing.txt"), Rails.root.join("../outside")]
  end
end
`);
  write("app/assets/images/default.svg", "<svg/>\n");
  write("app/assets/images/logos/a.png", "A");
  write("app/assets/images/logos/b.png", "B");
  write("app/assets/images/other.svg", "<svg/>\n");
  write("config/settings.yml", "a: 1\n");
  write("storage/x", "db");
  write("tmp/cache/y", "y");
  return dir;
}

describe("files read through Rails.root", () => {
  it("are the literal paths, and the directory before an interpolation, that exist and are no run-time state", () => {
    expect(rootFiles(parseApp(app()))).toEqual(["app/assets/images/default.svg", "app/assets/images/logos", "config/settings.yml"]);
  });

  it("are copied into the compiled project at the same paths, and nothing else of the app's tree", async () => {
    const dir = app();
    const out = scratchDir("root-files-out");
    await compile(dir, { out, link: false });
    for (const rel of ["app/assets/images/default.svg", "app/assets/images/logos/a.png", "app/assets/images/logos/b.png", "config/settings.yml"]) {
      expect(existsSync(join(out, rel)), rel).toBe(true);
    }
    for (const rel of ["app/assets/images/other.svg", "storage/x", "tmp/cache/y", "app/controllers/icons_controller.rb"]) {
      expect(existsSync(join(out, rel)), rel).toBe(false);
    }
  });
});
