// The app's constant tree: every class and module with its full path (`User::Bot`, `Rooms::Open`), its lexical
// nesting, and Ruby's lookup rule for a constant written inside it. Concerns are flattened into the classes that
// include them here, so lowering sees one class body, as Ruby's method lookup does.
//
//   module Opengraph; class Metadata ... end; end   -> "Opengraph::Metadata", nesting ["Opengraph::Metadata", "Opengraph"]
//   class Shapes::Square < Shape                     -> "Shapes::Square", superclass resolved to "Shape"
//   class User; include Bot                          -> Bot resolves to "User::Bot" (lexical first, then top level)
import type { SourceFile } from "../parse/app.js";
import { literalString, type Node, type NodeOf } from "../parse/ir.js";

export interface ConstDecl {
  kind: "class" | "module";
  path: string;
  node: NodeOf<"class"> | NodeOf<"module">;
  file: SourceFile;
  /** Innermost first: the paths Ruby searches for a relative constant written inside this body. */
  nesting: string[];
  /** The superclass as written (`Shape`, `ActiveRecord::Base`), for classes. */
  superclassName: string | null;
}

export function constPath(node: Node): string | null {
  if (node.kind !== "const") return null;
  if (!node.scope) return node.name;
  const scope = constPath(node.scope);
  return scope === null ? null : `${scope}::${node.name}`;
}

/** Every class and module declared in these files (a reopened class appears once per declaration). */
export function collectConstants(files: SourceFile[]): ConstDecl[] {
  const out: ConstDecl[] = [];
  const visit = (nodes: Node[], file: SourceFile, nesting: string[]) => {
    for (const node of nodes) {
      if (node.kind !== "class" && node.kind !== "module") continue;
      const written = constPath(node.name);
      if (!written) continue;
      const path = nesting.length ? `${nesting[0]}::${written}` : written;
      const superclassName = node.kind === "class" && node.superclass ? constPath(node.superclass) : null;
      out.push({ kind: node.kind, path, node, file, nesting: [path, ...nesting], superclassName });
      visit(node.body, file, [path, ...nesting]);
    }
  };
  for (const file of files) visit(file.body, file, []);
  return out;
}

/** Ruby's lexical-then-top-level lookup of `name` from inside `nesting`, among the known paths. */
export function resolveConstant(name: string, nesting: string[], known: Set<string>): string | null {
  if (name.startsWith("::")) return known.has(name.slice(2)) ? name.slice(2) : null;
  for (const scope of nesting) {
    const candidate = `${scope}::${name}`;
    if (known.has(candidate)) return candidate;
  }
  return known.has(name) ? name : null;
}

export interface FlattenedBody {
  /** Statements of the class body with every included concern's `included do` block and methods merged in. */
  body: Node[];
  /** Instance methods, the class's own last (they override the concerns'). */
  methods: Array<NodeOf<"def">>;
  /** Class methods: `def self.x`, `class << self`, and concerns' `class_methods do` / `module ClassMethods`. */
  classMethods: Array<NodeOf<"def">>;
  /** Concern paths included, in order. */
  concerns: string[];
  /** Instance methods defined after `private` / `protected` (in the class or in a concern). */
  privateMethods: Set<string>;
  /** `include X` that named no known module. */
  unresolvedIncludes: Array<{ name: string; node: Node }>;
}

/** The class body as Ruby sees it after `include` of the app's own concerns. */
export function flattenBody(decls: ConstDecl[], target: ConstDecl[], modules: Map<string, ConstDecl[]>): FlattenedBody {
  const result: FlattenedBody = { body: [], methods: [], classMethods: [], concerns: [], unresolvedIncludes: [], privateMethods: new Set() };
  const known = new Set(modules.keys());
  for (const decl of target) absorb(decl.node.body, decl.nesting, result, modules, known, new Set());
  void decls;
  return result;
}

const VISIBILITY = new Set(["private", "protected", "public"]);

function absorb(body: Node[], nesting: string[], out: FlattenedBody, modules: Map<string, ConstDecl[]>, known: Set<string>, seen: Set<string>): void {
  let isPrivate = false;
  for (const stmt of body) {
    if (stmt.kind === "ident" && VISIBILITY.has(stmt.name)) {
      isPrivate = stmt.name !== "public";
      continue;
    }
    if (stmt.kind === "def" && !stmt.singleton) {
      if (isPrivate) out.privateMethods.add(stmt.name);
      else out.privateMethods.delete(stmt.name);
    }
    // `private def x ... end` / `private :x`
    if (stmt.kind === "call" && stmt.receiver === null && VISIBILITY.has(stmt.method) && stmt.args.length) {
      for (const arg of stmt.args) {
        if (arg.kind === "def") {
          out.methods.push(arg);
          if (stmt.method !== "public") out.privateMethods.add(arg.name);
        } else if (arg.kind === "sym" && stmt.method !== "public") out.privateMethods.add(arg.name);
      }
      continue;
    }
    const merged = withOptions(stmt);
    if (merged) {
      absorb(merged, nesting, out, modules, known, seen);
      continue;
    }
    // `helper_method def x ... end`: Ruby defines the method first (at the visibility in force), then the macro
    // receives the def's value, the method's name as a Symbol.
    if (stmt.kind === "call" && stmt.receiver === null && stmt.args.some((arg) => arg.kind === "def" && !arg.singleton)) {
      const args = stmt.args.map((arg): Node => {
        if (arg.kind !== "def" || arg.singleton) return arg;
        out.methods.push(arg);
        if (isPrivate) out.privateMethods.add(arg.name);
        else out.privateMethods.delete(arg.name);
        return { kind: "sym", name: arg.name, span: arg.span };
      });
      out.body.push({ ...stmt, args });
      continue;
    }
    if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "include") {
      const resolved: string[] = [];
      for (const arg of stmt.args) {
        const name = constPath(arg);
        const path = name ? resolveConstant(name, nesting, known) : null;
        if (!path || !name) out.unresolvedIncludes.push({ name: name ?? "?", node: arg });
        else resolved.push(path);
      }
      // Module#include(A, B, C) appends C first and A last: C's `included` block runs first, and A's methods come
      // nearest in the ancestors (they win over B's and C's).
      for (const path of resolved.reverse()) {
        if (seen.has(path)) continue;
        seen.add(path);
        out.concerns.push(path);
        for (const m of modules.get(path)!) absorbConcern(m, out, modules, known, seen);
      }
    } else if (stmt.kind === "def") (stmt.singleton ? out.classMethods : out.methods).push(stmt);
    else if (stmt.kind === "sclass") out.classMethods.push(...stmt.body.filter((s): s is NodeOf<"def"> => s.kind === "def"));
    else if (stmt.kind === "class" || stmt.kind === "module") continue;
    else out.body.push(stmt);
  }
}

/**
 * Object#with_options (ActiveSupport::OptionMerger): `with_options presence: true do validates :a; validates :b,
 * length: {...} end` is each macro called with the options merged under its own (`deep_merge`: the block's call wins
 * on a shared key, and the shared options come first). Null when STMT is not a with_options whose block the merge
 * can be written out for (options a literal hash, every statement a macro call on the merger).
 */
export function withOptions(stmt: Node): Node[] | null {
  if (stmt.kind !== "call" || stmt.receiver !== null || stmt.method !== "with_options" || !stmt.block || stmt.args.length !== 1) return null;
  const options = stmt.args[0]!;
  if (options.kind !== "hash" || stmt.block.params.length > 1) return null;
  const param = stmt.block.params[0]?.name ?? null;
  const onMerger = (s: Node): s is NodeOf<"call"> =>
    s.kind === "call" && (param === null ? s.receiver === null : s.receiver?.kind === "ident" && s.receiver.name === param);
  if (!stmt.block.body.every(onMerger)) return null;
  return stmt.block.body.map((call) => {
    const c = call as NodeOf<"call">;
    const last = c.args[c.args.length - 1];
    const own = last?.kind === "hash" ? last : null;
    const args = own ? c.args.slice(0, -1) : c.args;
    return { ...c, receiver: null, args: [...args, deepMergeHash(options, own)] };
  });
}

function deepMergeHash(base: NodeOf<"hash">, own: NodeOf<"hash"> | null): NodeOf<"hash"> {
  if (!own) return base;
  const keyOf = (key: Node): string | null => (key.kind === "sym" ? `:${key.name}` : literalString(key));
  const pairs = base.pairs.map((pair) => {
    const mine = own.pairs.find((p) => keyOf(p.key) !== null && keyOf(p.key) === keyOf(pair.key));
    if (!mine) return pair;
    return { key: pair.key, value: pair.value.kind === "hash" && mine.value.kind === "hash" ? deepMergeHash(pair.value, mine.value) : mine.value };
  });
  const added = own.pairs.filter((p) => !base.pairs.some((b) => keyOf(b.key) !== null && keyOf(b.key) === keyOf(p.key)));
  return { ...own, pairs: [...pairs, ...added] };
}

/**
 * The lexical scopes a method taken from a concern's `module ClassMethods` looks constants up in (innermost first):
 * Ruby's cref is the module it was written in, not the class that extends it.
 */
export const lexicalNesting: WeakMap<Node, string[]> = new WeakMap();

function absorbConcern(mod: ConstDecl, out: FlattenedBody, modules: Map<string, ConstDecl[]>, known: Set<string>, seen: Set<string>): void {
  let isPrivate = false;
  for (const stmt of mod.node.body) {
    if (stmt.kind === "ident" && VISIBILITY.has(stmt.name)) {
      isPrivate = stmt.name !== "public";
      continue;
    }
    if (stmt.kind === "def" && !stmt.singleton && isPrivate) out.privateMethods.add(stmt.name);
    if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "extend") continue;
    if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "included" && stmt.block) {
      absorb(stmt.block.body, mod.nesting, out, modules, known, seen);
    } else if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "class_methods" && stmt.block) {
      out.classMethods.push(...stmt.block.body.filter((s): s is NodeOf<"def"> => s.kind === "def"));
    } else if (stmt.kind === "module" && constPath(stmt.name) === "ClassMethods") {
      const defs = stmt.body.filter((s): s is NodeOf<"def"> => s.kind === "def");
      for (const def of defs) lexicalNesting.set(def, [`${mod.path}::ClassMethods`, ...mod.nesting]);
      out.classMethods.push(...defs);
    } else if (stmt.kind === "def") (stmt.singleton ? out.classMethods : out.methods).push(stmt);
    else if (stmt.kind === "call" && stmt.receiver === null && stmt.method === "include") absorb([stmt], mod.nesting, out, modules, known, seen);
    else if (stmt.kind !== "class" && stmt.kind !== "module") out.body.push(stmt);
  }
}
