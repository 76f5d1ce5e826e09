// String#succ and the walk a String Range takes (String#upto), as Ruby 3.3 defines them:
//   "az".succ -> "ba"    "zz".succ -> "aaa"    "a9".succ -> "b0"    "Zz".succ -> "AAa"    "1.9".succ -> "2.0"
//   ("a".."e")  a b c d e     ("08".."11")  08 09 10 11     ("a".."zz")  a .. z aa .. zz (702 strings)

const isDigit = (c: string) => c >= "0" && c <= "9";
const isLower = (c: string) => c >= "a" && c <= "z";
const isUpper = (c: string) => c >= "A" && c <= "Z";
const isAlnum = (c: string) => isDigit(c) || isLower(c) || isUpper(c);

/** String#succ: the rightmost alphanumeric increments, carrying leftwards over alphanumerics only. */
export function stringSucc(s: string): string {
  if (s === "") return "";
  const chars = Array.from(s);
  let i = chars.length - 1;
  while (i >= 0 && !isAlnum(chars[i]!)) i--;
  if (i < 0) {
    // No alphanumerics: the last character's code increments.
    const last = chars.length - 1;
    chars[last] = String.fromCodePoint(chars[last]!.codePointAt(0)! + 1);
    return chars.join("");
  }
  let carryAt = i;
  let carry = "";
  for (let j = i; j >= 0; j--) {
    const c = chars[j]!;
    if (!isAlnum(c)) continue;
    carryAt = j;
    if (c === "9") (chars[j] = "0"), (carry = "1");
    else if (c === "z") (chars[j] = "a"), (carry = "a");
    else if (c === "Z") (chars[j] = "A"), (carry = "A");
    else {
      chars[j] = String.fromCharCode(c.charCodeAt(0) + 1);
      return chars.join("");
    }
  }
  chars.splice(carryAt, 0, carry);
  return chars.join("");
}

/** The Strings of `from..to` (or `from...to`), String#upto's walk; `to` null walks without end. */
export function* stringUpto(from: string, to: string | null, exclusive: boolean): Generator<string> {
  if (to === null) {
    for (let s = from; ; s = stringSucc(s)) yield s;
  }
  // Single ASCII characters walk by code.
  if (from.length === 1 && to.length === 1 && from.charCodeAt(0) < 128 && to.charCodeAt(0) < 128) {
    const last = to.charCodeAt(0) - (exclusive ? 1 : 0);
    for (let c = from.charCodeAt(0); c <= last; c++) yield String.fromCharCode(c);
    return;
  }
  // Two digit strings walk as numbers, zero-padded to the first one's width.
  if (/^\d+$/.test(from) && /^\d+$/.test(to)) {
    const last = Number(to) - (exclusive ? 1 : 0);
    for (let n = Number(from); n <= last; n++) yield String(n).padStart(from.length, "0");
    return;
  }
  if (from > to || (exclusive && from === to)) return;
  for (let s = from; ; ) {
    if (exclusive && s === to) return;
    yield s;
    if (s === to) return;
    s = stringSucc(s);
    if (s.length > to.length || s.length === 0) return;
  }
}
