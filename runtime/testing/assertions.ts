// Minitest's and Active Support's assertions over lowered Ruby values, worded as Minitest words their failures
// (mu_pp is Ruby's inspect). A failed assertion throws an Assertion; `skip` throws a Skip.
//   assert x / refute x / assert_not x          assert(x) / refute(x)
//   assert_equal exp, act                       assertEqual(exp, act)      "Expected: 1\n  Actual: 2"
//   assert_nil / _empty / _includes / _match / _predicate, and their refute_ forms
import { inspect, toS } from "../ruby/ruby.js";
import { eq, send, truthy } from "../active-support/index.js";

/** Minitest::Assertion: a failed check (not an error of the code under test). */
export class Assertion extends Error {
  override readonly name = "Minitest::Assertion";
}

/** Minitest::Skip. */
export class Skip extends Error {
  override readonly name = "Minitest::Skip";
}

const pp = (v: unknown): string => inspect(v);

/**
 * Minitest's `message(msg) { default }`: a given message (a String, or a Proc answering one) goes first, then the
 * default, then `ending`. assert and refute differ: a given message replaces theirs (`replace`).
 */
export function failureMessage(message: unknown, fallback: () => string, ending = ".", replace = false): string {
  let given = message === null || message === undefined ? null : toS(typeof message === "function" ? (message as () => unknown)() : message);
  if (given !== null && replace) return given;
  if (given !== null && given.endsWith(".")) given = given.slice(0, -1);
  return `${given === null || given === "" ? "" : `${given}.\n`}${fallback()}${ending}`;
}

function check(ok: boolean, message: unknown, fallback: () => string, ending = "."): void {
  if (!ok) throw new Assertion(failureMessage(message, fallback, ending));
}

/** assert / refute: a given message is the whole message. */
function checkTruth(ok: boolean, message: unknown, fallback: () => string): void {
  if (!ok) throw new Assertion(failureMessage(message, fallback, ".", true));
}

/** The methods every test case has (ActiveSupport::TestCase < Minitest::Test), by their TS names. */
export class Assertions {
  assert(test: unknown, message: unknown = null): true {
    checkTruth(truthy(test), message, () => `Expected ${pp(test)} to be truthy`);
    return true;
  }

  refute(test: unknown, message: unknown = null): true {
    checkTruth(!truthy(test), message, () => `Expected ${pp(test)} to not be truthy`);
    return true;
  }

  assertEqual(expected: unknown, actual: unknown, message: unknown = null): true {
    check(eq(expected, actual), message, () => `Expected: ${pp(expected)}\n  Actual: ${pp(actual)}`, "");
    return true;
  }

  refuteEqual(expected: unknown, actual: unknown, message: unknown = null): true {
    check(!eq(expected, actual), message, () => `Expected ${pp(actual)} to not be equal to ${pp(expected)}`);
    return true;
  }

  assertNil(object: unknown, message: unknown = null): true {
    check(object === null || object === undefined, message, () => `Expected ${pp(object)} to be nil`);
    return true;
  }

  refuteNil(object: unknown, message: unknown = null): true {
    check(object !== null && object !== undefined, message, () => `Expected ${pp(object)} to not be nil`);
    return true;
  }

  assertEmpty(object: unknown, message: unknown = null): true {
    check(truthy(send(object, "empty?")), message, () => `Expected ${pp(object)} to be empty`);
    return true;
  }

  refuteEmpty(object: unknown, message: unknown = null): true {
    check(!truthy(send(object, "empty?")), message, () => `Expected ${pp(object)} to not be empty`);
    return true;
  }

  assertIncludes(collection: unknown, object: unknown, message: unknown = null): true {
    check(truthy(send(collection, "include?", object)), message, () => `Expected ${pp(collection)} to include ${pp(object)}`);
    return true;
  }

  refuteIncludes(collection: unknown, object: unknown, message: unknown = null): true {
    check(!truthy(send(collection, "include?", object)), message, () => `Expected ${pp(collection)} to not include ${pp(object)}`);
    return true;
  }

  assertMatch(matcher: unknown, object: unknown, message: unknown = null): true {
    check(matches(matcher, object), message, () => `Expected ${pp(asRegexp(matcher))} to match ${pp(object)}`);
    return true;
  }

  refuteMatch(matcher: unknown, object: unknown, message: unknown = null): true {
    check(!matches(matcher, object), message, () => `Expected ${pp(asRegexp(matcher))} to not match ${pp(object)}`);
    return true;
  }

  assertPredicate(object: unknown, predicate: unknown, message: unknown = null): true {
    check(truthy(send(object, toS(predicate))), message, () => `Expected ${pp(object)} to be ${toS(predicate)}`);
    return true;
  }

  refutePredicate(object: unknown, predicate: unknown, message: unknown = null): true {
    check(!truthy(send(object, toS(predicate))), message, () => `Expected ${pp(object)} to not be ${toS(predicate)}`);
    return true;
  }

  assertInDelta(expected: unknown, actual: unknown, delta: unknown = 0.001, message: unknown = null): true {
    const n = Math.abs(Number(expected) - Number(actual));
    check(Number(delta) >= n, message, () => `Expected |${pp(expected)} - ${pp(actual)}| (${n}) to be <= ${pp(delta)}`);
    return true;
  }

  flunk(message: unknown = null): never {
    throw new Assertion(message === null ? "Epic Fail!" : toS(message));
  }

  skip(message: unknown = null): never {
    throw new Skip(message === null ? "Skipped, no message given" : toS(message));
  }
}

/** Minitest's assert_match: a String matcher is matched literally (`Regexp.new(Regexp.escape(matcher))`). */
function asRegexp(matcher: unknown): RegExp {
  if (matcher instanceof RegExp) return new RegExp(matcher.source, matcher.flags.replace(/[gy]/g, ""));
  return new RegExp(regexpEscape(toS(matcher)));
}

function matches(matcher: unknown, object: unknown): boolean {
  return asRegexp(matcher).test(toS(object));
}

/** Ruby's Regexp.escape (a space becomes `\ `, as Ruby writes it; JS reads `\ ` as a space too). */
export function regexpEscape(text: string): string {
  const named: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\f": "\\f", "\v": "\\v", " ": "\\ " };
  return text.replace(/[.*?+^$|()[\]{}\\#\-\n\t\r\f\v ]/g, (c) => named[c] ?? `\\${c}`);
}
