// `rescue Klass => e`: whether a raised error is a Klass, by Ruby's exception hierarchy for what the runtime
// raises. Errors carry their Ruby class's last name segment in `name` (RecordNotFound, ParameterMissing); the
// table gives each its parent, up to StandardError. A bare `rescue` is `rescue StandardError`: every error but
// the one the compiler plants for a construct it did not lower, which must never be swallowed.
import { NOT_LOWERED } from "./not-lowered.js";
import { RubyException } from "./exceptions.js";
const PARENT: Record<string, string> = {
  RecordNotFound: "ActiveRecordError",
  RecordInvalid: "ActiveRecordError",
  RecordNotSaved: "ActiveRecordError",
  RecordNotDestroyed: "ActiveRecordError",
  RecordNotUnique: "WrappedDatabaseException",
  InvalidForeignKey: "WrappedDatabaseException",
  NotNullViolation: "StatementInvalid",
  WrappedDatabaseException: "StatementInvalid",
  StatementInvalid: "ActiveRecordError",
  SoleRecordExceeded: "ActiveRecordError",
  ActiveRecordError: "StandardError",
  ForbiddenAttributesError: "StandardError",
  ParameterMissing: "KeyError",
  UnfilteredParameters: "ArgumentError",
  KeyError: "IndexError",
  IndexError: "StandardError",
  ArgumentError: "StandardError",
  InvalidAuthenticityToken: "ActionControllerError",
  InvalidCrossOriginRequest: "ActionControllerError",
  UnknownFormat: "ActionControllerError",
  UnsafeRedirectError: "ActionControllerError",
  DoubleRenderError: "ActionControllerError",
  ActionNotFound: "StandardError",
  RoutingError: "ActionControllerError",
  UrlGenerationError: "ActionControllerError",
  ActionControllerError: "StandardError",
  BadRequest: "ActionControllerError",
  TypeError: "StandardError",
  RangeError: "StandardError",
  SyntaxError: "StandardError",
  NoMethodError: "NameError",
  NameError: "StandardError",
  RuntimeError: "StandardError",
  ZeroDivisionError: "StandardError",
  StandardError: "Exception",
  SystemStackError: "Exception",
  StopIteration: "IndexError",
  FrozenError: "RuntimeError",
};

/** The name of the error `unsupported(...)` and declined sites throw (runtime/ruby/not-lowered.ts). */
export { NOT_LOWERED };

/**
 * The Ruby class names of an error, itself first, up to Exception: a Ruby exception (exceptions.ts, an app's own
 * subclass) by its classes' rubyName; another runtime error by its name and the table above; an error of the JS
 * engine as Ruby would have raised it (a call on nil is a NoMethodError, a runaway recursion SystemStackError).
 */
export function rubyAncestry(error: Error): string[] {
  const out: string[] = [];
  if (error instanceof RubyException) {
    for (let c = error.constructor as { rubyName?: string } | null; c && c.rubyName; c = Object.getPrototypeOf(c)) {
      if (out[out.length - 1] !== c.rubyName) out.push(c.rubyName);
    }
    return out;
  }
  let own = error.name === "Error" ? "RuntimeError" : error.name;
  if (error.constructor === TypeError) {
    own = /^comparison of /.test(error.message) ? "ArgumentError" : /^(undefined method|Cannot read properties of|.* is not a function)/.test(error.message) ? "NoMethodError" : "TypeError";
  } else if (error.constructor === RangeError && /call stack/.test(error.message)) own = "SystemStackError";
  for (let name: string | undefined = own; name; name = PARENT[name]) out.push(name);
  return out;
}

/**
 * Whether `error` is an instance of one of the classes: Ruby names (`ActiveRecord::RecordNotFound`, matched by
 * their last segment as the runtime's errors carry it), or class values (an app's exception class, `rescue *LIST`).
 */
export function rescues(error: unknown, classes: readonly unknown[]): boolean {
  if (!(error instanceof Error) || error.name === NOT_LOWERED) return false;
  const names = rubyAncestry(error).map((n) => n.split("::").pop()!);
  for (const c of classes) {
    if (typeof c === "function") {
      if (error instanceof c) return true;
      const named = (c as { rubyName?: string }).rubyName;
      if (named && !(c.prototype instanceof RubyException) && c !== RubyException && names.includes(named.split("::").pop()!)) return true;
    } else if (typeof c === "string" && names.includes(c.split("::").pop()!)) return true;
  }
  return false;
}
