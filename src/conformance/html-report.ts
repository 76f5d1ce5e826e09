// `conformance --html <file>`: the run as one self-contained page: every response with its request, status, SQL
// count and fragment cache activity beside Rails', identical or different; each difference as a side-by-side diff
// of the bodies (after the forgiven CSRF values are blanked) with the changed bytes of a changed line marked.
import type { ConformanceResult, StepReport } from "./conformance.js";
import { normalizeForgiven } from "./forgiven.js";
import { diffLines, type Edit } from "./myers.js";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One row of a side-by-side diff: a Rails line, our line, or both (a changed pair); null is a gap. */
interface Row {
  rails: { n: number; text: string } | null;
  ours: { n: number; text: string } | null;
  kind: "same" | "changed" | "del" | "ins";
}

/** Side-by-side rows of two texts: runs of removed and added lines pair up as changed rows, in order. */
export function sideBySide(rails: string, ours: string): Row[] {
  const edits = diffLines(rails.split("\n"), ours.split("\n"));
  const rows: Row[] = [];
  let a = 0;
  let b = 0;
  for (let i = 0; i < edits.length; ) {
    if (edits[i].kind === "same") {
      rows.push({ rails: { n: ++a, text: edits[i].line }, ours: { n: ++b, text: edits[i].line }, kind: "same" });
      i++;
      continue;
    }
    const dels: Edit[] = [];
    const inss: Edit[] = [];
    while (i < edits.length && edits[i].kind !== "same") (edits[i].kind === "del" ? dels : inss).push(edits[i++]);
    for (let k = 0; k < Math.max(dels.length, inss.length); k++) {
      const d = dels[k];
      const s = inss[k];
      rows.push({
        rails: d ? { n: ++a, text: d.line } : null,
        ours: s ? { n: ++b, text: s.line } : null,
        kind: d && s ? "changed" : d ? "del" : "ins",
      });
    }
  }
  return rows;
}

/** The two lines with what differs between their common start and common end wrapped in <mark>. */
export function markChange(rails: string, ours: string): [string, string] {
  let start = 0;
  while (start < rails.length && start < ours.length && rails[start] === ours[start]) start++;
  let end = 0;
  while (end < rails.length - start && end < ours.length - start && rails[rails.length - 1 - end] === ours[ours.length - 1 - end]) end++;
  const mark = (s: string) => `${escape(s.slice(0, start))}<mark>${escape(s.slice(start, s.length - end))}</mark>${escape(s.slice(s.length - end))}`;
  return [mark(rails), mark(ours)];
}

/** The rows to show: the changes with `context` unchanged rows around them; a gap row stands for what is left out. */
function shown(rows: Row[], context = 3): Array<Row | "gap"> {
  const keep = rows.map(() => false);
  rows.forEach((r, i) => {
    if (r.kind === "same") return;
    for (let k = Math.max(0, i - context); k <= Math.min(rows.length - 1, i + context); k++) keep[k] = true;
  });
  const out: Array<Row | "gap"> = [];
  rows.forEach((r, i) => {
    if (keep[i]) out.push(r);
    else if (out.at(-1) !== "gap") out.push("gap");
  });
  return out;
}

function diffTable(rails: Buffer, ours: Buffer): string {
  const rows = shown(sideBySide(normalizeForgiven(rails).toString("utf8"), normalizeForgiven(ours).toString("utf8")));
  const cells = rows.map((row) => {
    if (row === "gap") return `<tr class="gap"><td colspan="4">…</td></tr>`;
    const [left, right] = row.kind === "changed" ? markChange(row.rails!.text, row.ours!.text) : [escape(row.rails?.text ?? ""), escape(row.ours?.text ?? "")];
    return (
      `<tr class="${row.kind}"><td class="n">${row.rails?.n ?? ""}</td><td class="rails">${row.rails ? left : ""}</td>` +
      `<td class="n">${row.ours?.n ?? ""}</td><td class="ours">${row.ours ? right : ""}</td></tr>`
    );
  });
  return `<table class="diff"><thead><tr><th colspan="2">Rails</th><th colspan="2">ours</th></tr></thead><tbody>${cells.join("")}</tbody></table>`;
}

const num = (n: number | null) => (n === null ? "-" : String(n));

function stepSection(step: StepReport, bodies: { rails: Buffer | null; ours: Buffer | null } | undefined): string {
  const verdict = step.identical ? `<span class="ok">identical</span>` : `<span class="bad">different</span>`;
  const cache = step.cache
    ? `<p class="cache">cache: ours ${escape(step.cache.ours)}; Rails ${escape(step.cache.rails)}${step.cache.same ? "" : ` <span class="bad">differs</span>`}</p>`
    : "";
  const differences = step.differences.length ? `<ul>${step.differences.map((d) => `<li>${escape(d)}</li>`).join("")}</ul>` : "";
  const diff = !step.identical && bodies?.rails && bodies.ours && step.bodyDiff !== "" ? diffTable(bodies.rails, bodies.ours) : "";
  const sqlOver = step.sql.ours !== null && step.sql.rails !== null && step.sql.ours > step.sql.rails ? ` <span class="bad">more than Rails</span>` : "";
  return (
    `<section id="${escape(step.stem)}" class="${step.identical ? "identical" : "different"}">` +
    `<h2>${verdict} ${escape(step.stem)}</h2>` +
    `<p class="request">${escape(step.method ?? "")} ${escape(step.path ?? "")}</p>` +
    `<table class="facts"><tr><th></th><th>ours</th><th>Rails</th></tr>` +
    `<tr><th>status</th><td>${num(step.status.ours)}</td><td>${num(step.status.rails)}</td></tr>` +
    `<tr><th>SQL statements</th><td>${num(step.sql.ours)}${sqlOver}</td><td>${num(step.sql.rails)}</td></tr></table>` +
    cache + differences + diff + `</section>`
  );
}

const STYLE = `body{font:14px system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.4em}h2{font-size:1.05em;margin:0 0 .3em}
section{border:1px solid #ddd;border-radius:6px;padding:.7em 1em;margin:.8em 0}section.identical{opacity:.8}
.ok{color:#176f2c}.bad{color:#b3261e;font-weight:600}table.facts td,table.facts th{padding:0 .8em 0 0;text-align:left}
table.diff{border-collapse:collapse;width:100%;font:12px ui-monospace,monospace;margin-top:.5em}table.diff td{vertical-align:top;white-space:pre-wrap;word-break:break-all;padding:0 .4em}
td.n{color:#888;text-align:right;width:3em;user-select:none}tr.changed td.rails,tr.del td.rails{background:#fde8e8}tr.changed td.ours,tr.ins td.ours{background:#e6f6e6}
mark{background:#f6c343}tr.gap td{color:#888;text-align:center}nav a{margin-right:.6em}`;

/** The whole report page. `bodies` runs parallel to result.steps (null where a side has no response). */
export function htmlReport(app: string, result: ConformanceResult): string {
  const different = result.steps.filter((s) => !s.identical);
  const nav = different.length ? `<nav>different: ${different.map((s) => `<a href="#${escape(s.stem)}">${escape(s.stem)}</a>`).join("")}</nav>` : "";
  const sections = result.steps.map((s, i) => stepSection(s, result.bodies[i]));
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>conformance: ${escape(app)}</title><style>${STYLE}</style></head><body>` +
    `<h1>conformance: ${escape(app)}</h1>` +
    `<p class="summary">${result.identical} identical, ${result.different} different; ${result.sqlOverRails} ran more SQL than Rails; ` +
    `${result.cacheDifferent} used the fragment cache differently</p>` +
    nav + sections.join("\n") + `</body></html>\n`
  );
}
