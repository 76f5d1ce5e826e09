// Ruby (Onigmo) regexp literals -> JS RegExp literals, for the constructs whose meaning is the same or has an
// exact JS spelling; anything else is declined (null) and the caller reports it.
//
//   /\Ahttps?:\/\//       /^https?:\/\//          \A -> ^ (no m flag, so ^ is the string start)
//   /\d+\z/               /\d+$/                  \z -> $ (no m flag)
//   /^foo$/  (line anchors in Ruby)  /^foo$/m     Ruby's ^ $ are always line anchors: JS needs the m flag
//   /x/i                  /x/i                    /m (dot matches newline) -> s
//   \h                    [0-9a-fA-F]
//   (?<name>...)          (?<name>...)            same syntax
// Declined: \Z, \G, possessive quantifiers, atomic groups, (?i) inline options, /x extended mode, \p{...} in
// non-unicode mode, interpolation.
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

export function rubyRegexToJs(source: string, rubyFlags: string): JsRegex | null {
  // /u is the UTF-8 encoding flag (the literal's own encoding already); /n and /e /s are other encodings: declined.
  if (/[^imxou]/.test(rubyFlags) || rubyFlags.includes("x")) return null;
  let out = "";
  let usesLineAnchors = false;
  let unicode = false;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      i++;
      if (next === "p" || next === "P") {
        const m = /^\{(\^?)(\w+)\}/.exec(source.slice(i + 1));
        if (!m || m[1] || !SHARED_PROPERTIES.has(m[2]!)) return null;
        out += `\\${next}{${m[2]}}`;
        i += m[0].length;
        unicode = true;
        continue;
      }
      if (inClass) {
        out += next === "h" ? "0-9a-fA-F" : `\\${next}`;
        continue;
      }
      if (next === "A") out += "(?<![\\s\\S])";
      else if (next === "z") out += "(?![\\s\\S])";
      else if (next === "h") out += "[0-9a-fA-F]";
      else if (next === "Z" || next === "G" || next === "K" || next === "R" || next === "X") return null;
      else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
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
    if (c === "[") inClass = true;
    else if (c === "^" || c === "$") usesLineAnchors = true;
    else if (c === "(" && source[i + 1] === "?" && !/^\?(?:<[A-Za-z_]|:|=|!|<=|<!)/.test(source.slice(i + 1, i + 4))) return null;
    else if ((c === "+" || c === "*" || c === "?" || c === "}") && source[i + 1] === "+") return null;
    out += c;
  }
  let flags = "";
  if (rubyFlags.includes("i")) flags += "i";
  if (rubyFlags.includes("m")) flags += "s";
  if (usesLineAnchors) flags += "m";
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
