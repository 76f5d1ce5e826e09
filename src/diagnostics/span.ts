// Where a diagnostic points: a range in a file the user wrote. The foundation's own type, so the catalogue needs
// nothing above it; the IR (src/parse/ir.ts) carries one on every node and re-exports it.

export interface Span {
  file: string;
  /** 1-based line and column in the file the user wrote (.rb or .erb, via the ERB position map). */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
