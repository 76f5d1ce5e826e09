// Regexp's own methods on a RegExp receiver (`/#{name}/.match?(body)`), answered as String's with the operands
// swapped; nil matches nothing (Regexp#match?(nil) is false, #match(nil) and =~ nil are nil).
//   re.match?(s, pos)   StringMethods.isMatch(s, re, pos)
//   re.match(s)         StringMethods.match(s, re)      (a MatchData, or nil)
//   re =~ s             coreBinop("=~", s, re)          (core-operators.ts)
//   re.source           the Ruby source (rubyRegexp keeps it where the JS spelling differs)
import { inspect, regexpSource, toS } from "../../ruby/ruby.js";
import { StringMethods } from "./core-string.js";

export const RegexpMethods = {
  isMatch: (re: RegExp, str: unknown, pos: unknown = 0) => (str === null || str === undefined ? false : StringMethods.isMatch(toS(str), re, pos)),
  match: (re: RegExp, str: unknown, ...rest: unknown[]) => (str === null || str === undefined ? null : StringMethods.match(toS(str), re, ...rest)),
  source: (re: RegExp) => regexpSource(re),
  toS: (re: RegExp) => toS(re),
  inspect: (re: RegExp) => inspect(re),
};
