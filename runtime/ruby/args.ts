// Ruby's argument binding for methods lowered from the app's own Ruby (helpers, models' methods called
// dynamically): positional required/optional/rest, keywords from a trailing hash, a trailing function as the block.
//   def avatar_tag(author, size: 32, **options, &block)    bindArgs(args, { req: ["author"], keys: ["size"], keyrest: "options", block: "block" })
import { ArgumentError } from "./errors.js";
import { isPlainObject } from "./ruby.js";

export interface ArgSpec {
  req?: string[];
  opt?: string[];
  /** Required positionals after the optional ones or the rest (`def f(a, b = 1, *r, c)`: c), filled from the end. */
  post?: string[];
  /** Keywords without a default (`def f(name:)`): missing one raises. */
  required?: string[];
  rest?: string | null;
  /** Keyword names (required or with defaults). */
  keys?: string[];
  keyrest?: string | null;
  block?: string | null;
}

export type BoundArgs = Record<string, unknown>;

/** Binds like Ruby 3: a trailing Hash is keywords only when the method takes keywords; absent ones stay unset. */
export function bindArgs(args: unknown[], spec: ArgSpec): BoundArgs {
  const list = [...args];
  const out: BoundArgs = {};
  if (spec.block && typeof list[list.length - 1] === "function") out[spec.block] = list.pop();
  const takesKeywords = (spec.keys?.length ?? 0) > 0 || Boolean(spec.keyrest);
  const req = spec.req ?? [];
  const opt = spec.opt ?? [];
  if (takesKeywords && list.length > req.length + (spec.post?.length ?? 0) && isPlainObject(list[list.length - 1])) {
    const kw = { ...(list.pop() as Record<string, unknown>) };
    for (const k of spec.keys ?? []) {
      if (k in kw) {
        out[k] = kw[k];
        delete kw[k];
      }
    }
    if (spec.keyrest) out[spec.keyrest] = kw;
    else if (Object.keys(kw).length) throw new ArgumentError(`unknown keyword${Object.keys(kw).length > 1 ? "s" : ""}: ${Object.keys(kw).map((k) => `:${k}`).join(", ")}`);
  } else if (spec.keyrest) out[spec.keyrest] = {};
  const post = spec.post ?? [];
  const needed = req.length + post.length;
  if (list.length < needed) throw new ArgumentError(`wrong number of arguments (given ${list.length}, expected ${needed}${spec.rest ? "+" : opt.length ? `..${needed + opt.length}` : ""})`);
  req.forEach((name, i) => (out[name] = list[i]));
  post.forEach((name, i) => (out[name] = list[list.length - post.length + i]));
  const end = list.length - post.length;
  let i = req.length;
  for (const name of opt) if (i < end) out[name] = list[i++];
  if (spec.rest) out[spec.rest] = list.slice(i, end);
  else if (i < end) throw new ArgumentError(`wrong number of arguments (given ${list.length}, expected ${needed}${opt.length ? `..${needed + opt.length}` : ""})`);
  const missing = (spec.required ?? []).filter((k) => !(k in out));
  if (missing.length) throw new ArgumentError(`missing keyword${missing.length > 1 ? "s" : ""}: ${missing.map((k) => `:${k}`).join(", ")}`);
  return out;
}

export { ArgumentError };
