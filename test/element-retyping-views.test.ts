// A template's local first assigned an Array of known elements, then given an element of another type, is read with
// its elements untyped there too (src/lower/element-retyping.ts; a method's are covered by the Ruby corpus'
// element_types.rb): `a.last.succ` after `a << "x"` must dispatch on the String at run time, not call Integer#succ.
import { describe, expect, it } from "vitest";
import { compileProbe, lineWith } from "./support/view-probe.js";

const BASE: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "posts" do |t|\n    t.string "title", null: false\n  end\nend\n',
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def index\n  end\nend\n",
};

describe("a template's Array local given an element of another type", () => {
  it("reads its elements untyped after <<", async () => {
    const out = await compileProbe({ ...BASE, "app/views/posts/index.html.erb": '<% a = [1, 2] %><% a << "x" %><%= a.last.succ %>\n' });
    expect(lineWith(out.files.get("views/posts/index.html.ts"), "succ")).toBe('out.append(coreSend(ArrayMethods.last(a), "succ"));');
  });

  it("keeps them typed when only Integers are pushed", async () => {
    const out = await compileProbe({ ...BASE, "app/views/posts/index.html.erb": "<% a = [1, 2] %><% a << 3 %><%= a.last.succ %>\n" });
    expect(lineWith(out.files.get("views/posts/index.html.ts"), "succ")).toContain("NumericMethods.succ(");
  });
});
