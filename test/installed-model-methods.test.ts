// Self-calls in a model (or a concern it includes) of methods the runtime installs on every record: Dirty's
// per-column methods (`type_previously_changed?(to: "Rooms::Open")`, a column of the STI parent) and, when
// turbo-rails is in Gemfile.lock, Turbo::Broadcastable's (`broadcast_append_to room, :messages`). They are lowered
// as calls, not reported as unknown helpers; a method nothing installs still is.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";

function app(files: Record<string, string>): string {
  const root = scratchDir("installed-methods-app");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const FILES = {
  "config/routes.rb": "Rails.application.routes.draw do\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "rooms", force: :cascade do |t|\n    t.string "type"\n    t.string "name"\n  end\nend\n',
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/room.rb": "class Room < ApplicationRecord\n  include Room::Broadcasts\nend\n",
  "app/models/room/broadcasts.rb": "module Room::Broadcasts\n  def broadcast_create\n    broadcast_append_to self, :rooms\n  end\nend\n",
  "app/models/rooms/open.rb": 'class Rooms::Open < Room\n  def opened?\n    type_previously_changed?(to: "Rooms::Open") || name_changed?\n  end\n\n  def other\n    frobnicate_previously_changed?\n  end\nend\n',
};

async function diagnostics(files: Record<string, string>): Promise<string[]> {
  const result = await compile(app(files), { out: scratchDir("installed-methods-out") });
  return result.diagnostics.map((d) => `${d.code}: ${d.message}`);
}

describe("methods the runtime installs on records, called on self", () => {
  it("lowers Dirty's per-column methods and, with turbo-rails locked, Broadcastable's", async () => {
    const lock = "GEM\n  remote: https://rubygems.org/\n  specs:\n    turbo-rails (2.0.5)\n\nDEPENDENCIES\n  turbo-rails\n";
    expect(await diagnostics({ ...FILES, "Gemfile.lock": lock })).toEqual(["unknown_helper: unknown helper or method: frobnicate_previously_changed? (model)"]);
  });

  it("without turbo-rails, broadcast_append_to stays an unknown helper", async () => {
    expect(await diagnostics(FILES)).toEqual([
      "unknown_helper: unknown helper or method: broadcast_append_to (model)",
      "unknown_helper: unknown helper or method: frobnicate_previously_changed? (model)",
    ]);
  });
});
