// Ruby's argument binding for methods lowered from the app's own Ruby (helpers, models' methods called
// dynamically): positional required/optional/rest, keywords from a trailing hash, a trailing function as the block.
//   def avatar_tag(author, size: 32, **options, &block)    bindArgs(args, { req: ["author"], keys: ["size"], keyrest: "options", block: "block" })
import { isPlainObject } from "../support/ruby.js";

export interface ArgSpec {
  req?: string[];
  opt?: string[];
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
  if (takesKeywords && list.length > req.length && isPlainObject(list[list.length - 1])) {
    const kw = { ...(list.pop() as Record<string, unknown>) };
    for (const k of spec.keys ?? []) {
      if (k in kw) {
        out[k] = kw[k];
        delete kw[k];
      }
    }
    if (spec.keyrest) out[spec.keyrest] = kw;
    else if (Object.keys(kw).length) throw new ArgumentError(`unknown keyword: ${Object.keys(kw).map((k) => `:${k}`).join(", ")}`);
  } else if (spec.keyrest) out[spec.keyrest] = {};
  if (list.length < req.length) throw new ArgumentError(`wrong number of arguments (given ${list.length}, expected ${req.length})`);
  req.forEach((name, i) => (out[name] = list[i]));
  let i = req.length;
  for (const name of opt) if (i < list.length) out[name] = list[i++];
  if (spec.rest) out[spec.rest] = list.slice(i);
  else if (i < list.length) throw new ArgumentError(`wrong number of arguments (given ${list.length}, expected ${req.length}..${req.length + opt.length})`);
  return out;
}

export class ArgumentError extends Error {
  override name = "ArgumentError";
}
