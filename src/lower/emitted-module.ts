// One emitted TS module, described as ts-morph structures plus the imports its lowering registered: lowering's
// output, so it lives here; the project writer (emit/project.ts) turns these into files through ts-morph, then
// prettier formats them.
import { StructureKind, type StatementStructures } from "ts-morph";
import type { ModuleState } from "./scope.js";
import { tsIdent } from "./names.js";

export interface EmittedModule {
  /** Path inside the emitted app's src/, e.g. `controllers/posts_controller.ts`. */
  path: string;
  state: ModuleState;
  statements: Array<StatementStructures | string>;
  /** Source file this module was lowered from (for `inspect` and source comments). */
  from: string | null;
}

export const RUNTIME_SPECIFIER = "rails2ts/runtime";

/** Import declarations for what the module's lowering used: runtime names, models, the routes module. */
export function importStatements(mod: EmittedModule): StatementStructures[] {
  const depth = mod.path.split("/").length - 1;
  const up = depth === 0 ? "./" : "../".repeat(depth);
  const out: StatementStructures[] = [];
  const runtime = [...mod.state.runtime].sort();
  const runtimeTypes = [...mod.state.runtimeTypes].filter((t) => !mod.state.runtime.has(t)).sort();
  if (runtime.length || runtimeTypes.length) {
    out.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: RUNTIME_SPECIFIER,
      namedImports: [...runtime, ...runtimeTypes.map((t) => `type ${t}`)],
    });
  }
  const self = mod.path.replace(/^models\//, "").replace(/\.ts$/, "");
  const models = new Set([...mod.state.models, ...mod.state.modelTypes]);
  for (const name of [...models].sort()) {
    if (mod.path.startsWith("models/") && modelFile(name) === self) continue;
    const typeOnly = !mod.state.models.has(name);
    out.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `${up}models/${modelFile(name)}.js`,
      namedImports: [typeOnly ? `type ${tsIdent(name)}` : tsIdent(name)],
    });
  }
  for (const name of [...mod.state.channels].sort()) {
    const path = `channels/${modelFile(name)}.ts`;
    if (path === mod.path) continue;
    out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: relativeModule(mod.path, path), namedImports: [tsIdent(name)] });
  }
  if (mod.state.usesHelpers) {
    out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `${up}helpers.js`, namespaceImport: "helpers" });
  }
  // (constants.ts imports itself when one constant reads another: a module may.)
  if (mod.state.usesConstants) {
    out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `${up}constants.js`, namespaceImport: "constants" });
  }
  if (mod.state.usesRoutes) {
    out.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: `${up}routes.js`, namespaceImport: "routes" });
  }
  return out;
}

/** The import specifier of module `to` from module `from` (both paths inside the emitted src/). */
export function relativeModule(from: string, to: string): string {
  const fromDir = from.split("/").slice(0, -1);
  const target = to.split("/");
  let common = 0;
  while (common < fromDir.length && fromDir[common] === target[common]) common++;
  const up = fromDir.length - common;
  return `${up ? "../".repeat(up) : "./"}${target.slice(common).join("/").replace(/\.ts$/, ".js")}`;
}

/** `Post` -> `post`, `BlogPost` -> `blog_post`, `Admin::User` -> `admin/user`: a constant's emitted file path. */
export function modelFile(className: string): string {
  return className.replace(/::/g, "/").replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();
}
