// Source maps from the emitted TS/JS back to the .rb/.erb the user wrote.
//   lowering: every lowered statement is preceded by a mark, a block comment naming its node's span
//             (`/*@rails2ts-src 3:12:5*/`: file id 3, line 12, column 5; spans are already .erb positions;
//             written and read by lower/source-mark.ts)
//   emit:     after prettier, the marks are read from the comment ranges TypeScript's parser finds between
//             nodes (so a mark-like string, template or regex is never one) and removed; each TS line maps to the last mark above it. The JS (transpileModule's
//             own map, JS -> TS) is composed with that, so both files map to the app's source directly.
import { ts } from "ts-morph";
import { readMark, type SourcePosition } from "../lower/source-mark.js";

export type { SourcePosition };

export interface Unmarked {
  /** The TS text without its marks. */
  text: string;
  /** Per 0-based line of `text`: the source position it was lowered from (null before the first mark). */
  lines: Array<SourcePosition | null>;
}

/** Reads the marks out of formatted TS and removes them (with the line a mark stood alone on). */
export function unmark(formatted: string): Unmarked {
  const cuts: Array<{ start: number; end: number; pos: SourcePosition }> = [];
  for (const range of markRanges(formatted)) {
    const pos = readMark(formatted.slice(range.pos, range.end));
    if (pos) cuts.push({ start: range.pos, end: range.end, pos });
  }
  // The kept text as pieces, with what the current output line holds (its length, whether it is all white space):
  // concatenating and re-reading the last line of one growing string was quadratic in a file's size (an 8 MB view
  // with long lines spent 16 s here).
  const pieces: string[] = [];
  let length = 0;
  let lineLength = 0;
  let lineBlank = true;
  const keep = (piece: string) => {
    if (!piece) return;
    pieces.push(piece);
    length += piece.length;
    const nl = piece.lastIndexOf("\n");
    if (nl >= 0) {
      lineLength = piece.length - nl - 1;
      lineBlank = piece.slice(nl + 1).trim() === "";
    } else {
      lineLength += piece.length;
      lineBlank &&= piece.trim() === "";
    }
  };
  /** Drops the current output line's text (white space only), back to just after the previous newline. */
  const dropLine = () => {
    let drop = lineLength;
    while (drop > 0) {
      const last = pieces.pop()!;
      if (last.length > drop) {
        pieces.push(last.slice(0, last.length - drop));
        break;
      }
      drop -= last.length;
    }
    length -= lineLength;
    lineLength = 0;
    lineBlank = true;
  };
  let at = 0;
  const landed: Array<{ offset: number; pos: SourcePosition }> = [];
  for (const cut of cuts) {
    keep(formatted.slice(at, cut.start));
    at = cut.end;
    if (lineBlank && formatted[at] === "\n") {
      dropLine();
      at += 1;
    } else if (formatted[at] === " ") {
      at += 1;
    }
    landed.push({ offset: length, pos: cut.pos });
  }
  keep(formatted.slice(at));
  const text = pieces.join("");
  // Each line: the last mark that landed on or above it.
  const lines: Array<SourcePosition | null> = [];
  let next = 0;
  let current: SourcePosition | null = null;
  for (let lineStart = 0; lineStart <= text.length; ) {
    const nl = text.indexOf("\n", lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    while (next < landed.length && landed[next]!.offset <= lineEnd) current = landed[next++]!.pos;
    lines.push(current);
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return { text, lines };
}

/** Every comment in the trivia before a node: where the marks are (never inside a string, template or regex). */
function markRanges(text: string): ts.CommentRange[] {
  const file = ts.createSourceFile("marks.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const seen = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) seen.set(r.pos, r);
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const r of ts.getLeadingCommentRanges(text, file.endOfFileToken.pos) ?? []) seen.set(r.pos, r);
  return [...seen.values()].filter((r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia).sort((a, b) => a.pos - b.pos);
}

export interface RawSourceMap {
  version: 3;
  file: string;
  sources: string[];
  sourcesContent?: Array<string | null>;
  names: string[];
  mappings: string;
}

/** A map for the TS itself: each line's start maps to the position its statement came from. */
export function tsSourceMap(file: string, unmarked: Unmarked, sourcePath: (abs: string) => string, content: (abs: string) => string | null): RawSourceMap {
  const segments = unmarked.lines.map((pos) => (pos ? [[0, pos]] as Array<[number, SourcePosition]> : []));
  return buildMap(file, segments, sourcePath, content);
}

/** The JS's map: transpileModule's JS -> TS map, each TS position replaced by its line's source position. */
export function jsSourceMap(file: string, jsToTs: string, unmarked: Unmarked, sourcePath: (abs: string) => string, content: (abs: string) => string | null): RawSourceMap {
  const segments = decodeMappings(jsToTs).map((line) =>
    line.flatMap(([genColumn, , tsLine]) => {
      const pos = tsLine === undefined ? null : unmarked.lines[tsLine];
      return pos ? [[genColumn, pos] as [number, SourcePosition]] : [];
    }),
  );
  return buildMap(file, segments, sourcePath, content);
}

function buildMap(
  file: string,
  lines: Array<Array<[number, SourcePosition]>>,
  sourcePath: (abs: string) => string,
  content: (abs: string) => string | null,
): RawSourceMap {
  const sources: string[] = [];
  const index = new Map<string, number>();
  const state = [0, 0, 0]; // source, line, column: deltas run across lines; the generated column resets per line
  const mappings = lines.map((segs) => {
    let genColumn = 0;
    let last: SourcePosition | null = null;
    const out: string[] = [];
    for (const [column, pos] of segs) {
      if (last && last.file === pos.file && last.line === pos.line) continue; // one segment per source line run
      last = pos;
      let src = index.get(pos.file);
      if (src === undefined) {
        src = sources.push(pos.file) - 1;
        index.set(pos.file, src);
      }
      const fields = [column - genColumn, src - state[0]!, pos.line - 1 - state[1]!, pos.column - 1 - state[2]!];
      genColumn = column;
      [state[0], state[1], state[2]] = [src, pos.line - 1, pos.column - 1];
      out.push(fields.map(vlq).join(""));
    }
    return out.join(",");
  });
  return { version: 3, file, sources: sources.map(sourcePath), sourcesContent: sources.map(content), names: [], mappings: mappings.join(";") };
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function vlq(value: number): string {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = "";
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

/** Source map v3 mappings -> per generated line, [generatedColumn, sourceIndex, sourceLine, sourceColumn] (0-based). */
function decodeMappings(mappings: string): Array<Array<[number, number?, number?, number?]>> {
  const state = [0, 0, 0];
  return mappings.split(";").map((line) => {
    let genColumn = 0;
    return line
      .split(",")
      .filter(Boolean)
      .map((seg) => {
        const fields = decodeVlqs(seg);
        genColumn += fields[0]!;
        if (fields.length < 4) return [genColumn] as [number];
        for (let i = 0; i < 3; i++) state[i]! += fields[i + 1]!;
        return [genColumn, state[0]!, state[1]!, state[2]!] as [number, number, number, number];
      });
  });
}

function decodeVlqs(seg: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of seg) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}
