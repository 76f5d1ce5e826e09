// Lowered modules -> an emitted project directory:
//   <out>/src/**.ts         the TS modules (ts-morph builds them, prettier formats them)
//   <out>/dist/**.js        the same, transpiled (what `node` runs)
//   <out>/public/           the app's public/ plus digested assets
//   <out>/node_modules/rails2ts -> this package (emitted code imports "rails2ts/runtime")
//   <out>/package.json, tsconfig.json
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { Project } from "ts-morph";
import { ts } from "ts-morph";
import { importStatements, type EmittedModule } from "./module.js";
import type { Diagnostics } from "../diagnostics/index.js";
import { crashOf, faultPoint, reportCrash } from "../diagnostics/crash.js";
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
}

export async function renderModules(modules: EmittedModule[], diags: Diagnostics, root?: string): Promise<WrittenFile[]> {
  const project = new Project({ useInMemoryFileSystem: true });
  const files = await Promise.all(
    modules.map(async (mod) => {
      try {
        faultPoint("emit", "module", { file: mod.from ?? mod.path, line: 1, column: 1, endLine: 1, endColumn: 1 });
        return await renderModule(project, mod);
      } catch (err) {
        // A module ts-morph or prettier rejects is a compiler bug at the level of the whole emitted file: the file is
        // the construct. A view's stand-in raises when rendered (the entry imports it); any other module is left out.
        const file = mod.from ?? mod.path;
        const raised = reportCrash(diags, crashOf(err, { file, line: 1, column: 1, endLine: 1, endColumn: 1 }), root);
        return mod.path.startsWith("views/") && mod.from ? await renderModule(project, raisingView(mod.path, mod.from, raised)) : null;
      }
    }),
  );
  return files.filter((f): f is WrittenFile => f !== null);
}

async function renderModule(project: Project, mod: EmittedModule): Promise<WrittenFile> {
  const file = project.createSourceFile(mod.path, { statements: [...importStatements(mod), ...mod.statements] }, { overwrite: true });
  const text = await prettier.format(file.getFullText(), { parser: "typescript", printWidth: 120 });
  return { path: mod.path, from: mod.from, text };
}

export function writeProject(out: string, files: WrittenFile[], publicFiles: Map<string, string | Buffer>, appRoot: string): void {
  rmSync(join(out, "src"), { recursive: true, force: true });
  rmSync(join(out, "dist"), { recursive: true, force: true });
  for (const f of files) {
    write(join(out, "src", f.path), f.text);
    const js = ts.transpileModule(f.text, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
      fileName: f.path,
    }).outputText;
    write(join(out, "dist", f.path.replace(/\.ts$/, ".js")), js);
  }
  if (existsSync(join(appRoot, "public"))) cpSync(join(appRoot, "public"), join(out, "public"), { recursive: true });
  for (const [path, content] of publicFiles) write(join(out, "public", path), content);
  write(join(out, "package.json"), JSON.stringify({ name: "rails2ts-app", private: true, type: "module", main: "dist/server.js" }, null, 2) + "\n");
  write(join(out, "tsconfig.json"), JSON.stringify(EMITTED_TSCONFIG, null, 2) + "\n");
  const link = join(out, "node_modules", "rails2ts");
  if (!existsSync(link)) {
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(PACKAGE_ROOT, link, "dir");
  }
}

const EMITTED_TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [join(PACKAGE_ROOT, "node_modules/@types")],
  },
  include: ["src/**/*.ts"],
};

function write(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
