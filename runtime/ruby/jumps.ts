// Ruby's jumps out of a block, which a JS function cannot make with its own statements:
//   break v  in a block     throw new BreakSignal(tag, v)   the call the block was given to answers v
//                           (the lowering wraps that call: breakable((tag) => call(..., block)))
//   return v in a block     throw new ReturnSignal(tag, v)  the method (or lambda) the block is written in answers v
//                           (its body: const tag = jumpTag(); try { ... } catch (e) { return caughtReturn(e, tag); })
//   throw :tag, v           throw new ThrowSignal(tag, v)   Kernel#catch(:tag) { ... } answers v
// Signals are not Errors: `rescue` never takes one (runtime/ruby/rescue.ts tests `instanceof Error`), `ensure`
// (finally) runs as they pass, as in Ruby. A tag is an object made fresh for each call, so a recursive method's
// blocks leave their own frame and no other.

import { UncaughtThrowError } from "./exceptions.js";
import { inspect } from "./ruby.js";

/** A fresh tag for one call of a method, a lambda or a block-taking call. */
export function jumpTag(): object {
  return {};
}

export class BreakSignal {
  constructor(
    readonly tag: object,
    readonly value: unknown,
  ) {}
}

export class ReturnSignal {
  constructor(
    readonly tag: object,
    readonly value: unknown,
  ) {}
}

/** A call whose block breaks: the call's value, or the value the block broke with. */
export function breakable<T>(body: (tag: object) => T): T | unknown {
  const tag = jumpTag();
  try {
    return body(tag);
  } catch (e) {
    if (e instanceof BreakSignal && e.tag === tag) return e.value;
    throw e;
  }
}

/** What a method answers when its body threw `e`: the value of its own ReturnSignal; anything else passes on. */
export function caughtReturn(e: unknown, tag: object): unknown {
  if (e instanceof ReturnSignal && e.tag === tag) return e.value;
  throw e;
}

/** `throw tag, value` on its way to the Kernel#catch of that tag (not an Error: no rescue takes it). */
export class ThrowSignal {
  constructor(
    readonly tag: unknown,
    readonly value: unknown,
  ) {}
}

/** The tags of the catch blocks running now, innermost last (code inside a catch block runs synchronously). */
const catching: unknown[] = [];

/**
 * Kernel#catch(tag) around an awaited block (Minitest's assert_throws in a lowered test): whether the block threw to
 * the tag, and the value thrown or the block's. The tag stays caught until the block settles.
 */
export async function rubyCatchAwaited(tag: unknown, block: () => unknown): Promise<{ thrown: boolean; value: unknown }> {
  catching.push(tag);
  try {
    return { thrown: false, value: await block() };
  } catch (e) {
    if (e instanceof ThrowSignal && e.tag === tag) return { thrown: true, value: e.value };
    throw e;
  } finally {
    catching.splice(catching.lastIndexOf(tag), 1);
  }
}

/** Kernel#catch(tag = Object.new) { |tag| ... }: the block's value, or the value thrown to the tag. */
export function rubyCatch(...args: unknown[]): unknown {
  const block = args.pop() as (tag: unknown) => unknown;
  const tag = args.length ? args[0] : { rubyCatchTag: true };
  catching.push(tag);
  try {
    return block(tag);
  } catch (e) {
    if (e instanceof ThrowSignal && e.tag === tag) return e.value;
    throw e;
  } finally {
    catching.pop();
  }
}

/** Kernel#throw: to the innermost catch of the same object; UncaughtThrowError when none is running. */
export function rubyThrow(tag: unknown, value: unknown = null): never {
  if (!catching.includes(tag)) throw new UncaughtThrowError(`uncaught throw ${inspect(tag)}`);
  throw new ThrowSignal(tag, value);
}
