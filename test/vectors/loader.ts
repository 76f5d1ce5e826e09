// Emitted modules (the lowering's output, before the project writer) -> live JS modules, in memory (test
// support). Each module gets the import declarations the project writer would give it (importStatements), is
// transpiled by TypeScript to CommonJS and run with a `require` that links `rails2ts/runtime` to this
// checkout's runtime and relative specifiers to the other emitted modules, evaluated on first use as Node does.
import ts from "typescript";
import { posix } from "node:path";
import { importStatements, RUNTIME_SPECIFIER, type EmittedModule } from "../../src/emit/module.js";
import * as runtime from "../../runtime/index.js";

type Exports = Record<string, unknown>;

export class ModuleLoader {
  private readonly byPath = new Map<string, EmittedModule>();
  private readonly cache = new Map<string, Exports>();

  constructor(modules: EmittedModule[]) {
    for (const m of modules) this.byPath.set(m.path, m);
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** The exports of the module at `path` (e.g. `views/vectors/v0001.html.ts`). */
  load(path: string): Exports {
    const cached = this.cache.get(path);
    if (cached) return cached;
    const mod = this.byPath.get(path);
    if (!mod) throw new Error(`no emitted module ${path}`);
    const exports: Exports = {};
    this.cache.set(path, exports);
    const js = transpile(moduleSource(mod), path);
    const require = (spec: string) => (spec === RUNTIME_SPECIFIER ? runtime : this.load(resolve(path, spec)));
    new Function("exports", "require", js)(exports, require);
    return exports;
  }
}

/** The module's TS text: its imports as the project writer declares them, then its statements. */
export function moduleSource(mod: EmittedModule): string {
  const imports = importStatements(mod).map((s) => {
    const decl = s as { moduleSpecifier: string; namedImports?: string[]; namespaceImport?: string };
    if (decl.namespaceImport) return `import * as ${decl.namespaceImport} from ${JSON.stringify(decl.moduleSpecifier)};`;
    return `import { ${(decl.namedImports ?? []).join(", ")} } from ${JSON.stringify(decl.moduleSpecifier)};`;
  });
  const body = mod.statements.map((s) => {
    if (typeof s !== "string") throw new Error(`${mod.path}: statement structures are not loaded by the vector harness`);
    return s;
  });
  return [...imports, ...body].join("\n");
}

function transpile(source: string, fileName: string): string {
  const out = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName,
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length) throw new Error(`emitted TS does not parse (${fileName}): ${ts.flattenDiagnosticMessageText(errors[0]!.messageText, "\n")}`);
  return out.outputText;
}

function resolve(from: string, spec: string): string {
  return posix.join(posix.dirname(from), spec).replace(/\.js$/, ".ts");
}
