// ActiveSupport::Rescuable (7.2): `rescue_from Klass, with: :method` or a handler, kept per class and inherited
// (a subclass adds to a copy of its parent's list); rescue_with_handler finds the most recently declared handler
// whose class the error is (its cause next, when none is), calls it, and answers the error. An error the compiler
// planted for a construct it did not lower never matches (ruby/rescue.ts).
//   rescue_from FatalError, with: :note_fatal     rescueFrom(this, [FatalError], "noteFatal")
import { rescues } from "../ruby/rescue.js";

/** A handler: an instance method's (TS) name, or a function called with the object as `this` and the error. */
export type RescueHandler = string | ((this: unknown, error: unknown) => unknown);

interface Entry {
  klass: unknown;
  handler: RescueHandler;
}

const HANDLERS = Symbol("rescue_handlers");
type Holder = { [HANDLERS]?: Entry[] };

/** rescue_from(*klasses, with:): one entry per class, in declaration order, on this class's own copy of the list. */
export function rescueFrom(klass: object, klasses: readonly unknown[], handler: RescueHandler): void {
  const holder = klass as Holder;
  const own = Object.prototype.hasOwnProperty.call(holder, HANDLERS) ? holder[HANDLERS]! : [...(holder[HANDLERS] ?? [])];
  for (const k of klasses) own.push({ klass: k, handler });
  holder[HANDLERS] = own;
}

/**
 * rescue_with_handler(exception, object:): `{ handled: error }` once a handler ran (its errors propagate), null
 * when no handler takes the error or any of its causes.
 */
export function rescueWithHandler(object: object, error: unknown, visited: unknown[] = []): { handled: unknown } | null {
  visited.push(error);
  const entries = (object.constructor as Holder)[HANDLERS] ?? [];
  const entry = [...entries].reverse().find((e) => rescues(error, [e.klass]));
  if (entry) {
    if (typeof entry.handler === "string") {
      const method = (object as Record<string, unknown>)[entry.handler];
      if (typeof method !== "function") throw new TypeError(`undefined method '${entry.handler}' for rescue_from`);
      // A method of arity 0 is called without the error (Rescuable#handler_for_rescue).
      if (method.length === 0) method.call(object);
      else method.call(object, error);
    } else {
      entry.handler.call(object, error);
    }
    return { handled: error };
  }
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  if (cause === undefined || cause === null || visited.includes(cause)) return null;
  return rescueWithHandler(object, cause, visited);
}
