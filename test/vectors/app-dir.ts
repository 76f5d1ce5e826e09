// A vector file's header -> a small Rails app directory the real compiler reads (test support):
//   routes          config/routes.rb   (inside `Rails.application.routes.draw do ... end`)
//   gems / action_cable   config/application.rb   (the frameworks the recording loaded: Action Cable only where
//                   the header names it, so an engine's view helpers exist only where they did in Rails)
//   gems            Gemfile + Gemfile.lock   (the helper gems the recording loaded, rails_autolink and turbo-rails:
//                   the compiler adds their helpers for a locked gem, as their railties do)
//   setup classes   app/models/*.rb    (ActiveModel classes; a controller class goes to app/controllers)
//   setup assigns   app/views/vectors/assigns.html.erb   (`<% @article = Article.new(...) %>`, run per vector)
//   view_files      as named            (partials the turbo calls render)
//   each vector     app/views/vectors/v<N>.html.erb: `<% @vector_result = (call) %>`, or the ERB itself
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseRuby } from "../../src/parse/ruby.js";
import type { Node } from "../../src/parse/ir.js";
import type { RecordedError, Vector, VectorFile } from "./files.js";

/** The instance variable a value vector stores its result in (read back from the view's assigns). */
export const RESULT_IVAR = "vector_result";
const ASSIGNS_MARKER = /^# assigns,.*$/m;

export function vectorTemplate(index: number): string {
  return `vectors/v${String(index).padStart(4, "0")}`;
}

/** The template of the index-th call Rails raised on (the file's .errors.json). */
export function errorTemplate(index: number): string {
  return `vectors/e${String(index).padStart(4, "0")}`;
}

export const ASSIGNS_TEMPLATE = "vectors/assigns";

/** Writes the app for one vector file (and the calls Rails raised on); returns its root. */
export function writeVectorApp(file: VectorFile, errors: RecordedError[] = []): string {
  const root = join(tmpdir(), `rails2ts-vectors-${file.name}-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const { classes, assigns } = splitSetup(file.header.setup);
  write("config/routes.rb", `Rails.application.routes.draw do\n${file.header.routes}end\n`);
  write("config/application.rb", applicationRb(file.header));
  const gems = Object.entries(file.header.gems ?? {}).filter(([name]) => HELPER_GEMS.includes(name));
  if (gems.length) {
    write("Gemfile", gems.map(([name]) => `gem ${JSON.stringify(name)}\n`).join(""));
    write("Gemfile.lock", `GEM\n  remote: https://rubygems.org/\n  specs:\n${gems.map(([n, v]) => `    ${n} (${v})\n`).join("")}\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n${gems.map(([n]) => `  ${n}\n`).join("")}`);
  }
  write("db/schema.rb", "ActiveRecord::Schema[7.2].define(version: 0) do\nend\n");
  for (const [rel, source] of classFiles(classes)) write(rel, source);
  write(`app/views/${ASSIGNS_TEMPLATE}.html.erb`, `<%\n${assigns}\n%>`);
  for (const [rel, source] of Object.entries(file.header.view_files ?? {})) write(rel, source);
  file.vectors.forEach((v, i) => write(`app/views/${vectorTemplate(i)}.html.erb`, templateOf(v)));
  errors.forEach((e, i) => write(`app/views/${errorTemplate(i)}.html.erb`, templateOf({ ...e, output: "", html_safe: false })));
  return root;
}

/**
 * The requires of the recording's app: Action Controller and Action View (every file renders in an
 * ApplicationController's view context), and Action Cable's engine when the header lists the gem or says how
 * Action Cable ran. Only engines change what the compiler lowers (a View helper an engine adds).
 */
/** Gems whose railtie adds view helpers, recorded with (the XSS corpus: auto_link, turbo_stream). */
const HELPER_GEMS = ["rails_autolink", "turbo-rails"];

function applicationRb(header: VectorFile["header"]): string {
  const libs = ["rails", "action_controller/railtie", "action_view/railtie"];
  // turbo-rails' recording loads Action Cable's engine too (turbo_stream_from names its channel).
  if (header.gems?.actioncable !== undefined || header.gems?.["turbo-rails"] !== undefined || header.action_cable !== undefined) libs.push("action_cable/engine");
  return libs.map((lib) => `require ${JSON.stringify(lib)}\n`).join("");
}

function splitSetup(setup: string): { classes: string; assigns: string } {
  const m = ASSIGNS_MARKER.exec(setup);
  if (!m) return { classes: setup, assigns: "" };
  return { classes: setup.slice(0, m.index), assigns: setup.slice(m.index + m[0].length) };
}

/** Top-level class/module definitions, each in the directory Rails autoloads it from. */
function classFiles(source: string): Array<[string, string]> {
  const lines = source.split("\n");
  const body = parseRuby(source, "setup.rb").body;
  return body.map((node, i) => {
    const end = i + 1 < body.length ? body[i + 1]!.span.line - 1 : lines.length;
    const text = lines.slice(node.span.line - 1, end).join("\n") + "\n";
    const dir = isController(node) ? "app/controllers" : "app/models";
    return [`${dir}/setup_${i}.rb`, text];
  });
}

function isController(node: Node): boolean {
  return node.kind === "class" && node.superclass?.kind === "const" && node.superclass.name === "Base" && /Controller$/.test(
    node.name.kind === "const" ? node.name.name : "",
  );
}

/**
 * A value vector keeps its result in an ivar; several statements (`a; b`) run in order and the last is kept.
 * ERB vectors are the template.
 */
function templateOf(v: Pick<Vector, "call" | "kind">): string {
  if (v.kind === "erb") return v.call;
  const statements = splitStatements(v.call);
  const last = statements.pop()!;
  return [...statements.map((s) => `<% ${s} %>`), `<% @${RESULT_IVAR} = (${last}) %>`].join("");
}

/** Top-level statements of a Ruby snippet as source text (by the parser's spans). */
function splitStatements(code: string): string[] {
  const body = parseRuby(code, "vector.rb").body;
  if (body.length <= 1) return [code];
  const offsets = lineOffsets(code);
  const starts = body.map((n) => offsets[n.span.line - 1]! + n.span.column - 1);
  return starts.map((s, i) => code.slice(s, i + 1 < starts.length ? starts[i + 1] : code.length).replace(/[\s;]+$/, ""));
}

function lineOffsets(code: string): number[] {
  const out = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === "\n") out.push(i + 1);
  return out;
}
