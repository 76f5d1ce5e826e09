// Ruby's core exception classes the core methods raise (runtime/ruby/exceptions.ts holds the hierarchy), each
// named as Ruby names it (the name `rescue` matches and the message's class): ArgumentError from Integer("x"),
// FrozenError from `<<` on a frozen String, ...
import { ArgumentError } from "./exceptions.js";

export { ArgumentError, FrozenError, NoMatchingPatternError, NoMatchingPatternKeyError, ZeroDivisionError } from "./exceptions.js";

/** Date::Error "invalid date" (Date.new(2023, 2, 29), Date.parse("x"), Date#change to a day the month lacks). */
export class DateError extends ArgumentError {
  static override rubyName = "Date::Error";
}
