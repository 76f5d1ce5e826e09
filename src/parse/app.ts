// Rails app directory -> ParsedApp: every Ruby and ERB source the compiler reads, parsed into the IR.
// Which files matter is Rails' own convention (app/models, app/controllers, app/views, config/routes.rb,
// db/schema.rb, db/seeds.rb); nothing here knows any particular app.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { crashNode, crashOf, faultPoint, reportCrash } from "./crash.js";
import { Diagnostics, type Diagnostic } from "../diagnostics/index.js";
import { compileErb } from "./erb.js";
import { FIXTURES_DIR, parseErbYaml, parseFixtures, type ErbYamlFile, type FixtureFile } from "./fixtures.js";
import type { Node, Span } from "./ir.js";
import { parseRuby, type PositionMapper } from "./ruby.js";
import { byteEscape, readSource } from "./encoding.js";
import { schemaFromRuby, type Schema } from "./schema.js";
import { schemaFromStructureSql } from "./structure.js";

export interface SourceFile {
  /** Path relative to the app root, with forward slashes: `app/models/user.rb`. */
  path: string;
  absPath: string;
  source: string;
  body: Node[];
}

export interface TemplateFile extends SourceFile {
  /** `posts/index`, `layouts/application`, `posts/_form`. */
  logicalPath: string;
  format: string;
  /** "raw": a file without a handler extension (`pwa/service-worker.js`): Rails' default handler, Raw, emits it as is. */
  handler: "erb" | "jbuilder" | "raw";
}

export interface ParsedApp {
  root: string;
  appName: string;
  models: SourceFile[];
  controllers: SourceFile[];
  helpers: SourceFile[];
  channels: SourceFile[];
  templates: TemplateFile[];
  routes: SourceFile | null;
  /**
   * Ruby files under lib/ but tasks/, assets/, templates/ and generators/ (what `config.autoload_lib(ignore: ...)` loads, and
   * what initializers require): plain classes and reopened core classes. Top-level `ActiveSupport.on_load(:x) do
   * ... end` bodies are unwrapped (they run once the framework loads, before any request).
   */
  lib: SourceFile[];
  /** config.ru (the Rack middleware the app's server wraps it in), when present. */
  rackup: SourceFile | null;
  /** config/application.rb, then config/initializers/*.rb (Rails' load order). */
  config: SourceFile[];
  seeds: SourceFile | null;
  /** Every .yml under test/fixtures but files/, for `db:fixtures:load`. */
  fixtures: FixtureFile[];
  /** config/cable.yml (Action Cable's adapter per environment), ERB and all, when present. */
  cableConfig: ErbYamlFile | null;
  /**
   * The test-side Ruby of test/ (its tests, test_helper.rb and the helpers beside it; not fixtures/ or system/) when
   * the suite is lowered too (`compile --tests`): they call the app's methods, so a parameter typed by "every call
   * site" must see theirs. Empty otherwise.
   */
  tests: SourceFile[];
  schema: Schema;
  diagnostics: Diagnostics;
}

/**
 * What is wrong with `root` as a Rails app directory, before anything is compiled: it does not exist, it is a file,
 * or it has no config/application.rb (what makes a directory a Rails app). Null when it looks like one.
 */
export function appDirProblem(root: string): Diagnostic | null {
  const diags = new Diagnostics();
  const at = { file: root, line: 0, column: 0, endLine: 0, endColumn: 0 };
  if (!existsSync(root)) diags.report("app_not_found", at);
  else if (!statSync(root).isDirectory()) diags.report("app_not_a_directory", at);
  else if (!existsSync(join(root, "config/application.rb"))) diags.report("not_a_rails_app", at);
  return diags.list[0] ?? null;
}

/** app/'s directories Zeitwerk autoloads beside the ones parsed on their own (app/jobs, app/services, app/forms...). */
const OWN_APP_DIRS = new Set(["models", "controllers", "helpers", "channels", "views", "assets", "javascript"]);
function otherAppDirs(root: string): string[] {
  const app = join(root, "app");
  if (!existsSync(app)) return [];
  return readdirSync(app, { withFileTypes: true }).filter((d) => d.isDirectory() && !OWN_APP_DIRS.has(d.name)).map((d) => `app/${d.name}`).sort();
}

/** `fixturesPath`: where `db:fixtures:load` reads the fixtures (Rails' FIXTURES_PATH), test/fixtures by default. */
export function parseApp(root: string, opts: { fixturesPath?: string } = {}): ParsedApp {
  const diagnostics = new Diagnostics();
  const ruby = (rel: string): SourceFile => parseRubyFile(root, rel, diagnostics);
  const rubyIn = (dir: string) => listFiles(root, dir, ".rb").map(ruby);
  const schemaFile = existsSync(join(root, "db/schema.rb")) ? ruby("db/schema.rb") : null;
  const structurePath = join(root, "db/structure.sql");
  const structure = !schemaFile && existsSync(structurePath) ? readFileSync(structurePath, "utf8") : null;
  if (!schemaFile && structure === null) {
    diagnostics.report("schema_missing", { file: join(root, "db/schema.rb"), line: 1, column: 1, endLine: 1, endColumn: 1 });
  }
  return {
    root,
    appName: appNameOf(root),
    // app/models and the app's other autoload roots (app/jobs, app/services, ...: Zeitwerk loads every app/ directory):
    // their classes are models or plain classes alike.
    models: [...rubyIn("app/models"), ...otherAppDirs(root).flatMap(rubyIn)],
    controllers: rubyIn("app/controllers"),
    helpers: rubyIn("app/helpers"),
    lib: rubyIn("lib").filter((f) => !/^lib\/(tasks|assets|templates|generators)\//.test(f.path)).map(unwrapOnLoad),
    channels: rubyIn("app/channels"),
    templates: listFiles(root, "app/views", "").flatMap((rel) => parseTemplate(root, rel, diagnostics)),
    routes: existsSync(join(root, "config/routes.rb")) ? ruby("config/routes.rb") : null,
    rackup: existsSync(join(root, "config.ru")) ? ruby("config.ru") : null,
    config: [
      ...["config/application.rb", "config/environments/production.rb", "config/environments/development.rb", "config/environments/test.rb"]
        .filter((f) => existsSync(join(root, f))).map(ruby),
      ...rubyIn("config/initializers"),
    ],
    seeds: existsSync(join(root, "db/seeds.rb")) ? ruby("db/seeds.rb") : null,
    fixtures: parseFixtures(root, listFiles(root, opts.fixturesPath ?? FIXTURES_DIR, ".yml"), diagnostics, opts.fixturesPath),
    cableConfig: existsSync(join(root, "config/cable.yml")) ? parseErbYaml(root, "config/cable.yml", diagnostics) : null,
    tests: [],
    schema: schemaFile
      ? schemaFromRuby(schemaFile.body, diagnostics)
      : structure !== null
        ? schemaFromStructureSql(structure, structurePath, diagnostics)
        : { tables: [], foreignKeys: [] },
    diagnostics,
  };
}

export function parseRubyFile(root: string, rel: string, diags: Diagnostics, mapper?: PositionMapper, text?: string): SourceFile {
  const absPath = join(root, rel);
  let source = text ?? "";
  try {
    faultPoint("parse", "file", wholeFile(absPath));
    const decoded = text === undefined ? readSource(absPath) : { text, invalid: null };
    source = decoded.text;
    const parsed = parseRuby(source, absPath, mapper, decoded.invalid?.offset);
    for (const e of parsed.errors) diags.report(e.code ?? "ruby_syntax_error", e.span, e.detail);
    for (const crash of parsed.crashes) if (crash.node?.kind === "unknown") crash.node.text = reportCrash(diags, crash, root);
    return { path: rel, absPath, source, body: parsed.body };
  } catch (err) {
    return { path: rel, absPath, source, body: [crashedFile(root, absPath, err, diags)] };
  }
}

/**
 * A file the parser crashed on as a whole: one crash node at the construct it was reading (an ERB tag), else at the
 * file's start. A view made of it raises when rendered; a Ruby file defines nothing, so what names its classes raises.
 */
function crashedFile(root: string, absPath: string, err: unknown, diags: Diagnostics): Node {
  const crash = crashOf(err, wholeFile(absPath));
  return crashNode(crash.span, reportCrash(diags, crash, root));
}

function wholeFile(file: string): Span {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** `ActiveSupport.on_load(:hook) do ... end` at a file's top level: its body, in place. */
function unwrapOnLoad(file: SourceFile): SourceFile {
  const body = file.body.flatMap((node) =>
    node.kind === "call" && node.method === "on_load" && node.receiver?.kind === "const" && node.receiver.name === "ActiveSupport" && node.block
      ? node.block.body : [node]);
  return { ...file, body };
}

/** Handlers Rails registers (ActionView::Template::Handlers): a last extension among them is not a format. */
const REGISTERED_HANDLERS = new Set(["erb", "jbuilder", "html", "builder", "ruby", "raw"]);

export function parseTemplate(root: string, rel: string, diags: Diagnostics): TemplateFile[] {
  const raw = /^app\/views\/([^.]+)\.([a-z0-9_]+)$/.exec(rel);
  if (raw && !REGISTERED_HANDLERS.has(raw[2]!)) {
    // PathParser: `service-worker.js` is format js with no handler; the Raw handler renders its bytes unchanged.
    const absPath = join(root, rel);
    return [{ path: rel, absPath, source: readFileSync(absPath, "utf8"), body: [], logicalPath: raw[1]!, format: raw[2]!, handler: "raw" }];
  }
  const m = /^app\/views\/(.+?)\.([a-z0-9_]+)\.(erb|jbuilder)$/.exec(rel);
  if (!m) return [];
  const [, logicalPath, format, handler] = m as unknown as [string, string, string, "erb" | "jbuilder"];
  const absPath = join(root, rel);
  let source = "";
  try {
    faultPoint("parse", "file", wholeFile(absPath));
    const decoded = readSource(absPath);
    source = decoded.text;
    if (decoded.invalid && handler === "erb") return [invalidTemplate(root, rel, source, decoded.invalid, diags, { logicalPath, format, handler })];
    if (handler === "jbuilder") {
      return [{ ...parseRubyFile(root, rel, diags, undefined, source), logicalPath, format, handler }];
    }
    const erb = compileErb(source, absPath);
    const file = parseRubyFile(root, rel, diags, (offset) => erb.map.toErb(offset), erb.ruby);
    return [{ ...file, source, logicalPath, format, handler }];
  } catch (err) {
    return [{ path: rel, absPath, source, body: [crashedFile(root, absPath, err, diags)], logicalPath, format, handler }];
  }
}

/** Rails' WrongEncodingError message, which ActionView::Template::Error carries when the template renders. */
const WRONG_ENCODING = "Your template was not saved as valid UTF-8. Please either specify UTF-8 as the encoding for your template in your text editor, or mark the template with its encoding by inserting the following as the first line of the template:\n\n  # encoding: <name of correct encoding>.\n\nThe source of your template was:\n\n";

/**
 * A template that is not valid UTF-8: ActionView compiles it on first render and raises there (the app boots and
 * every other page serves). Its body is that raise, at the first invalid byte; nothing of its text is lowered.
 */
function invalidTemplate(root: string, rel: string, source: string, invalid: { offset: number; byte: number }, diags: Diagnostics, kind: Pick<TemplateFile, "logicalPath" | "format" | "handler">): TemplateFile {
  const absPath = join(root, rel);
  const before = source.slice(0, invalid.offset).split("\n");
  const line = before.length;
  const column = before[line - 1]!.length + 1;
  const span = { file: absPath, line, column, endLine: line, endColumn: column + 1 };
  diags.report("template_invalid_encoding", span, `invalid byte ${byteEscape(invalid.byte)}`);
  const message: Node = { kind: "str", parts: [WRONG_ENCODING + source], span };
  const raise: Node = { kind: "call", receiver: null, method: "raise", args: [message], block: null, safeNav: false, parens: false, span };
  return { path: rel, absPath, source, body: [raise], ...kind };
}

/** Files under `dir` (relative to root) ending in `ext`, sorted, as root-relative paths. */
export function listFiles(root: string, dir: string, ext: string): string[] {
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const name of readdirSync(abs).sort()) {
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(ext)) out.push(relative(root, p).split("\\").join("/"));
    }
  };
  walk(base);
  return out;
}

/** `module Blog; class Application < Rails::Application` -> "blog" (the session cookie is `_blog_session`). */
function appNameOf(root: string): string {
  const path = join(root, "config/application.rb");
  if (!existsSync(path)) return "app";
  const m = /^module\s+([A-Z]\w*)/m.exec(readFileSync(path, "utf8"));
  return m ? m[1]!.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase() : "app";
}
