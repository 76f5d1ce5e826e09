// ActionView::DependencyTracker::ERBTracker (Rails 7.2's tracker for .erb; jbuilder 2.15 registers none, so other
// handlers have no dependencies): the partials a template's source names, found by Rails' regexes, not by parsing.
//   render "comments/comment"              comments/comment         render "form"          <dir>/form
//   render partial: "x", collection: @xs   <dir>/x                  render @topic          topics/topic
//   render message.topics                  topics/topic             render "a/#{b}"        (skipped: interpolation)
//   <%# Template Dependency: a/b %>        a/b                      <%# ... a/* %>         every a/<file> (sorted)
// The source is scanned as Rails scans it: binary (File.binread), so character classes are ASCII-only. We decode
// bytes as latin1 (one char per byte) and spell Ruby's \s and \S out, since JS's include U+00A0 and others.
import { pluralize, singularize } from "../../../runtime/active-support/inflector.js";
import type { ViewResolver } from "./view-paths.js";

const S = "[ \\t\\n\\v\\f\\r]";
const IDENTIFIER = "[A-Za-z_][A-Za-z0-9_]*";
const VARIABLE_OR_METHOD_CHAIN = `(?:\\$|@{1,2})?(?:${IDENTIFIER}\\.)*(?<dynamic>${IDENTIFIER})`;
const STRING = `(?<quote>['"])(?<static>[\\s\\S]*?)\\k<quote>`;
const PARTIAL_HASH_KEY = `(?:\\bpartial:|:partial${S}*=>)${S}*`;
const LAYOUT_HASH_KEY = `(?:\\blayout:|:layout${S}*=>)${S}*`;
const RENDER_ARGUMENTS = new RegExp(
  `^(?:${S}*\\(?${S}*)(?:[\\s\\S]*?${PARTIAL_HASH_KEY}|${LAYOUT_HASH_KEY})?(?:${STRING}|${VARIABLE_OR_METHOD_CHAIN})`,
);
const LAYOUT_DEPENDENCY = new RegExp(`^(?:${S}*\\(?${S}*)(?:[\\s\\S]*?${LAYOUT_HASH_KEY})(?:${STRING}|${VARIABLE_OR_METHOD_CHAIN})`);
const EXPLICIT_DEPENDENCY = /# Template Dependency: ([^ \t\n\v\f\r]+)/g;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");
/** Back from the byte string to text, for names matched in non-ASCII source. */
const text = (s: string) => Buffer.from(s, "latin1").toString("utf8");
const uniq = (xs: string[]) => [...new Set(xs)];

/** ERBTracker#dependencies for template `name` (its virtual path): render calls first, then explicit ones. */
export function erbDependencies(name: string, source: Uint8Array, resolver: ViewResolver | null): string[] {
  const src = latin1(source);
  return [...renderDependencies(name, src), ...explicitDependencies(src, resolver)].map(text);
}

function renderDependencies(name: string, src: string): string[] {
  const directory = name.split("/").slice(0, -1).join("/");
  const found: string[] = [];
  for (const args of rubySplit(src, /\brender\b/).slice(1)) {
    for (const pattern of [LAYOUT_DEPENDENCY, RENDER_ARGUMENTS]) {
      const g = pattern.exec(args)?.groups;
      if (!g) continue;
      if (g.dynamic !== undefined) found.push(`${pluralize(g.dynamic)}/${singularize(g.dynamic)}`);
      if (g.static !== undefined && !(g.quote === '"' && g.static.includes("#{"))) {
        found.push(g.static.includes("/") ? g.static : `${directory}/${g.static}`);
      }
    }
  }
  return uniq(found);
}

/** String#split without a limit drops trailing empty fields. */
function rubySplit(s: string, re: RegExp): string[] {
  const parts = s.split(re);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

function explicitDependencies(src: string, resolver: ViewResolver | null): string[] {
  const named = uniq([...src.matchAll(EXPLICIT_DEPENDENCY)].map((m) => m[1]!));
  const wildcards = named.filter((d) => d.endsWith("/*"));
  const explicits = named.filter((d) => !d.endsWith("/*"));
  return uniq([...explicits, ...resolveDirectories(wildcards, resolver)]);
}

/** ERBTracker#resolve_directories: every template path directly under the wildcard's directory, byte-sorted. */
function resolveDirectories(wildcards: string[], resolver: ViewResolver | null): string[] {
  if (!resolver || wildcards.length === 0) return [];
  const prefixes = new Set(wildcards.map((w) => text(w.slice(0, -2))));
  const paths = resolver.allTemplatePaths().filter((p) => prefixes.has(p.prefix)).map((p) => p.virtual);
  // Back to the byte string the caller maps through `text` again.
  return paths.map((p) => Buffer.from(p, "utf8").toString("latin1")).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
