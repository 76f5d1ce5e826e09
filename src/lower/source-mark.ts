// The source map's anchors, written by lowering and read back by the emitter (emit/source-map.ts): every lowered
// statement is preceded by a mark, a block comment naming its node's span (`/*@rails2ts-src 3:12:5*/`: file id 3,
// line 12, column 5; spans are already .erb positions). The mark's spelling and its file-id table live here, once,
// at the lowest layer that uses them.
import type { Span } from "../parse/ir.js";

const files: string[] = [];
const fileIds = new Map<string, number>();
const MARK = /^\/\*@rails2ts-src (\d+):(\d+):(\d+)\*\/$/;

/** The mark a lowered statement carries: where it came from. */
export function sourceMark(span: Span): string {
  let id = fileIds.get(span.file);
  if (id === undefined) {
    id = files.push(span.file) - 1;
    fileIds.set(span.file, id);
  }
  return `/*@rails2ts-src ${id}:${span.line}:${span.column}*/`;
}

export interface SourcePosition {
  file: string;
  /** 1-based, as spans are. */
  line: number;
  column: number;
}

/** The position a comment's text names when it is a mark (sourceMark's), else null. */
export function readMark(comment: string): SourcePosition | null {
  const m = MARK.exec(comment);
  return m ? { file: files[Number(m[1])]!, line: Number(m[2]), column: Number(m[3]) } : null;
}
