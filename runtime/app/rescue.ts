// `rescue Klass => e`: whether a raised error is a Klass, by Ruby's exception hierarchy for what the runtime
// raises. Errors carry their Ruby class's last name segment in `name` (RecordNotFound, ParameterMissing); the
// table gives each its parent, up to StandardError. A bare `rescue` is `rescue StandardError`: every error but
// the one the compiler plants for a construct it did not lower, which must never be swallowed.
import { NOT_LOWERED } from "../support/not-lowered.js";
const PARENT: Record<string, string> = {
  RecordNotFound: "ActiveRecordError",
  RecordInvalid: "ActiveRecordError",
  RecordNotSaved: "ActiveRecordError",
  RecordNotDestroyed: "ActiveRecordError",
  RecordNotUnique: "WrappedDatabaseException",
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
};

/** The name of the error `unsupported(...)` and declined sites throw (runtime/support/not-lowered.ts). */
export { NOT_LOWERED };

/** Whether `error` is an instance of one of the Ruby classes named (`ActiveRecord::RecordNotFound`, ...). */
export function rescues(error: unknown, classes: readonly string[]): boolean {
  if (!(error instanceof Error) || error.name === NOT_LOWERED) return false;
  // A JS Error with no Ruby name of its own ("Error") is a RuntimeError, as `raise "message"` makes.
  const own = error.name === "Error" ? "RuntimeError" : error.name;
  const wanted = new Set(classes.map((c) => c.split("::").pop()!));
  for (let name: string | undefined = own; name; name = PARENT[name]) if (wanted.has(name)) return true;
  return false;
}
