// Lowered modules -> an emitted project directory:
//   <out>/src/**.ts         the TS modules (ts-morph builds them, prettier formats them)
//   <out>/dist/**.js        the same, transpiled (what `node` runs)
//   <out>/public/           the app's public/ plus digested assets
//   <out>/package.json, package-lock.json, tsconfig.json, vendor/, test/: a Node project (node-project.ts)
//   <out>/node_modules/{rails2ts,@types} -> this package's, only when asked (`link`): in place without `npm ci`
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { Project } from "ts-morph";
import { ts } from "ts-morph";
import { importStatements, type EmittedModule } from "../lower/emitted-module.js";
import { nodeProjectFiles } from "./node-project.js";
import { jsSourceMap, tsSourceMap, unmark, type SourcePosition } from "./source-map.js";
import { Diagnostics, type Diagnostic } from "../diagnostics/index.js";
import { crashOf, faultPoint, reportCrash } from "../parse/crash.js";
import { raisingView } from "../lower/view/module.js";

/** This package's root (where package.json names rails2ts), whether running from src/ or from dist/src/. */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "rails2ts") return dir;
  }
  throw new Error(`rails2ts: no package.json above ${from}`);
}

export interface WrittenFile {
  path: string;
  from: string | null;
  text: string;
  /** Per line of `text`, the .rb/.erb position it was lowered from (the source map's input). */
  lines?: Array<SourcePosition | null>;
}

export async function renderModules(
  modules: EmittedModule[],
  diags: Diagnostics,
  root?: string,
  standIn: (from: string, raised: string) => EmittedModule | null = () => null,
): Promise<WrittenFile[]> {
  const project = new Project({ useInMemoryFileSystem: true });
  const files = await Promise.all(
    modules.map(async (mod): Promise<WrittenFile | null> => {
      try {
        faultPoint("emit", "module", { file: mod.from ?? mod.path, line: 1, column: 1, endLine: 1, endColumn: 1 });
        return await renderModule(project, mod);
      } catch (err) {
        // A module ts-morph or prettier rejects is a compiler bug at the level of the whole emitted file: the file is
        // the construct. A view's, a model's or a controller's stand-in raises where reached (the entry imports them);
        // any other module is left out, as is a stand-in that fails too (the crash is already reported).
        const file = mod.from ?? mod.path;
        const raised = reportCrash(diags, crashOf(err, { file, line: 1, column: 1, endLine: 1, endColumn: 1 }), root);
        if (!mod.from) return null;
        const stand = mod.path.startsWith("views/") ? raisingView(mod.path, mod.from, raised) : standIn(mod.from, raised);
        return stand ? await renderModule(project, stand).catch(() => null) : null;
      }
    }),
  );
  return files.filter((f): f is WrittenFile => f !== null);
}

/**
 * Modules longer than this (in characters, before formatting) are written as ts-morph lays them out, not through
 * prettier: formatting is cosmetic and, on a multi-megabyte module (a template of a megabyte or more), it took most
 * of a compile that ran past 10 s. Real apps' largest modules are far below it (Campfire's: 81 KB).
 */
export const FORMAT_LIMIT = 1_000_000;

async function renderModule(project: Project, mod: EmittedModule): Promise<WrittenFile> {
  const file = project.createSourceFile(mod.path, { statements: [...importStatements(mod), ...mod.statements] }, { overwrite: true });
  const raw = file.getFullText();
  const { text, lines } = unmark(raw.length > FORMAT_LIMIT ? raw : await formatted(raw));
  return { path: mod.path, from: mod.from, text, lines };
}

/**
 * prettier's output for a module's text, remembered per process: a process that compiles again (the fuzz driver's
 * worker, a test that compiles an app twice) formats only the modules whose text changed. Bounded by total size;
 * the oldest entries go first.
 */
const formatCache = new Map<string, string>();
let formatCacheChars = 0;
const FORMAT_CACHE_CHARS = 64 * 1024 * 1024;

async function formatted(raw: string): Promise<string> {
  const hit = formatCache.get(raw);
  if (hit !== undefined) return hit;
  const out = await prettier.format(raw, { parser: "typescript", printWidth: 120 });
  formatCache.set(raw, out);
  formatCacheChars += raw.length + out.length;
  for (const [key, value] of formatCache) {
    if (formatCacheChars <= FORMAT_CACHE_CHARS) break;
    formatCache.delete(key);
    formatCacheChars -= key.length + value.length;
  }
  return out;
}

/**
 * Why compile must not write into `out`, or null: a new or empty directory is fine, and so is a project rails2ts
 * wrote before (its package.json depends on rails2ts); anything else would lose its src/ and dist/.
 */
export function outDirProblem(out: string): Diagnostic | null {
  const diags = new Diagnostics();
  const at = { file: out, line: 0, column: 0, endLine: 0, endColumn: 0 };
  if (!existsSync(out)) return null;
  if (!statSync(out).isDirectory()) diags.report("out_not_a_directory", at);
  else if (readdirSync(out).length > 0 && !writtenByUs(out)) diags.report("out_not_ours", at);
  return diags.list[0] ?? null;
}

function writtenByUs(out: string): boolean {
  try {
    const pkg = JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    return typeof pkg.dependencies?.rails2ts === "string";
  } catch {
    return false;
  }
}

export function writeProject(
  out: string,
  files: WrittenFile[],
  publicFiles: Map<string, string | Buffer>,
  appRoot: string,
  opts: { link?: boolean; rootFiles?: string[]; tests?: boolean } = {},
): void {
  rmSync(join(out, "src"), { recursive: true, force: true });
  rmSync(join(out, "dist"), { recursive: true, force: true });
  const sources = new Map<string, string | null>();
  const content = (abs: string) => {
    if (!sources.has(abs)) sources.set(abs, existsSync(abs) ? readFileSync(abs, "utf8") : null);
    return sources.get(abs)!;
  };
  for (const f of files) writeModule(out, f, appRoot, content);
  if (existsSync(join(appRoot, "public"))) cpSync(join(appRoot, "public"), join(out, "public"), { recursive: true });
  for (const [path, content] of publicFiles) write(join(out, "public", path), content);
  // What the app reads through Rails.root at run time, at the same place under the project (its Rails.root); never
  // a key file of a copied directory.
  for (const rel of opts.rootFiles ?? []) {
    cpSync(join(appRoot, rel), join(out, rel), { recursive: true, filter: (src) => !src.endsWith(".key") });
  }
  for (const [path, content] of nodeProjectFiles(PACKAGE_ROOT, basename(appRoot), { tests: opts.tests ?? false })) write(join(out, path), content);
  // In place, without `npm ci`: the runtime and the type definitions `npm run build` reads are this package's (and
  // vitest, which a lowered test suite runs on).
  if (opts.link) {
    const links: Array<readonly [string, string]> = [["rails2ts", PACKAGE_ROOT], ["@types", join(PACKAGE_ROOT, "node_modules/@types")]];
    if (opts.tests) links.push(["vitest", join(PACKAGE_ROOT, "node_modules/vitest")]);
    for (const [name, target] of links) {
      const link = join(out, "node_modules", name);
      if (existsSync(link)) continue;
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(target, link, "dir");
    }
  }
}

/**
 * src/<path>.ts and dist/<path>.js, each with its source map to the .rb/.erb (sources as app-relative paths
 * under the project root, e.g. `app/views/posts/show.html.erb`, so a stack names the file the user wrote).
 */
function writeModule(out: string, f: WrittenFile, appRoot: string, content: (abs: string) => string | null): void {
  const tsFile = join(out, "src", f.path);
  const jsFile = join(out, "dist", f.path.replace(/\.ts$/, ".js"));
  const sourceFrom = (file: string) => (abs: string) => relative(dirname(file), join(out, relative(appRoot, abs))).split(sep).join("/");
  const unmarked = { text: f.text, lines: f.lines ?? [] };
  const transpiled = ts.transpileModule(f.text, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false, sourceMap: true },
    fileName: basename(tsFile),
  });
  const tsMap = tsSourceMap(basename(tsFile), unmarked, sourceFrom(tsFile), content);
  const jsMap = jsSourceMap(basename(jsFile), JSON.parse(transpiled.sourceMapText!).mappings as string, unmarked, sourceFrom(jsFile), content);
  write(tsFile, `${f.text}//# sourceMappingURL=${basename(tsFile)}.map\n`);
  write(`${tsFile}.map`, JSON.stringify(tsMap));
  // transpileModule ends the JS with its own sourceMappingURL comment, naming <file>.js.map: the map written here.
  write(jsFile, transpiled.outputText);
  write(`${jsFile}.map`, JSON.stringify(jsMap));
}

function write(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
