// Ruby (Onigmo) regexp literals -> JS RegExp literals, for the constructs whose meaning is the same or has an
// exact JS spelling; anything else is declined (null) and the caller reports it.
//
//   \A  \z  \Z           (?<![\s\S])  (?![\s\S])  (?=\n?(?![\s\S]))
//   ^  $                 (?<![^\n])  (?![^\n])   Ruby's are line anchors on \n only (JS's m flag adds \r, U+2028)
//   .   /m's .           [^\n]  [\s\S]          Ruby's . matches \r and U+2028, JS's does not
//   \s  \S               [\t\n\v\f\r ]  [^...]   Ruby's \s is ASCII; JS's takes Unicode spaces
//   /x/i                 /x/i, s and k also match U+017F and U+212A, as Ruby's case folding does
//   /a b # c/x           /ab/                     extended mode: unescaped blanks and comments dropped
//   \h                   [0-9a-fA-F]
//   (?<name>...)         (?<name>...)             same syntax
//   (?-mix:a) (no flags) (?:a)                 an options group that keeps the pattern's options
// Declined: \G, possessive quantifiers, atomic groups, other inline options ((?i)), \p{...} in non-unicode mode;
// under /i, literal pairs Ruby folds to one character (ss, st, ff, fi, fl: /ss/i matches "ß").
// An interpolated literal (/#{room.name}/) is translated when it runs, from the source its values make
// (interpolatedRegexp below): the compiler translates literals, the runtime these.
import { notLoweredError } from "./not-lowered.js";
import { rubyRegexp } from "./ruby.js";

export interface JsRegex {
  source: string;
  flags: string;
}

/**
 * Unicode properties Onigmo and JS (with the u flag) spell and define alike. Both follow the Unicode tables of
 * their version (Ruby 3.3: Unicode 15.0; Node 20: 15.1), so the newest code points may differ.
 */
const SHARED_PROPERTIES = new Set([
  "Emoji", "Emoji_Presentation", "Emoji_Modifier", "Emoji_Modifier_Base", "Emoji_Component", "Extended_Pictographic",
  "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "S", "Z", "Zs",
  "Alpha", "Alphabetic", "White_Space", "Han", "Hiragana", "Katakana", "Latin", "Greek", "Cyrillic", "Arabic", "Hebrew",
]);

/** Onigmo's names of a property JS spells otherwise (\p{Space} is White_Space: every code point checked in the chroot). */
const PROPERTY_ALIASES: Record<string, string> = { Space: "White_Space" };

/**
 * Onigmo's POSIX bracket classes on Unicode strings, as Ruby 3.3 answers them (checked in the chroot: word is
 * Alphabetic | Mark | Decimal_Number | Connector_Punctuation, without Join_Control; alpha is Alphabetic).
 */
const POSIX_CLASSES: Record<string, string> = {
  word: "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}",
  alpha: "\\p{Alphabetic}",
  alnum: "\\p{Alphabetic}\\p{Nd}",
  digit: "\\p{Nd}",
  upper: "\\p{Uppercase}",
  lower: "\\p{Lowercase}",
  space: "\\p{White_Space}",
  xdigit: "0-9A-Fa-f",
};

/** /x: blanks and `#` comments outside character classes are not part of the pattern (Onigmo's extended mode). */
function stripExtended(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      out += c + (source[i + 1] ?? "");
      i++;
    } else if (inClass) {
      if (c === "]") inClass = false;
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else if (c === "#") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (!/\s/.test(c)) out += c;
  }
  return out;
}

// Letters Ruby's /i folds onto s and k that JS's (without the u flag) does not: U+017F (long s), U+212A (Kelvin).
const EXTRA_FOLDS: Record<string, string> = { s: "\\u017F", k: "\\u212A" };
const SPACE = "\\t\\n\\v\\f\\r ";

export function rubyRegexToJs(rawSource: string, rubyFlags: string): JsRegex | null {
  // /u is the UTF-8 encoding flag (the literal's own encoding already); /n and /e /s are other encodings: declined.
  if (/[^imxou]/.test(rubyFlags)) return null;
  const source = rubyFlags.includes("x") ? stripExtended(rawSource) : rawSource;
  const fold = rubyFlags.includes("i");
  if (fold && /ss|st|ff|fi|fl/i.test(source.replace(/\\./g, "\0"))) return null;
  let out = "";
  let unicode = false;
  let inClass = false;
  let classStart = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      i++;
      if (next === "p" || next === "P") {
        const m = /^\{(\^?)(\w+)\}/.exec(source.slice(i + 1));
        const property = m ? (PROPERTY_ALIASES[m[2]!] ?? m[2]!) : "";
        if (!m || m[1] || !SHARED_PROPERTIES.has(property)) return null;
        out += `\\${next}{${property}}`;
        i += m[0].length;
        unicode = true;
        continue;
      }
      if (inClass) {
        // \S has no spelling inside a JS class (without the v flag).
        if (next === "S") return null;
        out += next === "h" ? "0-9a-fA-F" : next === "s" ? SPACE : `\\${next}`;
        continue;
      }
      if (next === "A") out += "(?<![\\s\\S])";
      else if (next === "z") out += "(?![\\s\\S])";
      else if (next === "Z") out += "(?=\\n?(?![\\s\\S]))";
      else if (next === "h") out += "[0-9a-fA-F]";
      else if (next === "s" || next === "S") out += `[${next === "S" ? "^" : ""}${SPACE}]`;
      else if (next === "G" || next === "K" || next === "R" || next === "X") return null;
      else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (c === "]" && i === classStart) {
        out += "\\]";
        continue;
      }
      if (c === "]") {
        inClass = false;
        if (fold) out += foldExtras(source.slice(classStart, i));
      }
      if (c === "[" && source[i + 1] === ":") {
        // A POSIX bracket ([[:word:]]): Onigmo's Unicode definition, as JS property escapes (u flag).
        const m = /^\[:(\^?)(\w+):\]/.exec(source.slice(i));
        const js = m && !m[1] ? POSIX_CLASSES[m[2]!] : undefined;
        if (!js) return null;
        out += js;
        i += m![0].length - 1;
        if (js.includes("\\p{")) unicode = true;
        continue;
      }
      out += c;
      continue;
    }
    if (c === "[") {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal member, not the end.
      classStart = source[i + 1] === "^" ? i + 2 : i + 1;
      if (source[i + 1] === "^") {
        out += "[^";
        i++;
        continue;
      }
    } else if (c === "^") {
      out += "(?<![^\\n])";
      continue;
    } else if (c === "$") {
      out += "(?![^\\n])";
      continue;
    } else if (c === ".") {
      out += rubyFlags.includes("m") ? "[\\s\\S]" : "[^\\n]";
      continue;
    } else if (fold && EXTRA_FOLDS[c.toLowerCase()]) {
      out += `[${c}${EXTRA_FOLDS[c.toLowerCase()]}]`;
      continue;
    } else if (c === "(" && /^\?[imx]*-?[imx]*:/.test(source.slice(i + 1))) {
      // An options group (a Regexp's to_s interpolated: `(?i-mx:a)`) is a plain group when it keeps the options
      // the whole pattern has; JS (Node 20) has no inline options otherwise.
      const m = /^\(\?([imx]*)(?:-([imx]*))?:/.exec(source.slice(i))!;
      const [on, off] = [m[1] ?? "", m[2] ?? ""];
      const same = [..."imx"].every((o) => (on.includes(o) ? true : off.includes(o) ? false : rubyFlags.includes(o)) === rubyFlags.includes(o));
      if (!same) return null;
      out += "(?:";
      i += m[0].length - 1;
      continue;
    } else if (c === "(" && source[i + 1] === "?" && !/^\?(?:<[A-Za-z_]|:|=|!|<=|<!)/.test(source.slice(i + 1, i + 4))) return null;
    else if ((c === "+" || c === "*" || c === "?" || c === "}") && source[i + 1] === "+") return null;
    out += c;
  }
  let flags = "";
  if (fold) flags += "i";
  if (unicode) {
    // The u flag makes JS stricter about escapes: a pattern it rejects is declined rather than guessed at.
    flags += "u";
    try {
      new RegExp(out, flags);
    } catch {
      return null;
    }
  }
  return { source: out, flags };
}

/** The extra members a class needs under /i for Ruby's folds: a class holding s or k (or a range over it). */
function foldExtras(body: string): string {
  const members = body.replace(/\\./g, "");
  const covers = (ch: string) => [ch, ch.toUpperCase()].some((x) => {
    if (members.includes(x)) return true;
    for (const m of members.matchAll(/(.)-(.)/g)) if (m[1]! <= x && x <= m[2]!) return true;
    return false;
  });
  return Object.entries(EXTRA_FOLDS).filter(([ch]) => covers(ch)).map(([, extra]) => extra).join("");
}

const interpolated = new Map<string, RegExp>();

/**
 * `/a#{x}b/m`: Ruby builds the pattern from the literal's source with each value's to_s in place, unescaped (a
 * Regexp value as its to_s, `(?i-mx:a)`), then compiles it. The source is translated here as a literal's is at
 * compile time; one Ruby spells in a way JS cannot (or JS rejects) raises where it is built, naming the pattern.
 */
export function interpolatedRegexp(rubySource: string, rubyFlags: string): RegExp {
  const key = `${rubyFlags}/${rubySource}`;
  const cached = interpolated.get(key);
  // Shared between evaluations: nothing lowered matches with the g or y flag, so a RegExp keeps no state.
  if (cached) return cached;
  const js = rubyRegexToJs(rubySource, rubyFlags);
  let re: RegExp | null = null;
  if (js) {
    try {
      re = rubyRegexp(js.source, js.flags, rubySource, rubyFlags);
    } catch {
      re = null;
    }
  }
  if (!re) throw notLoweredError(`rails2ts: declined: the interpolated regexp /${rubySource}/${rubyFlags} has no exact JS equivalent`);
  interpolated.set(key, re);
  return re;
}
