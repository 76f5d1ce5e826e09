// Proc and Method: a lowered block, proc or lambda is a JS arrow function; what Ruby knows of it beyond its body
// (lambda?, its parameters, hence arity) is recorded beside it here when the lowering knows it:
//   ->(a, b = 1) { }        rubyLambda((...args) => { ... }, [["req", "a"], ["opt", "b"]])
//   proc { |a, b| }         rubyProc((...args) => { ... }, [["req", "a"], ["req", "b"]])   (lambda's kinds: a
//                           proc's parameters method lists them as :opt)
//   { |k, v| } (a block)    rubyProc(..., [["req", "k"], ["req", "v"]])   (a block of one plain parameter or none
//                           is left bare: its JS length is its arity)
//   method(:name)           rubyMethod(fn, [["req", "x"]])                 (class Method, strict as a lambda)
// A lambda whose parameters are all required checks its argument count as Ruby does (ArgumentError); one with
// optional, rest or keyword parameters binds them with bindArgs, which checks them.
import { ArgumentError } from "./errors.js";
import { RubySymbol } from "./ruby.js";

type Fn = (...args: unknown[]) => unknown;
/** Ruby's Proc#parameters entries: [kind, name] (name omitted for an anonymous rest). */
export type ProcParameter = [string, string] | [string];

interface ProcInfo {
  lambda: boolean;
  method: boolean;
  parameters: ProcParameter[];
}

const INFO = new WeakMap<Function, ProcInfo>();

/** A block, a proc or a lambda (an arrow function; classes, which have a prototype, are not). */
export function isProc(v: unknown): v is Fn {
  return typeof v === "function" && v.prototype === undefined;
}

function mark<F extends Fn>(fn: F, info: ProcInfo): F {
  INFO.set(fn, info);
  return fn;
}

/** The lowered lambda `fn`, strict about its argument count when it takes required parameters only. */
export function rubyLambda(fn: Fn, parameters: ProcParameter[]): Fn {
  const strict = parameters.every((p) => p[0] === "req");
  const checked = strict
    ? (...args: unknown[]) => {
        if (args.length !== parameters.length) throw new ArgumentError(`wrong number of arguments (given ${args.length}, expected ${parameters.length})`);
        return fn(...args);
      }
    : fn;
  return mark(checked, { lambda: true, method: false, parameters });
}

export function rubyProc(fn: Fn, parameters: ProcParameter[]): Fn {
  return mark(fn, { lambda: false, method: false, parameters });
}

/** `method(:name)`: a Method object, which calls like a lambda. */
export function rubyMethod(fn: Fn, parameters: ProcParameter[]): Fn {
  return mark(rubyLambda(fn, parameters), { lambda: true, method: true, parameters });
}

export function isMethodObject(fn: unknown): boolean {
  return typeof fn === "function" && INFO.get(fn)?.method === true;
}

/** What is known of a proc; a bare block (one plain parameter or none: its JS length) is a proc of that many. */
function infoOf(fn: Fn): ProcInfo {
  return INFO.get(fn) ?? { lambda: false, method: false, parameters: Array.from({ length: fn.length }, () => ["req"] as ProcParameter) };
}

/**
 * Proc#arity / Method#arity, by Ruby's rule (proc.c rb_proc_arity over rb_iseq_min_max_arity): min counts the
 * required positionals and one for required keywords; max is unbounded with a rest, else every positional and one
 * for any keyword. A lambda answers min when min == max, a proc when max is bounded; otherwise -(min + 1).
 */
export function procArity(fn: Fn): number {
  const { lambda, parameters } = infoOf(fn);
  const count = (kind: string) => parameters.filter((p) => p[0] === kind).length;
  const min = count("req") + (count("keyreq") > 0 ? 1 : 0);
  const max = count("rest") > 0 ? Infinity : count("req") + count("opt") + (count("keyreq") + count("key") + count("keyrest") > 0 ? 1 : 0);
  return (lambda ? min === max : max !== Infinity) ? min : -min - 1;
}

/** Proc#parameters: a proc lists its positionals, required or not, as :opt. */
function procParameters(fn: Fn): unknown[] {
  const { lambda, parameters } = infoOf(fn);
  if (!INFO.has(fn) && fn.length > 0) throw new ArgumentError("Proc#parameters of a block is not known to the compiled code");
  // Symbols, as Ruby answers them (`[[:req, :a]]`).
  return parameters.map((p) => (!lambda && p[0] === "req" ? ["opt", ...p.slice(1)] : [...p]).map((s) => RubySymbol.for(s)));
}

export const ProcMethods = {
  call: (fn: Fn, ...args: unknown[]) => fn(...args),
  yield: (fn: Fn, ...args: unknown[]) => fn(...args),
  "[]": (fn: Fn, ...args: unknown[]) => fn(...args),
  caseEq: (fn: Fn, v: unknown) => fn(v),
  toProc: (fn: Fn) => fn,
  arity: (fn: Fn) => procArity(fn),
  parameters: (fn: Fn) => procParameters(fn),
  isLambda: (fn: Fn) => infoOf(fn).lambda,
  curry: (fn: Fn, n?: unknown) => {
    const info = infoOf(fn);
    const arity = procArity(fn);
    const wanted = typeof n === "number" ? n : arity >= 0 ? arity : -arity - 1;
    if (info.lambda && typeof n === "number" && arity >= 0 && n !== arity) throw new ArgumentError(`wrong number of arguments (given ${n}, expected ${arity})`);
    const curried = (got: unknown[]): Fn => {
      const next = (...more: unknown[]) => {
        const all = [...got, ...more];
        return all.length >= wanted ? fn(...all) : curried(all);
      };
      return mark(next, { lambda: true, method: false, parameters: [["rest"]] });
    };
    return curried([]);
  },
  // f >> g calls f, then g with its answer; f << g calls g first. The composition is a lambda when f is one.
  ">>": (fn: Fn, g: unknown) => mark((...args: unknown[]) => callable(g)(fn(...args)), { lambda: infoOf(fn).lambda, method: false, parameters: [["rest"]] }),
  "<<": (fn: Fn, g: unknown) => mark((...args: unknown[]) => fn(callable(g)(...args)), { lambda: infoOf(fn).lambda, method: false, parameters: [["rest"]] }),
};

function callable(g: unknown): Fn {
  if (typeof g === "function") return g as Fn;
  throw new TypeError("callable object is expected");
}
