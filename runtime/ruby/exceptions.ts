// Ruby's exception classes, as JS classes in Ruby's hierarchy: what `raise ArgumentError, "x"` raises, what
// `rescue KeyError` and `is_a?(StandardError)` test, and what an app's own `class NotFound < StandardError`
// extends (src/lower/core/plain-class.ts, through the library bases registered below).
//   raise ArgumentError, "bad"        raise(ArgumentError, "bad")   -> ArgumentError.exception("bad")
//   ArgumentError.new("bad").message  ArgumentError.build("bad").message           "bad"
//   class NotFound < StandardError    class NotFound extends StandardError { static override rubyName = ... }
// An exception's Ruby message is `to_s` (the message given to new, else the class name); the JS `message` reads
// it too, so logs and error pages print what Ruby prints. A class whose `def message` / `def to_s` overrides it
// is read through the same accessor.
import { inspectString, toS } from "./ruby.js";
import { registerLibraryBase } from "./library-bases.js";
import { APP_CLASS, newInstance } from "./app-class.js";

export class RubyException extends Error {
  static rubyName = "Exception";
  static readonly [APP_CLASS] = true;
  /** `@name` of this object (an app's exception class keeps its own state there). */
  readonly ivars: Record<string, unknown> = {};
  /** The message given to new (nil: the class name is the message). */
  protected given: unknown = null;
  /** Exception#cause: the exception being handled when this one was raised. */
  override cause: unknown = null;

  constructor(message?: unknown) {
    // No own `message` property: the accessor below answers it, so a subclass's `def message` is what JS reads.
    super();
    if (message !== undefined) this.given = message;
  }

  /** Class#new: allocate, then initialize (an app subclass's `def initialize(field, msg = nil) ... super`). */
  static build<T extends RubyException>(this: new () => T, ...args: unknown[]): T {
    return newInstance(this, args);
  }

  static new<T extends RubyException>(this: new () => T, ...args: unknown[]): T {
    return (this as unknown as { build(...a: unknown[]): T }).build(...args);
  }

  /** Exception.exception(message): what `raise Klass, message` calls. */
  static exception<T extends RubyException>(this: new () => T, ...args: unknown[]): T {
    return (this as unknown as { build(...a: unknown[]): T }).build(...args);
  }

  initialize(message: unknown = null): unknown {
    this.given = message;
    return null;
  }

  override get name(): string {
    return this.rubyClassName();
  }

  /** The Ruby class's full name, which error pages and the corpus print. */
  get rubyClass(): string {
    return this.rubyClassName();
  }

  rubyClassName(): string {
    return (this.constructor as typeof RubyException).rubyName;
  }

  /** Exception#to_s. */
  toS(): unknown {
    return this.given === null || this.given === undefined ? this.rubyClassName() : toS(this.given);
  }

  toRubyString(): string {
    return toS(this.toS());
  }

  /** Exception#message: to_s (a subclass's `def message` overrides this accessor). */
  override get message(): string {
    return toS(this.toS());
  }

  override set message(value: string) {
    this.given = value;
  }

  /** Exception#inspect (Ruby 3.3): the class name alone for an empty message, the message quoted when it has a newline. */
  toRubyInspect(): string {
    const text = toS((this as { message: unknown }).message);
    const klass = this.rubyClassName();
    if (text === "") return klass;
    return text.includes("\n") ? `#<${klass}:${inspectString(text)}>` : `#<${klass}: ${text}>`;
  }

  /** Exception#==: the same class and the same message. */
  isEqual(other: unknown): boolean {
    return other instanceof RubyException && other.constructor === this.constructor && other.message === this.message;
  }

  /** Exception#full_message without a backtrace: "<message> (<Class>)". */
  fullMessage(): string {
    return `${this.message} (${this.rubyClassName()})`;
  }

  backtrace(): unknown {
    return null;
  }
}

export class ScriptError extends RubyException {
  static override rubyName = "ScriptError";
}
export class NotImplementedError extends ScriptError {
  static override rubyName = "NotImplementedError";
}
export class StandardError extends RubyException {
  static override rubyName = "StandardError";
}
export class RuntimeError extends StandardError {
  static override rubyName = "RuntimeError";
}
export class FrozenError extends RuntimeError {
  static override rubyName = "FrozenError";
}
export class ArgumentError extends StandardError {
  static override rubyName = "ArgumentError";
}
export class UncaughtThrowError extends ArgumentError {
  static override rubyName = "UncaughtThrowError";
}
/** Ruby's TypeError (JS has its own: the runtime exports this one as RubyTypeError). */
export class RubyTypeError extends StandardError {
  static override rubyName = "TypeError";
}
export class NameError extends StandardError {
  static override rubyName = "NameError";
}
export class NoMethodError extends NameError {
  static override rubyName = "NoMethodError";
}
export class ZeroDivisionError extends StandardError {
  static override rubyName = "ZeroDivisionError";
}
export class IndexError extends StandardError {
  static override rubyName = "IndexError";
}
export class KeyError extends IndexError {
  static override rubyName = "KeyError";
}
export class StopIteration extends IndexError {
  static override rubyName = "StopIteration";
  constructor(
    message?: unknown,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}
/** Ruby's RangeError (exported as RubyRangeError beside JS's). */
export class RubyRangeError extends StandardError {
  static override rubyName = "RangeError";
}
export class FloatDomainError extends RubyRangeError {
  static override rubyName = "FloatDomainError";
}
export class IOError extends StandardError {
  static override rubyName = "IOError";
}
export class EncodingError extends StandardError {
  static override rubyName = "EncodingError";
}
export class LocalJumpError extends StandardError {
  static override rubyName = "LocalJumpError";
}
export class NoMatchingPatternError extends StandardError {
  static override rubyName = "NoMatchingPatternError";
}
export class NoMatchingPatternKeyError extends NoMatchingPatternError {
  static override rubyName = "NoMatchingPatternKeyError";
}
export class RegexpError extends StandardError {
  static override rubyName = "RegexpError";
}
export class ThreadError extends StandardError {
  static override rubyName = "ThreadError";
}
export class SecurityError extends RubyException {
  static override rubyName = "SecurityError";
}
export class TimeoutError extends RuntimeError {
  static override rubyName = "Timeout::Error";
}

/** Ruby's core exception classes by constant name, as the compiler resolves them and the runtime exports them. */
export const CORE_EXCEPTIONS: Record<string, [exportName: string, cls: typeof RubyException]> = {
  Exception: ["RubyException", RubyException],
  ScriptError: ["ScriptError", ScriptError],
  NotImplementedError: ["NotImplementedError", NotImplementedError],
  StandardError: ["StandardError", StandardError],
  RuntimeError: ["RuntimeError", RuntimeError],
  FrozenError: ["FrozenError", FrozenError],
  ArgumentError: ["ArgumentError", ArgumentError],
  UncaughtThrowError: ["UncaughtThrowError", UncaughtThrowError],
  TypeError: ["RubyTypeError", RubyTypeError],
  NameError: ["NameError", NameError],
  NoMethodError: ["NoMethodError", NoMethodError],
  ZeroDivisionError: ["ZeroDivisionError", ZeroDivisionError],
  IndexError: ["IndexError", IndexError],
  KeyError: ["KeyError", KeyError],
  StopIteration: ["StopIteration", StopIteration],
  RangeError: ["RubyRangeError", RubyRangeError],
  FloatDomainError: ["FloatDomainError", FloatDomainError],
  IOError: ["IOError", IOError],
  EncodingError: ["EncodingError", EncodingError],
  LocalJumpError: ["LocalJumpError", LocalJumpError],
  NoMatchingPatternError: ["NoMatchingPatternError", NoMatchingPatternError],
  NoMatchingPatternKeyError: ["NoMatchingPatternKeyError", NoMatchingPatternKeyError],
  RegexpError: ["RegexpError", RegexpError],
  ThreadError: ["ThreadError", ThreadError],
  SecurityError: ["SecurityError", SecurityError],
  "Timeout::Error": ["TimeoutError", TimeoutError],
};

// An app's `class Error < StandardError` extends these (the plain-class lowering reads LIBRARY_BASES).
for (const [ruby, [exportName, cls]] of Object.entries(CORE_EXCEPTIONS)) registerLibraryBase(ruby, exportName, cls);
