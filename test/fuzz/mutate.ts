// Compiler fuzzing (issue 22): seeded mutations of real app sources. Each input is one source file of a fixture
// app (or of Campfire) changed by one to three operators below; the same seed gives the same inputs, so a failure
// found once is found again. The operators follow the list: token deletion, duplication and swaps,
// truncation at any depth, random bytes, deep nesting, very long lines and files, odd encodings.

/** mulberry32: a small seeded PRNG (deterministic across runs and machines). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
const int = (rand: Rand, n: number) => Math.floor(rand() * n);
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[int(rand, xs.length)]!;

/** Identifiers, numbers, runs of white space, and single other characters: what the token operators move. */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z_][A-Za-z0-9_?!]*|\d+|\s+|[^\sA-Za-z0-9_]/gu) ?? [];
}

const RUBY_PIECES = ["end", "do", "def ", "class ", "module ", "if ", "unless ", "begin", "rescue", "ensure", "(", ")", "[", "]", "{", "}", "|", "&.", "**", "*", "&", "->", "=>", ":", "::", "?", "'", '"', "`", "#{", "%w[", "<<~EOS\n", "__END__\n", "=begin\n", "\\", ",", ";", "\n"];
const ERB_PIECES = ["<%", "<%=", "<%-", "-%>", "%>", "<%#", "<%%", "%%>", "<% end %>", "<% if x %>", "<%= yield %>", "<%= render @x %>"];
const YAML_PIECES = [": ", "- ", "\n  ", "---\n", "&a ", "*a", "<<: *a", "!ruby/object ", "|\n", ">\n", "'", '"', "\t", "{", "}", "[", "]"];

export type Kind = "rb" | "erb" | "yml";

/** Operators over a file's bytes; each returns the new bytes and a one-word name for the report. */
type Operator = (bytes: Buffer, rand: Rand, kind: Kind) => Buffer;

const asText = (b: Buffer) => b.toString("utf8");
const fromText = (s: string) => Buffer.from(s, "utf8");

function pieces(kind: Kind): string[] {
  return kind === "erb" ? [...ERB_PIECES, ...RUBY_PIECES] : kind === "yml" ? [...YAML_PIECES, "<%= 1 %>"] : RUBY_PIECES;
}

export const OPERATORS: Record<string, Operator> = {
  deleteToken(bytes, rand) {
    const t = tokens(asText(bytes));
    if (!t.length) return bytes;
    t.splice(int(rand, t.length), 1 + int(rand, 3));
    return fromText(t.join(""));
  },
  duplicateToken(bytes, rand) {
    const t = tokens(asText(bytes));
    if (!t.length) return bytes;
    const i = int(rand, t.length);
    t.splice(i, 0, ...t.slice(i, i + 1 + int(rand, 4)));
    return fromText(t.join(""));
  },
  swapTokens(bytes, rand) {
    const t = tokens(asText(bytes));
    if (t.length < 2) return bytes;
    const i = int(rand, t.length);
    const j = int(rand, t.length);
    [t[i], t[j]] = [t[j]!, t[i]!];
    return fromText(t.join(""));
  },
  insertPiece(bytes, rand, kind) {
    const t = tokens(asText(bytes));
    t.splice(int(rand, t.length + 1), 0, pick(rand, pieces(kind)));
    return fromText(t.join(""));
  },
  truncate(bytes, rand) {
    return bytes.subarray(0, int(rand, bytes.length + 1));
  },
  randomBytes(bytes, rand) {
    const at = int(rand, bytes.length + 1);
    const junk = Buffer.from(Array.from({ length: 1 + int(rand, 16) }, () => int(rand, 256)));
    return Buffer.concat([bytes.subarray(0, at), junk, bytes.subarray(at)]);
  },
  deepNesting(bytes, rand, kind) {
    const depth = 200 + int(rand, 4000);
    const [open, close] =
      kind === "erb"
        ? pick(rand, [["<% if x %>", "<% end %>"], ["<%= [", "] %>"], ["<div>", "</div>"]])
        : kind === "yml"
          ? pick(rand, [["[", "]"], ["{a: ", "}"], ["- ", ""]])
          : pick(rand, [["(", ")"], ["[", "]"], ["{ a: ", " }"], ["if x\n", "end\n"], ["-> { ", " }"], ["begin\n", "end\n"], ["!", ""]]);
    const at = int(rand, bytes.length + 1);
    const text = `${open.repeat(depth)}1${close.repeat(depth)}`;
    return Buffer.concat([bytes.subarray(0, at), fromText(text), bytes.subarray(at)]);
  },
  longLine(bytes, rand) {
    const at = int(rand, bytes.length + 1);
    const n = 50_000 + int(rand, 200_000);
    const line = pick(rand, [`x = "${"a".repeat(n)}"\n`, `${"a".repeat(n)}\n`, `${"a + ".repeat(n / 4)}1\n`, `# ${"é".repeat(n)}\n`]);
    return Buffer.concat([bytes.subarray(0, at), fromText(line), bytes.subarray(at)]);
  },
  longFile(bytes, rand) {
    return Buffer.concat(Array.from({ length: 20 + int(rand, 80) }, () => bytes));
  },
  oddEncoding(bytes, rand) {
    const text = asText(bytes);
    switch (int(rand, 7)) {
      case 0:
        return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]); // UTF-8 BOM
      case 1:
        return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]); // UTF-16LE with BOM
      case 2:
        return fromText(text.replace(/\n/g, "\r\n"));
      case 3:
        return fromText(text.replace(/\n/g, "\r"));
      case 4:
        return Buffer.from(text, "latin1"); // non-ASCII as single Latin-1 bytes: invalid UTF-8
      case 5: {
        const at = int(rand, bytes.length + 1);
        return Buffer.concat([bytes.subarray(0, at), Buffer.from([0]), bytes.subarray(at)]);
      }
      default: {
        const at = int(rand, bytes.length + 1);
        return Buffer.concat([bytes.subarray(0, at), Buffer.from([0xed, 0xa0, 0x80]), bytes.subarray(at)]); // a lone surrogate
      }
    }
  },
};

/** Rare operators (huge outputs) are drawn less often, so a run stays quick and still meets each. */
const WEIGHTS: [string, number][] = [
  ["deleteToken", 6],
  ["duplicateToken", 4],
  ["swapTokens", 4],
  ["insertPiece", 6],
  ["truncate", 4],
  ["randomBytes", 3],
  ["deepNesting", 1],
  ["longLine", 1],
  ["longFile", 1],
  ["oddEncoding", 2],
];

/** One to three operators, applied in order; their names say what the input is. */
export function mutate(bytes: Buffer, kind: Kind, rand: Rand): { bytes: Buffer; ops: string[] } {
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const ops: string[] = [];
  let out = bytes;
  for (let n = 1 + int(rand, 3); n > 0; n--) {
    let r = rand() * total;
    const [name] = WEIGHTS.find(([, w]) => (r -= w) < 0) ?? WEIGHTS[0]!;
    out = OPERATORS[name]!(out, rand, kind);
    ops.push(name);
  }
  return { bytes: out, ops };
}
