// Line diff: Myers' O(ND) shortest edit script (E. Myers, "An O(ND) Difference Algorithm and Its
// Variations", 1986), written here because the project takes no diff dependency.

export type Edit = { kind: "same" | "del" | "ins"; line: string };

/** Cells of saved V arrays allowed (~80 MB); beyond that the middle is reported as one replace. */
const MAX_TRACE_CELLS = 20_000_000;

export function diffLines(a: string[], b: string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) (endA--, endB--);
  const head = a.slice(0, start).map((line): Edit => ({ kind: "same", line }));
  const tail = a.slice(endA).map((line): Edit => ({ kind: "same", line }));
  const middle = shortestEdit(a.slice(start, endA), b.slice(start, endB));
  return [...head, ...middle, ...tail];
}

function shortestEdit(a: string[], b: string[]): Edit[] {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  const maxD = Math.min(n + m, Math.floor(MAX_TRACE_CELLS / v.length));
  for (let d = 0; d <= maxD; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) (x++, y++);
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset);
    }
  }
  return [...a.map((line): Edit => ({ kind: "del", line })), ...b.map((line): Edit => ({ kind: "ins", line }))];
}

// Walks the saved V arrays from the end back to (0,0), emitting the snake and the one edit of each step.
function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      edits.push({ kind: "same", line: a[x] });
    }
    if (d > 0) edits.push(down ? { kind: "ins", line: b[--y] } : { kind: "del", line: a[--x] });
  }
  return edits.reverse();
}
