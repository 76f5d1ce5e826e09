// Unified diff text (the `diff -u` format) from a line edit script, for showing body differences.
import { diffLines, type Edit } from "./myers.js";

const NO_NEWLINE = "\\ No newline at end of file";

// Like diff, a last line without its newline differs from the same text with one: marking it makes the
// line comparison see that, and tells the renderer where "\ No newline at end of file" goes.
const OPEN_END = "\u0000no-newline";

interface Line {
  kind: Edit["kind"];
  text: string;
  lastWithoutNewline: boolean;
}

/** `diff -u` of two texts; "" when they are equal. */
export function unifiedDiff(a: string, b: string, labelA: string, labelB: string, context = 3): string {
  if (a === b) return "";
  const lines = diffLines(splitLines(a), splitLines(b)).map(
    (e): Line => ({ kind: e.kind, text: e.line.replace(OPEN_END, ""), lastWithoutNewline: e.line.endsWith(OPEN_END) }),
  );
  const out = [`--- ${labelA}`, `+++ ${labelB}`];
  for (const [from, to] of hunkRanges(lines, context)) out.push(...renderHunk(lines, from, to));
  return out.join("\n") + "\n";
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  else lines[lines.length - 1] += OPEN_END;
  return lines;
}

/** [from, to) index ranges of the lines each hunk shows: changes plus `context` lines around, merged. */
function hunkRanges(lines: Line[], context: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  lines.forEach((l, i) => {
    if (l.kind === "same") return;
    const from = Math.max(0, i - context);
    const to = Math.min(lines.length, i + 1 + context);
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  });
  return ranges;
}

function renderHunk(lines: Line[], from: number, to: number): string[] {
  let startA = 1;
  let startB = 1;
  for (let i = 0; i < from; i++) {
    if (lines[i].kind !== "ins") startA++;
    if (lines[i].kind !== "del") startB++;
  }
  const body: string[] = [];
  let countA = 0;
  let countB = 0;
  for (const l of lines.slice(from, to)) {
    if (l.kind !== "ins") countA++;
    if (l.kind !== "del") countB++;
    body.push((l.kind === "same" ? " " : l.kind === "del" ? "-" : "+") + l.text);
    if (l.lastWithoutNewline) body.push(NO_NEWLINE);
  }
  return [`@@ -${range(startA, countA)} +${range(startB, countB)} @@`, ...body];
}

// diff writes "start,count", drops ",1", and for an empty side names the line before it.
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}
