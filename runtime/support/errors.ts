// Ruby's core exception classes the core methods raise, each named as Ruby names it (the name `rescue` matches and
// the message's class): ArgumentError from Integer("x"), FrozenError from `<<` on a frozen String, ...
export class ArgumentError extends Error {
  override name = "ArgumentError";
}

export class FrozenError extends Error {
  override name = "FrozenError";
}

export class ZeroDivisionError extends Error {
  override name = "ZeroDivisionError";
}

export class NoMatchingPatternError extends Error {
  override name = "NoMatchingPatternError";
}

export class NoMatchingPatternKeyError extends Error {
  override name = "NoMatchingPatternKeyError";
}

/** Date::Error "invalid date" (Date.new(2023, 2, 29), Date.parse("x"), Date#change to a day the month lacks). */
export class DateError extends Error {
  override name = "Date::Error";
  readonly rubyClass = "Date::Error";
}
