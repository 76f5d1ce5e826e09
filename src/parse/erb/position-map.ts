// Maps offsets in the Ruby compiled from a template back to the .erb the user wrote. Offsets are JS string
// indices (UTF-16 code units), which is what tree-sitter's startIndex/endIndex are for a JS string input;
// lines and columns are 1-based, columns counted in the same units.
import type { Segment } from "./buffer-writer.js";

export interface ErbPosition {
  line: number;
  column: number;
}

export interface ErbPositionMap {
  /** Line and column in the .erb of a Ruby offset: exact inside code copied from a tag, else its segment's start. */
  toErb(rubyOffset: number): ErbPosition;
  /** The same as an offset into the .erb source. */
  toErbOffset(rubyOffset: number): number;
}

/**
 * `shift` is how many characters of the .erb were cut before compiling (the encoding tag), so segment offsets,
 * which are relative to the compiled input, land on the file's own offsets.
 */
export function buildPositionMap(segments: readonly Segment[], erbSource: string, shift: number): ErbPositionMap {
  const lineStarts = [0];
  for (let i = 0; i < erbSource.length; i++) if (erbSource.charCodeAt(i) === 10) lineStarts.push(i + 1);

  const toErbOffset = (rubyOffset: number): number => {
    const i = segmentIndexAt(segments, rubyOffset);
    if (i < 0) return shift;
    const seg = segments[i]!;
    const prev = segments[i - 1];
    // An end offset (tree-sitter's endIndex) that falls just after copied code belongs to that code.
    if (!seg.exact && rubyOffset === seg.rubyStart && prev?.exact && prev.rubyEnd === rubyOffset) {
      return shift + prev.erbStart + (prev.rubyEnd - prev.rubyStart);
    }
    return shift + seg.erbStart + (seg.exact ? Math.min(rubyOffset, seg.rubyEnd) - seg.rubyStart : 0);
  };

  return {
    toErbOffset,
    toErb(rubyOffset: number): ErbPosition {
      const offset = toErbOffset(rubyOffset);
      const line = lastAtOrBefore(lineStarts, offset, (start) => start);
      return { line: line + 1, column: offset - lineStarts[line]! + 1 };
    },
  };
}

/** The last segment starting at or before `offset` (-1 when there is none). */
function segmentIndexAt(segments: readonly Segment[], offset: number): number {
  return lastAtOrBefore(segments, offset, (s) => s.rubyStart);
}

function lastAtOrBefore<T>(items: readonly T[], offset: number, keyOf: (item: T) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(items[mid]!) <= offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
