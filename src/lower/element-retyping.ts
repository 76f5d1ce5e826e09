// Which locals first assigned an Array of known elements must be read with their elements untyped, because code
// where the local lives (its method, or its template) may put an element of another type into that same Array:
//
//   a = [1, 2]; a.map! { |x| x.to_s }          map!, collect!, replace, concat, flatten!, fill, send ...: untyped
//   a = [1, 2]; a << "x" / push / append / unshift / prepend / insert(i, "x") / a[i] = "x"
//                                              an element not provably of the elements' type: untyped
//   a = [1, 2]; a << 3                          an Integer literal onto Integers: kept
//   a = [1, 2]; a += ["x"]; a = ["x"]           assigned again (other than an Array literal of provable elements): untyped
//   a = [1, 2]; b = a / f(a) / [a] / { k: a }   the Array reaches another name that may change it: untyped
//
// Read with the literal's type after such a change, an element of another type reached the first type's methods
// (`a.last.succ` after `a << "x"` called Integer#succ on a String) and answered a wrong value silently.
import { walk, type Node } from "../parse/ir.js";
import type { Scope } from "./scope.js";
import { sameType, type RType } from "./types.js";

/** Methods that may put elements of any type into their receiver, or hand it to code that may. */
const RETYPING = new Set([
  "map!", "collect!", "replace", "concat", "flatten!", "fill", "[]=",
  "send", "public_send", "__send__", "instance_eval", "instance_exec", "tap", "then", "yield_self",
]);
/** Methods that add their arguments as elements (insert: after its index). */
const PUSHING: Record<string, number> = { push: 0, append: 0, unshift: 0, prepend: 0, insert: 1, "<<": 0 };

/** Whether `name`, first assigned a value of `type` by `assign`, must have its elements untyped from the start. */
export function retypedElements(assign: Node, name: string, type: RType, scope: Scope): boolean {
  const body = scope.localsBody as Node[] | null;
  if (type.k !== "array" || type.of.k === "unknown" || !body) return false;
  const of = type.of;
  const isLocal = (n: Node | null | undefined): boolean => n?.kind === "ident" && n.name === name;
  const provable = (args: Node[]) => args.every((a) => provablyOf(a, of, scope));
  let found = false;
  const visit = (x: Node): void => {
    if (found) return;
    switch (x.kind) {
      case "call":
        if (isLocal(x.receiver)) {
          const from = PUSHING[x.method];
          if (RETYPING.has(x.method) || (from !== undefined && !provable(x.args.slice(from)))) found = true;
        }
        if (x.args.some(isLocal)) found = true;
        break;
      case "binary":
        if (x.op === "<<" && isLocal(x.left) && !provablyOf(x.right, of, scope)) found = true;
        break;
      case "assign":
        if (isLocal(x.target)) {
          // (`assign` is the one whose type the local takes.)
          if (x !== assign && !(x.value.kind === "array" && provable(x.value.elements))) found = true;
        } else if (x.target.kind === "index" && isLocal(x.target.receiver) && !provablyOf(x.value, of, scope)) found = true;
        if (isLocal(x.value)) found = true;
        break;
      case "opAssign":
        if (isLocal(x.target) || (x.target.kind === "index" && isLocal(x.target.receiver)) || isLocal(x.value)) found = true;
        break;
      case "multiAssign":
        if (x.targets.some((t) => isLocal(t) || (t.kind === "splat" && isLocal(t.value)))) found = true;
        break;
      case "array":
        if (x.elements.some((e) => isLocal(e) || (e.kind === "splat" && isLocal(e.value)))) found = true;
        break;
      case "hash":
        if (x.pairs.some((p) => isLocal(p.value))) found = true;
        break;
      case "yield":
        if (x.args.some(isLocal)) found = true;
        break;
      case "super":
        if (x.args?.some(isLocal)) found = true;
        break;
      default:
        break;
    }
  };
  for (const n of body) walk(n, visit);
  return found;
}

/** Scalar types a local takes from its first assignment that another assignment may not hold. */
const SCALARS = new Set<RType["k"]>(["number", "float", "string", "bool"]);

/**
 * Whether `name`, first assigned a value of scalar `type` by `assign`, is assigned again (or changed by an operator
 * other than one keeping the type) with a value not provably of that type: then it is untyped from the start
 * (`a = 0; a = v; a.succ` called Integer#succ on whatever v held).
 */
export function retypedScalar(assign: Node, name: string, type: RType, scope: Scope): boolean {
  const body = scope.localsBody as Node[] | null;
  if (!SCALARS.has(type.k) || !body) return false;
  const isLocal = (n: Node): boolean => n.kind === "ident" && n.name === name;
  let found = false;
  const visit = (x: Node): void => {
    if (found) return;
    if (x.kind === "assign" && x !== assign && isLocal(x.target) && !provablyOf(x.value, type, scope)) found = true;
    // (`s += "x"` keeps a String; `n += 1` an Integer; anything else may change the type: `n += 1.0`, `n ||= v`.)
    else if (x.kind === "opAssign" && isLocal(x.target) && !(type.k === "string" && x.op === "+") && !(x.op !== "||" && x.op !== "&&" && provablyOf(x.value, type, scope))) found = true;
    else if (x.kind === "multiAssign" && x.targets.some((t) => isLocal(t) || (t.kind === "splat" && isLocal(t.value)))) found = true;
  };
  for (const n of body) walk(n, visit);
  return found;
}

/** Whether `node` is, from its syntax or a local already typed, a value of type `of`. */
function provablyOf(node: Node, of: RType, scope: Scope): boolean {
  switch (node.kind) {
    case "int":
      return node.exact === undefined && of.k === "number";
    case "float":
      return of.k === "float";
    case "str":
    case "sym":
      return of.k === "string";
    case "true":
    case "false":
      return of.k === "bool";
    case "ident": {
      const local = scope.lookup(node.name);
      return local !== null && sameType(local.type, of);
    }
    default:
      return false;
  }
}
