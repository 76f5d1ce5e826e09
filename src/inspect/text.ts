// `rails2ts inspect <app> <file>` as text: a SourceView (correspondence.ts) in one of two layouts.
//   interleaved (a pipe, a narrow terminal):       side by side (a terminal wide enough):
//     == app/x.html.erb -> views/x.html.ts            | app/x.html.erb        |   | views/x.html.ts
//        ts 1 | import ...                            |                       | 1 | import ...
//     erb   2 |   <p><%= @n %></p>                  2 |   <p><%= @n %></p>    | 5 |   out.safeAppend("  <p>");
//              ! 2:7 warning code: why                |                       | 6 |   out.append(view.assigns.n);
//        ts 5 |   out.safeAppend("  <p>");            | ! 2:7 warning code: why
// Notes: `!` a diagnostic at that line (declined, and why), `~` a fragment cache site (claimed or declined, and why),
// `=` a model's association, callback or validation macro, as the model's data holds it (that data has no marks).
// A line too long for its column is cut with `…`; notes are never cut.
import type { Block, Note, SourceView } from "./correspondence.js";

/** The narrowest terminal that gets two columns: two 40-character columns and their gutters. */
export const SIDE_BY_SIDE_MIN_WIDTH = 100;

const MARKERS: Record<Note["kind"], string> = { diagnostic: "!", cache: "~", lowered: "=" };

/** A note as both layouts and the site print it: `! 2:7 warning code: why`. */
export const noteText = (n: Note) => `${MARKERS[n.kind]} ${n.line}:${n.column} ${n.text}`;
const digits = (n: number) => String(n).length;

function widths(view: SourceView): { source: number; ts: number } {
  let source = 1;
  let ts = 1;
  for (const b of view.blocks) {
    if (b.source) source = Math.max(source, digits(b.source.line));
    for (const t of b.ts) ts = Math.max(ts, digits(t.line));
  }
  // Beside several modules a TS line is numbered `module:line`.
  return { source, ts: view.modules.length > 1 ? ts + 2 : ts };
}

/** The TS label: `ts`, or `ts2` for the second module shown beside one source. */
const tsLabel = (view: SourceView, module: number) => (view.modules.length > 1 ? `ts${module + 1}` : "ts");

function header(view: SourceView): string {
  return view.modules.length ? `${view.source} -> ${view.modules.join(", ")}` : `${view.source} (no module comes from it)`;
}

/** Each source line, its notes, then the TS lines that came from it; numbered, the TS indented under it. */
export function interleaved(view: SourceView): string {
  const label = view.source.endsWith(".erb") ? "erb" : /\.ya?ml$/.test(view.source) ? "yml" : "rb";
  const labels = [label, ...view.modules.map((_, i) => tsLabel(view, i))];
  const lw = Math.max(...labels.map((l) => l.length)) + 2;
  const w = Math.max(...Object.values(widths(view)));
  const out = [`== ${header(view)}`];
  const line = (tag: string, n: number, text: string) => `${tag} ${String(n).padStart(w)} | ${text}`.trimEnd();
  for (const b of view.blocks) {
    if (b.source) out.push(line(label.padEnd(lw), b.source.line, b.source.text));
    for (const n of b.notes) out.push(`${" ".repeat(lw + w + 2)} ${noteText(n)}`);
    for (const t of b.ts) out.push(line(tsLabel(view, t.module).padStart(lw), t.line, t.text));
  }
  return out.join("\n") + "\n";
}

/** Two columns in `width` characters: the source on the left, each TS line on the row of the line it came from. */
export function sideBySide(view: SourceView, width: number): string {
  const w = widths(view);
  const fixed = w.source + w.ts + 9; // "N | " left, " | " between, "N | " right
  const left = Math.max(10, Math.floor((width - fixed) / 2));
  const right = Math.max(10, width - fixed - left);
  const row = (sn: string, st: string, tn: string, tt: string) =>
    `${sn.padStart(w.source)} | ${cut(st, left).padEnd(left)} | ${tn.padStart(w.ts)} | ${cut(tt, right)}`.trimEnd();
  const out = [row("", view.source, "", view.modules.join(", ") || "(no module comes from it)")];
  const tsCell = (b: Block, i: number) => {
    const t = b.ts[i];
    if (!t) return ["", ""] as const;
    return [view.modules.length > 1 ? `${t.module + 1}:${t.line}` : String(t.line), t.text] as const;
  };
  for (const b of view.blocks) {
    const rows = Math.max(b.source ? 1 : 0, b.ts.length);
    for (let i = 0; i < rows; i++) {
      const source = i === 0 && b.source ? b.source : null;
      const [tn, tt] = tsCell(b, i);
      out.push(row(source ? String(source.line) : "", source?.text ?? "", tn, tt));
    }
    for (const n of b.notes) out.push(`${" ".repeat(w.source)} | ${noteText(n)}`);
  }
  return out.join("\n") + "\n";
}

/** Tabs as two spaces (a column's width is counted in characters); past `width`, cut with an ellipsis. */
function cut(text: string, width: number): string {
  const plain = text.replace(/\t/g, "  ");
  return plain.length > width ? `${plain.slice(0, width - 1)}…` : plain;
}
