// Emitted modules (the lowering's output, before the project writer) -> live JS modules, in memory (test
// support). Every module becomes a function of (exports, require) whose imports are the declarations the project
// writer would give it (importStatements) as `require` calls; all of them are transpiled by TypeScript in one
// pass (one program per module would take seconds per thousand), and each runs on first `require`, as Node
// links modules: `rails2ts/runtime` is this checkout's runtime, relative specifiers are the other emitted modules.
import ts from "typescript";
import { posix } from "node:path";
import { importStatements, RUNTIME_SPECIFIER, type EmittedModule } from "../../src/lower/emitted-module.js";
import * as runtime from "../../runtime/index.js";

type Exports = Record<string, unknown>;
type Factory = (exports: Exports, require: (spec: string) => unknown) => void;

export class ModuleLoader {
  private readonly factories = new Map<string, Factory | Error>();
  private readonly cache = new Map<string, Exports>();

  constructor(modules: EmittedModule[]) {
    const bodies = new Map<string, string>();
    for (const m of modules) {
      try {
        bodies.set(m.path, moduleBody(m));
      } catch (e) {
        this.factories.set(m.path, e as Error);
      }
    }
    for (const [path, factory] of compileAll(bodies)) this.factories.set(path, factory);
  }

  /** The exports of the module at `path` (e.g. `views/vectors/v0001.html.ts`). */
  load(path: string): Exports {
    const cached = this.cache.get(path);
    if (cached) return cached;
    const factory = this.factories.get(path);
    if (!factory) throw new Error(`no emitted module ${path}`);
    if (factory instanceof Error) throw factory;
    const exports: Exports = {};
    this.cache.set(path, exports);
    factory(exports, (spec) => (spec === RUNTIME_SPECIFIER ? runtime : this.load(resolve(path, spec))));
    return exports;
  }
}

/** A module as the body of its factory: imports as requires, `export` as assignments to `exports`. */
export function moduleBody(mod: EmittedModule): string {
  const imports = importStatements(mod).map((s) => {
    const decl = s as { moduleSpecifier: string; namedImports?: string[]; namespaceImport?: string };
    const from = `require(${JSON.stringify(decl.moduleSpecifier)})`;
    if (decl.namespaceImport) return `const ${decl.namespaceImport} = ${from};`;
    const names = (decl.namedImports ?? []).filter((n) => !n.startsWith("type "));
    return names.length ? `const { ${names.join(", ")} } = ${from};` : "";
  });
  const body = mod.statements.map((s) => {
    if (typeof s !== "string" || /^import\s/.test(s)) throw new Error(`${mod.path}: entry modules are not loaded by the vector harness`);
    return unexport(s);
  });
  return [...imports, ...body].join("\n");
}

/** `export default function f` / `export class C` / `export const x` -> the declaration, then its export. */
function unexport(statement: string): string {
  const m = /^export\s+(default\s+)?(?:(?:async\s+)?function\s*\*?\s*|class\s+|const\s+|let\s+)([A-Za-z_$][\w$]*)/.exec(statement);
  if (!m) return statement;
  const declaration = statement.replace(/^export\s+(default\s+)?/, "");
  return `${declaration}\nexports[${JSON.stringify(m[1] ? "default" : m[2])}] = ${m[2]};`;
}

/** Transpiles modules in batches; a batch that does not parse goes module by module, so a bad module fails alone. */
function compileAll(bodies: Map<string, string>): Map<string, Factory | Error> {
  const out = new Map<string, Factory | Error>();
  const entries = [...bodies];
  for (let i = 0; i < entries.length; i += BATCH) compileBatch(new Map(entries.slice(i, i + BATCH)), out);
  return out;
}

// TypeScript's transpile time grows faster than the input; a few hundred small modules per pass is the sweet spot.
const BATCH = 200;

function compileBatch(bodies: Map<string, string>, out: Map<string, Factory | Error>): void {
  const wrap = (path: string, body: string) => `__define(${JSON.stringify(path)}, function (exports, require) {\n${body}\n});`;
  const batch = transpile([...bodies].map(([p, b]) => wrap(p, b)).join("\n"));
  // TypeScript's transpiler lets some invalid JS through (a `continue` outside a loop): the engine's parse is the
  // last word, and it too fails the one module alone.
  if (!(batch instanceof Error) && define(batch, out) === null) return;
  for (const [path, body] of bodies) {
    const js = transpile(wrap(path, body));
    const error = js instanceof Error ? js : define(js, out);
    if (error) out.set(path, new Error(`${path}: ${error.message}`));
  }
}

/** Runs transpiled `__define(...)` calls; the SyntaxError when the engine does not parse them. */
function define(js: string, out: Map<string, Factory | Error>): Error | null {
  let run: Function;
  try {
    run = new Function("__define", js);
  } catch (e) {
    if (e instanceof SyntaxError) return new Error(`emitted JS does not parse: ${e.message}`);
    throw e;
  }
  run((path: string, factory: Factory) => out.set(path, factory));
  return null;
}

function transpile(source: string): string | Error {
  const out = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.None, target: ts.ScriptTarget.ES2022, isolatedModules: false },
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) return new Error(`emitted TS does not parse: ${ts.flattenDiagnosticMessageText(errors[0]!.messageText, "\n")}`);
  return out.outputText;
}

function resolve(from: string, spec: string): string {
  return posix.join(posix.dirname(from), spec).replace(/\.js$/, ".ts");
}
