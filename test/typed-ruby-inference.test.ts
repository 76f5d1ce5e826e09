// Ruby-level inference behind issue 18's direct calls (rescued errors, literal constants, locals, a private
// method's parameters): each case is a small Rails app compiled by the real pipeline, the expected line written
// here by hand from Ruby's semantics; a last case per rule keeps the dynamic path where the type is not proved.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";

const APP: Record<string, string> = {
  "config/application.rb": 'require "rails"\nmodule Probe\n  class Application < Rails::Application\n    config.load_defaults 7.2\n  end\nend\n',
  "config/routes.rb": "Rails.application.routes.draw do\n  resources :notes\nend\n",
  "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "notes" do |t|\n    t.string "title", null: false\n  end\nend\n',
  "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "app/models/note.rb": "class Note < ApplicationRecord\nend\n",
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
};

/** The emitted files of APP with `files` added, by path. */
async function emitted(files: Record<string, string>): Promise<Map<string, string>> {
  const root = scratchDir("typed-ruby-inference");
  for (const [path, text] of Object.entries({ ...APP, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await compile(root);
  return new Map(result.files.map((f) => [f.path, f.text]));
}

/** The one line of `text` containing `marker`, trimmed (the test fails when there is not exactly one). */
function lineWith(text: string | undefined, marker: string): string {
  const lines = (text ?? "").split("\n").filter((l) => l.includes(marker));
  expect(lines).toHaveLength(1);
  return lines[0]!.trim();
}

describe("Ruby-level inference: direct calls where Ruby's own semantics prove the receiver", () => {
  it("types a rescue variable inside its clause as the Error it holds (message and class direct), and not where the clause writes it", async () => {
    const helper = [
      "module NotesHelper",
      "  def safely",
      "    yield",
      "  rescue ArgumentError, KeyError => e",
      '    "failed: #{e.class} #{e.message}"',
      "  end",
      "",
      "  def traced",
      "    yield",
      "  rescue => err",
      "    err.backtrace",
      "  end",
      "",
      "  def rewritten",
      "    yield",
      "  rescue => problem",
      "    problem = problem.cause if problem.cause",
      "    problem.full_message",
      "  end",
      "end\n",
    ].join("\n");
    const view = "<%= safely { 1 } %>\n<%= traced { 2 } %>\n<%= rewritten { 3 } %>\n";
    const helpers = (await emitted({ "app/helpers/notes_helper.rb": helper, "app/views/notes/index.html.erb": view })).get("helpers.ts");
    expect(lineWith(helpers, "failed:")).toBe("return `failed: ${toS(ObjectMethods.class(e as Error))} ${(e as Error).message}`;");
    // Exception#backtrace: not one the lowering proves alike for a Ruby exception and a JS error.
    expect(lineWith(helpers, "backtrace")).toBe('return send(err as Error, "backtrace");');
    expect(lineWith(helpers, "full_message")).toBe('return send(problem, "full_message");');
  });

  it("types a plain class's constant by the value its one assignment writes (a frozen Array literal's elements too)", async () => {
    const shelf = [
      "class Shelf",
      "  TAGS = %w[ a b ] + [ \"c\" ]",
      "  KINDS = %w[ x y ].freeze",
      "  LIMITS = { max: 3 }",
      "  SORTED = TAGS.sort",
      "",
      "  def self.selector\n    TAGS.map { |t| \":not(#{t})\" }.join(\",\")\n  end",
      "  def self.loud\n    KINDS.map { |k| k.upcase }\n  end",
      "  def self.max\n    LIMITS.fetch(:max)\n  end",
      "  def self.first_sorted\n    SORTED.first\n  end",
      "end\n",
    ].join("\n");
    const out = await emitted({ "app/models/shelf.rb": shelf });
    const model = out.get("models/shelf.ts");
    expect(lineWith(model, "ArrayMethods.map(Shelf.TAGS")).toBe("ArrayMethods.map(Shelf.TAGS, (t: unknown) => {");
    expect(lineWith(model, "ArrayMethods.join")).toBe("return ArrayMethods.join(");
    expect(lineWith(model, "upcase")).toBe("return StringMethods.upcase(k);");
    expect(lineWith(model, '"max"')).toBe('return HashMethods.fetch(Shelf.LIMITS, "max");');
    // A value the class body computes is typed by its lowering: Array#sort of an Array is an Array.
    expect(lineWith(model, "Shelf.SORTED)")).toBe("return ArrayMethods.first(Shelf.SORTED);");
  });

  it("types a controller method's parameter by class methods answering a transaction's block or a relation's detect, and not where the block leaves with next", async () => {
    const note = [
      "class Note < ApplicationRecord",
      "  def self.make(title)\n    transaction do\n      create!(title: title)\n    end\n  end",
      '  def self.pick\n    all.detect { |n| n.title == "x" }\n  end',
      "  def self.maybe(title)\n    transaction do\n      next if title.blank?\n      create!(title: title)\n    end\n  end",
      "end\n",
    ].join("\n");
    const controller = [
      "class NotesController < ApplicationController",
      '  def create\n    note = Note.make("x")\n    announce(note)\n    shout(Note.pick)\n    whisper(Note.maybe("y"))\n    head :ok\n  end',
      "  private",
      "    def announce(note)\n      note.title\n    end",
      "    def shout(picked)\n      picked.title\n    end",
      "    def whisper(made)\n      made.title\n    end",
      "end\n",
    ].join("\n");
    const out = (await emitted({ "app/models/note.rb": note, "app/controllers/notes_controller.rb": controller })).get("controllers/notes_controller.ts");
    expect(lineWith(out, "(note as Note)")).toBe("return (note as Note).title;");
    expect(lineWith(out, "picked as")).toBe("return (picked as Note).title;");
    expect(lineWith(out, "send(made")).toBe('return send(made, "title");');
  });

  it("types a controller method answering a case expression by the join of its branches, and an ivar a Relation here and an Array there assign as the enumerable of both", async () => {
    const controller = [
      "class NotesController < ApplicationController",
      "  def index\n    @notes = pick_notes\n    @others = other_notes\n    head :no_content unless @notes.any? && @others.any?\n  end",
      "  def show\n    if params[:q].present?\n      @found = Note.where(title: params[:q]).last(5)\n    else\n      @found = Note.none\n    end\n  end",
      "  private",
      '    def pick_notes\n      case\n      when params[:a].present? then Note.recent\n      else Note.where(title: "x").last(2)\n      end\n    end',
      '    def other_notes\n      case params[:b]\n      when "1" then Note.recent\n      when "2" then params[:c]\n      end\n    end',
      "end\n",
    ].join("\n");
    const out = await emitted({
      "app/models/note.rb": "class Note < ApplicationRecord\n  scope :recent, -> { order(:id).last(3) }\nend\n",
      "app/controllers/notes_controller.rb": controller,
      "app/views/notes/show.html.erb": "<%= @found.count %>\n",
    });
    // (A branch answering params[:c] leaves @others unproved.)
    expect(lineWith(out.get("controllers/notes_controller.ts"), "isAny")).toBe('if (!truthy(and(ArrayMethods.isAny(this.assigns.notes), () => coreSend(this.assigns.others, "any?")))) {');
    expect(lineWith(out.get("views/notes/show.html.ts"), "count")).toBe("((v1: Relation<Note> | Array<Note>) => (Array.isArray(v1) ? ArrayMethods.count(v1) : v1.count()))(");
  });

  it("types an association extension's proxy_association.owner as the declaring model's record, and Kernel#Array's answer as an Array", async () => {
    const note = [
      "class Note < ApplicationRecord",
      "  has_many :tags do",
      "    def label_all(labels)",
      "      note = proxy_association.owner",
      '      Array(labels).collect { |label| "#{note.title}: #{label}" }',
      "    end",
      "",
      "    def reflected\n      proxy_association.reflection\n    end",
      "  end",
      "end\n",
    ].join("\n");
    const out = await emitted({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "notes" do |t|\n    t.string "title", null: false\n  end\n  create_table "tags" do |t|\n    t.integer "note_id"\n  end\nend\n',
      "app/models/tag.rb": "class Tag < ApplicationRecord\n  belongs_to :note\nend\n",
      "app/models/note.rb": note,
    });
    const model = out.get("models/note.ts");
    expect(lineWith(model, "owner")).toBe("let note = this.proxyAssociation.owner as Note;");
    expect(lineWith(model, "Kernel.Array")).toBe("return ArrayMethods.collect(Kernel.Array(labels), (label: unknown) => {");
    expect(lineWith(model, "${note.title}")).toBe("return `${note.title}: ${toS(label)}`;");
    // Only the owner is claimed: the association's other members are reached by name.
    expect(lineWith(model, "reflection")).toBe('return send(this.proxyAssociation, "reflection");');
  });

  it("types a case used as a value as a String where every branch, an else too, ends in a String or Symbol literal", async () => {
    const note = [
      "class Note < ApplicationRecord",
      '  def kind\n    case\n    when title.blank? then "empty"\n    when title.size > 9 then :long\n    else "short"\n    end.upcase\n  end',
      '  def maybe_kind\n    case\n    when title.blank? then "empty"\n    end.upcase\n  end',
      "end\n",
    ].join("\n");
    const model = (await emitted({ "app/models/note.rb": note })).get("models/note.ts");
    expect(lineWith(model, "StringMethods.upcase")).toBe("return StringMethods.upcase(");
    // Without an else the case may answer nil.
    expect(lineWith(model, "coreSend(")).toBe("return coreSend(");
  });

  it("types an ivar a helper, or a template no controller's path owns, reads by the join over every controller assigning it, and not one a module or helper also sets", async () => {
    const files = {
      "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  def show\n    @note = Note.find(params[:id])\n    @draft = Note.new\n    @memo = Note.first\n  end\nend\n",
      "app/mailers/note_mailer.rb": "class NoteMailer < ActionMailer::Base\n  def memo\n    @memo = 1\n  end\nend\n",
      "app/controllers/archives_controller.rb": "class ArchivesController < ApplicationController\n  def show\n    @note = Note.last\n    @draft = Note.first\n  end\nend\n",
      "app/helpers/notes_helper.rb": "module NotesHelper\n  def note_title\n    @note.title\n  end\n\n  def draft_title\n    @draft.title\n  end\n\n  def memo_title\n    @memo.title\n  end\nend\n",
      "app/models/drafting.rb": "module Drafting\n  def start_draft\n    @draft = nil\n  end\nend\n",
      "app/views/notes/show.html.erb": "<%= note_title %><%= draft_title %>\n",
      "app/views/shared/_note.html.erb": "<%= @note.title %>\n",
    };
    const out = await emitted(files);
    const helpers = out.get("helpers.ts");
    expect(lineWith(helpers, "assigns.note")).toBe("return (view.assigns.note as Note).title;");
    expect(lineWith(helpers, "assigns.draft")).toBe('return send(view.assigns.draft, "title");');
    // A mailer's ivars reach its views (and the helpers they call).
    expect(lineWith(helpers, "assigns.memo")).toBe('return send(view.assigns.memo, "title");');
    expect(lineWith(out.get("views/shared/_note.html.ts"), "assigns.note")).toBe("out.append((view.assigns.note as Note).title);");
  });

  it("types a controller method's parameter as a String where every call passes a Symbol or String literal, and not where one passes anything else", async () => {
    const controller = [
      "class NotesController < ApplicationController",
      '  def show\n    mark(:draft)\n    mark("final")\n    tag(:a)\n    tag(params[:t])\n    head :ok\n  end',
      "  private",
      "    def mark(kind)\n      kind.to_s.upcase\n    end",
      "    def tag(label)\n      label.to_s.upcase\n    end",
      "end\n",
    ].join("\n");
    const out = (await emitted({ "app/controllers/notes_controller.rb": controller })).get("controllers/notes_controller.ts");
    expect(lineWith(out, "kind as string")).toBe("return StringMethods.upcase(toS(kind as string));");
    expect(lineWith(out, "coreSend(coreSend(label")).toBe('return coreSend(coreSend(label, "to_s"), "upcase");');
  });

  it("types to_s of a nullable String column as a String (nil's is empty), so html_safe on it is called directly", async () => {
    const out = await emitted({
      "db/schema.rb": 'ActiveRecord::Schema[7.2].define(version: 1) do\n  create_table "notes" do |t|\n    t.string "title", null: false\n    t.text "body"\n  end\nend\n',
      "app/models/note.rb": "class Note < ApplicationRecord\n  def safe_body\n    body.to_s.html_safe\n  end\nend\n",
    });
    const model = out.get("models/note.ts");
    expect(lineWith(model, "(v1: string | null)")).toBe("((v1: string | null) => (v1 == null ? ObjectMethods.toS(v1) : StringMethods.toS(v1)))(this.body),");
    expect(lineWith(model, "htmlSafe")).toBe("return StringMethods.htmlSafe(");
  });
});

describe("a partial's local passed `[]` at one render and records at the others", () => {
  const views = (other: string) => ({
    "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  def index\n  end\n  def show\n    @picked = Note.where(title: \"a\")\n  end\nend\n",
    "app/views/notes/index.html.erb": '<%= render "notes/list", notes: [] %>\n',
    "app/views/notes/show.html.erb": `<%= render "notes/list", notes: ${other} %>\n`,
    "app/views/notes/_list.html.erb": "<%= notes.count %> <%= notes.any? %>\n",
  });

  it("is the enumerable of the others' records (an empty Array holds none), its count and any? each one's own", async () => {
    const list = (await emitted(views("@picked"))).get("views/notes/_list.html.ts");
    expect(list).toContain('readLocal(locals, "notes") as Relation<Note> | Array<Note>');
    expect(list).not.toContain("coreSend");
  });

  it("stays untyped where the others pass no records", async () => {
    const list = (await emitted(views('"x"'))).get("views/notes/_list.html.ts");
    expect(list).toContain('coreSend(readLocal(locals, "notes") as unknown, "count")');
  });
});

