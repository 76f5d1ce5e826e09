// An HTML5 tokenizer (WHATWG §13.2.5) for the sanitizers: tags with attributes, text with character
// references, comments, and the raw-text/RCDATA elements whose content is not markup. Parse errors
// recover the way the spec says (an unterminated tag at end of input is dropped, a lone "<" is text).
import { NAMED_ENTITIES } from "./entities.js";

export type Token =
  | { type: "start"; name: string; attrs: [string, string][]; selfClosing: boolean }
  | { type: "end"; name: string }
  | { type: "text"; data: string }
  | { type: "comment"; data: string };

/** Elements whose content the tokenizer reads as text up to the matching end tag. */
export const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript"]);
export const RCDATA = new Set(["textarea", "title"]);

const WINDOWS_1252: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};
const LONGEST_ENTITY = Math.max(...Object.keys(NAMED_ENTITIES).map((k) => k.length));

/** Decodes the character reference at `s[i]` (an "&"); returns [text, length consumed] or null. */
export function charRef(s: string, i: number, inAttribute: boolean): [string, number] | null {
  const num = /^&#([xX][0-9a-fA-F]+|[0-9]+);?/.exec(s.slice(i, i + 12));
  if (num) {
    const hex = /^[xX]/.test(num[1]!);
    let cp = parseInt(hex ? num[1]!.slice(1) : num[1]!, hex ? 16 : 10);
    if (WINDOWS_1252[cp]) cp = WINDOWS_1252[cp]!;
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
    return [String.fromCodePoint(cp), num[0].length];
  }
  for (let len = Math.min(LONGEST_ENTITY, s.length - i - 1); len > 0; len--) {
    const name = s.slice(i + 1, i + 1 + len);
    const value = NAMED_ENTITIES[name];
    if (value === undefined) continue;
    const next = s[i + 1 + len] ?? "";
    if (!name.endsWith(";") && inAttribute && /[=A-Za-z0-9]/.test(next)) return null;
    return [value, len + 1];
  }
  return null;
}

function decode(text: string, inAttribute: boolean): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "&") {
      out += text[i];
      continue;
    }
    const ref = charRef(text, i, inAttribute);
    if (!ref) out += "&";
    else {
      out += ref[0];
      i += ref[1] - 1;
    }
  }
  return out;
}

/** Reads one start or end tag at `i` (just after "<" or "</"); null when input ends inside it. */
function readTag(s: string, i: number, end: boolean): [Token, number] | null {
  const nameMatch = /^[^\t\n\f />]+/.exec(s.slice(i));
  let j = i + nameMatch![0].length;
  const name = nameMatch![0].toLowerCase();
  const attrs: [string, string][] = [];
  let selfClosing = false;
  for (;;) {
    while (/[\t\n\f ]/.test(s[j] ?? "")) j++;
    if (j >= s.length) return null;
    if (s[j] === ">") break;
    if (s[j] === "/") {
      j++;
      if (s[j] === ">") {
        selfClosing = true;
        break;
      }
      continue;
    }
    const an = /^[^\t\n\f />][^\t\n\f />=]*/.exec(s.slice(j))!;
    const attrName = an[0].toLowerCase();
    j += an[0].length;
    while (/[\t\n\f ]/.test(s[j] ?? "")) j++;
    let value = "";
    if (s[j] === "=") {
      j++;
      while (/[\t\n\f ]/.test(s[j] ?? "")) j++;
      const q = s[j];
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, j + 1);
        if (close < 0) return null;
        value = decode(s.slice(j + 1, close), true);
        j = close + 1;
      } else {
        const raw = /^[^\t\n\f >]*/.exec(s.slice(j))![0];
        value = decode(raw, true);
        j += raw.length;
      }
    }
    if (!attrs.some(([n]) => n === attrName)) attrs.push([attrName, value]);
  }
  const token: Token = end ? { type: "end", name } : { type: "start", name, attrs, selfClosing };
  return [token, j + 1];
}

/** Tokenizes an HTML fragment. `rawUntil` tells which start tags switch to raw text (as the tree builder would). */
export function tokenize(input: string): Token[] {
  const s = input.replace(/\r\n?/g, "\n").replace(/\0/g, "");
  const tokens: Token[] = [];
  let text = "";
  const flush = () => {
    if (text) tokens.push({ type: "text", data: decode(text, false) });
    text = "";
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c !== "<") {
      text += c;
      i++;
      continue;
    }
    const next = s[i + 1] ?? "";
    if (s.startsWith("<!--", i)) {
      flush();
      const close = s.indexOf("-->", i + 4);
      tokens.push({ type: "comment", data: s.slice(i + 4, close < 0 ? s.length : close) });
      i = close < 0 ? s.length : close + 3;
    } else if (next === "!" || next === "?" || (next === "/" && !/[A-Za-z>]/.test(s[i + 2] ?? "x"))) {
      flush();
      const close = s.indexOf(">", i);
      if (next !== "!" || !/^<!doctype/i.test(s.slice(i))) tokens.push({ type: "comment", data: s.slice(i + (next === "/" ? 2 : next === "?" ? 1 : 2), close < 0 ? s.length : close) });
      i = close < 0 ? s.length : close + 1;
    } else if (/[A-Za-z]/.test(next) || (next === "/" && /[A-Za-z]/.test(s[i + 2] ?? ""))) {
      const end = next === "/";
      const read = readTag(s, i + (end ? 2 : 1), end);
      flush();
      if (!read) break;
      tokens.push(read[0]);
      i = read[1];
      if (read[0].type === "start" && (RAW_TEXT.has(read[0].name) || RCDATA.has(read[0].name))) i = readRawText(s, i, read[0].name, tokens);
    } else if (next === "/" && s[i + 2] === ">") {
      i += 3;
    } else {
      text += c;
      i++;
    }
  }
  flush();
  return tokens;
}

/** Raw text / RCDATA: everything up to `</name` (case-insensitive) followed by space, "/" or ">". */
function readRawText(s: string, i: number, name: string, tokens: Token[]): number {
  const re = new RegExp(`</${name}[\\t\\n\\f />]`, "i");
  const m = re.exec(s.slice(i));
  const end = m ? i + m.index : s.length;
  const data = s.slice(i, end);
  if (data) tokens.push({ type: "text", data: RCDATA.has(name) ? decode(data, false) : data });
  if (!m) return s.length;
  const close = s.indexOf(">", end);
  tokens.push({ type: "end", name });
  return close < 0 ? s.length : close + 1;
}
