// `rails2ts inspect <app> --html <dir>`: the whole app as a static site, plain HTML with inline CSS and a few lines of
// inline script, every text escaped.
//   index.html            the file tree; the diagnostics (each linked to its site), the cache sites, the routes
//                         table, the models with their associations, callbacks and validations
//   <app~path~file>.html  one per source file: the source beside its TypeScript (correspondence.ts's blocks, from
//                         the compiler's source maps); hovering a line lights every line on the other side that
//                         shares its source line (`data-src`), the notes under their lines
import { mkdirSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { escapeHtmlText as h } from "../../runtime/active-support/safe.js";
import type { CompileResult } from "../compile.js";
import type { Span } from "../parse/ir.js";
import { noteText } from "./text.js";
import { describeCacheSite, modelMacros, modulesOf, notesOf, sourceView, type Block, type SourceView } from "./correspondence.js";

export type InspectResult = Pick<CompileResult, "files" | "diagnostics" | "cacheSites" | "routes" | "models">;

/** The page of a source file (all pages side by side in one directory, so every link is a bare name). */
export const pageOf = (rel: string) => `${rel.split("/").join("~")}.html`;

/** Writes the site into `dir`; returns the number of pages. */
export function writeInspectSite(dir: string, root: string, result: InspectResult): number {
  mkdirSync(dir, { recursive: true });
  const sources = sourceFiles(root, result);
  const site = { root, sources: new Set(sources), result };
  for (const rel of sources) {
    const file = join(root, rel);
    const view = sourceView(file, rel, readFileSync(file, "utf8"), modulesOf(result.files, file, rel), notesOf(file, result));
    writeFileSync(join(dir, pageOf(rel)), page(rel, tree(sources, rel), filePage(view)));
  }
  writeFileSync(join(dir, "index.html"), page("", tree(sources, null), overview(site)));
  return sources.length + 1;
}

/** The app's files that a module came from, or that a diagnostic or a cache site names. */
function sourceFiles(root: string, result: InspectResult): string[] {
  const files = new Set<string>();
  for (const f of result.files) {
    if (f.from) files.add(f.from);
    for (const p of f.lines ?? []) if (p) files.add(p.file);
  }
  for (const d of result.diagnostics) files.add(d.span.file);
  for (const s of result.cacheSites) files.add(s.span.file);
  files.add(join(root, "config/routes.rb")); // routes.ts carries no marks, and names no source

  return [...files]
    .filter((f) => f.startsWith(root + sep) && existsSync(f))
    .map((f) => relative(root, f).split(sep).join("/"))
    .sort();
}

interface Site {
  root: string;
  sources: Set<string>;
  result: InspectResult;
}

/** A link to a span's line on its file's page, or the location as text when the file has no page. */
function siteLink(site: Site, span: Span, anchor = `L${span.line}`): string {
  const rel = relative(site.root, span.file).split(sep).join("/");
  const text = `${rel}:${span.line}:${span.column}`;
  return site.sources.has(rel) ? `<a href="${h(pageOf(rel))}#${h(anchor)}">${h(text)}</a>` : h(text);
}

function overview(site: Site): string {
  const { result } = site;
  const diagnostics = result.diagnostics.map(
    (d, i) => `<tr class="${d.severity}"><td>${siteLink(site, d.span, `d${i}`)}</td><td>${h(d.severity)}</td><td><code>${h(d.code)}</code></td><td>${h(d.message)}</td></tr>`,
  );
  const cache = result.cacheSites.map(
    (s, i) => `<tr class="${s.claimed ? "claimed" : "declined"}"><td>${siteLink(site, s.span, `c${i}`)}</td><td>${h(describeCacheSite(s))}</td></tr>`,
  );
  const routes = result.routes.map(
    (r) => `<tr><td>${h(r.name ?? "")}</td><td>${h(r.verb)}</td><td><code>${h(r.path)}</code></td><td>${h(`${r.controller}#${r.action}`)}</td></tr>`,
  );
  return [
    `<h1>${h(site.root.split(sep).pop() ?? site.root)}</h1>`,
    `<p>${site.sources.size} source files, ${result.files.length} TypeScript modules, ${result.diagnostics.length} diagnostics, ${result.cacheSites.length} cache sites, ${result.routes.length} routes, ${result.models.length} models.</p>`,
    section("diagnostics", "Diagnostics", table(["site", "severity", "code", "message"], diagnostics)),
    section("cache", "Fragment cache sites", table(["site", "claimed or declined, and why"], cache)),
    section("routes", "Routes", table(["name", "verb", "path", "controller#action"], routes)),
    section("models", "Models", models(site)),
  ].join("\n");
}

function models(site: Site): string {
  return site.result.models
    .map((m) => {
      const macros = modelMacros(m);
      const items = (title: string, kind: string) => {
        const rows = macros.filter((x) => x.kind === kind);
        return rows.length ? `<h4>${h(title)}</h4><ul>${rows.map((r) => `<li><code>${h(r.text)}</code> ${siteLink(site, r.span)}</li>`).join("")}</ul>` : "";
      };
      const file = relative(site.root, m.file.absPath).split(sep).join("/");
      const name = site.sources.has(file) ? `<a href="${h(pageOf(file))}">${h(m.className)}</a>` : h(m.className);
      return [
        `<section class="model" id="model-${h(m.className)}"><h3>${name} &lt; ${h(m.superclass)}</h3>`,
        `<p>${m.abstract ? "abstract" : `table <code>${h(m.tableName)}</code>`}</p>`,
        items("Associations", "association"),
        items("Callbacks", "callback"),
        items("Validations", "validation"),
        `</section>`,
      ].join("\n");
    })
    .join("\n");
}

function filePage(view: SourceView): string {
  const head = `<h1>${h(view.source)}</h1><p class="modules">${view.modules.length ? `&rarr; ${view.modules.map((m) => `<code>${h(m)}</code>`).join(", ")}` : "no module comes from it"}</p>`;
  return `${head}\n<table class="code"><tbody>\n${view.blocks.map((b) => blockRows(view, b)).join("\n")}\n</tbody></table>`;
}

/** A block's rows: the source line beside its first TS line, then its other TS lines, then its notes. */
function blockRows(view: SourceView, b: Block): string {
  const rows: string[] = [];
  const src = b.source ? ` data-src="${b.source.line}"` : "";
  for (let i = 0; i < Math.max(b.source ? 1 : 0, b.ts.length); i++) {
    const s = i === 0 && b.source ? b.source : null;
    const t = b.ts[i];
    const tsId = t ? (view.modules.length > 1 ? `T${t.module + 1}-${t.line}` : `T${t.line}`) : "";
    const left = s ? `<td class="n">${s.line}</td><td class="src" id="L${s.line}"${src}>${h(s.text)}</td>` : `<td class="n"></td><td class="src"></td>`;
    const right = t
      ? `<td class="n">${h(tsId.slice(1))}</td><td class="ts" id="${h(tsId)}"${t.from === null ? "" : ` data-src="${t.from}"`}>${h(t.text)}</td>`
      : `<td class="n"></td><td class="ts"></td>`;
    rows.push(`<tr>${left}${right}</tr>`);
  }
  for (const n of b.notes) {
    const id = `${n.kind === "cache" ? "c" : "d"}${n.index}`;
    rows.push(`<tr class="note ${n.declined ? "declined" : "claimed"}"${n.kind === "lowered" ? "" : ` id="${id}"`}><td class="n"></td><td colspan="3">${h(noteText(n))}</td></tr>`);
  }
  return rows.join("\n");
}

function section(id: string, title: string, body: string): string {
  return `<section id="${id}"><h2>${h(title)}</h2>\n${body}\n</section>`;
}

function table(headers: string[], rows: string[]): string {
  if (!rows.length) return "<p>none</p>";
  return `<table class="list"><thead><tr>${headers.map((x) => `<th>${h(x)}</th>`).join("")}</tr></thead><tbody>\n${rows.join("\n")}\n</tbody></table>`;
}

/** The file tree as nested <details>, the folders above `current` open, `current` marked. */
function tree(sources: string[], current: string | null): string {
  interface Dir { dirs: Map<string, Dir>; files: string[] }
  const top: Dir = { dirs: new Map(), files: [] };
  for (const rel of sources) {
    const parts = rel.split("/");
    let dir = top;
    for (const p of parts.slice(0, -1)) dir = dir.dirs.get(p) ?? (dir.dirs.set(p, { dirs: new Map(), files: [] }), dir.dirs.get(p)!);
    dir.files.push(rel);
  }
  const render = (dir: Dir, prefix: string): string => {
    const dirs = [...dir.dirs].map(([name, d]) => {
      const path = `${prefix}${name}/`;
      const open = current?.startsWith(path) ? " open" : "";
      return `<li><details${open}><summary>${h(name)}</summary>${render(d, path)}</details></li>`;
    });
    const files = dir.files.map((rel) => {
      const here = rel === current ? ' class="current" aria-current="page"' : "";
      return `<li><a href="${h(pageOf(rel))}"${here}>${h(rel.split("/").pop()!)}</a></li>`;
    });
    return `<ul>${[...dirs, ...files].join("")}</ul>`;
  };
  const overviewLinks = ["diagnostics", "cache", "routes", "models"].map((s) => `<a href="index.html#${s}">${s}</a>`).join(" · ");
  return `<nav><p><a href="index.html">overview</a>: ${overviewLinks}</p>${render(top, "")}</nav>`;
}

const STYLE = `
body{margin:0;display:flex;font:14px/1.4 system-ui,sans-serif;color:#222}
nav{width:18rem;flex:none;height:100vh;overflow:auto;position:sticky;top:0;background:#f6f6f4;border-right:1px solid #ddd;padding:.5rem}
nav ul{list-style:none;margin:0;padding-left:1rem}nav summary{cursor:pointer}nav a.current{font-weight:bold}
main{flex:1;min-width:0;padding:0 1rem 2rem}
table.code{border-collapse:collapse;width:100%;table-layout:fixed;font:12px/1.45 ui-monospace,monospace}
table.code td{white-space:pre-wrap;word-break:break-all;vertical-align:top;padding:0 .4rem}
table.code td.n{width:3.5rem;text-align:right;color:#999;user-select:none}
table.code td.src{border-right:1px solid #ddd}
table.code td.hl{background:#fff3b0}
tr.note td{font-family:system-ui,sans-serif;font-size:12px}
tr.note.declined td{background:#fde8e8}tr.note.claimed td{background:#e6f4ea}
:target{outline:2px solid #f0a500}
table.list{border-collapse:collapse}table.list td,table.list th{border:1px solid #ddd;padding:.15rem .4rem;text-align:left;vertical-align:top}
tr.error td{background:#fde8e8}tr.declined td{background:#fdf3e8}
`;

// Hovering a line lights every line, on either side, that shares its source line.
const SCRIPT = `
document.addEventListener("mouseover", function (e) {
  var lit = document.querySelectorAll("td.hl");
  for (var i = 0; i < lit.length; i++) lit[i].classList.remove("hl");
  var cell = e.target.closest && e.target.closest("td[data-src]");
  if (!cell) return;
  var same = document.querySelectorAll('td[data-src="' + cell.getAttribute("data-src") + '"]');
  for (var j = 0; j < same.length; j++) same[j].classList.add("hl");
});
`;

function page(title: string, nav: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${h(title ? `${title} · rails2ts inspect` : "rails2ts inspect")}</title>
<style>${STYLE}</style></head>
<body>${nav}<main>${main}</main><script>${SCRIPT}</script></body></html>
`;
}
