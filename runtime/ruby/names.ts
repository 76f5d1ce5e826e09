// The one Ruby -> TS member naming rule, shared by the compiler (static calls) and the runtime (dynamic send):
//   full_message -> fullMessage      any? -> isAny      destroy! -> destroyBang      title= -> setTitle
// Dynamic dispatch converts the same few hundred names on every request: each is converted once.
import { OPERATOR_METHODS } from "./operator-names.js";

const camelCache = new Map<string, string>();
const tsCache = new Map<string, string>();

export function camel(name: string): string {
  let out = camelCache.get(name);
  if (out === undefined) {
    out = jsIdentifierChars(name.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase()));
    if (camelCache.size < 10_000) camelCache.set(name, out);
  }
  return out;
}

/**
 * A Ruby name may hold characters a JS identifier may not (any non-ASCII character is a name character in Ruby, and
 * operator methods are named `/`, `[]`, `<=>`): each becomes `$<hex>$` (`$` never appears in a Ruby method name).
 */
const JS_IDENTIFIER = /^[\p{ID_Start}_$][\p{ID_Continue}$\u200c\u200d]*$/u;

/** Whether a name can stand as a JS identifier as it is. */
export function isJsIdentifier(name: string): boolean {
  return JS_IDENTIFIER.test(name);
}

function jsIdentifierChars(name: string): string {
  return isJsIdentifier(name) ? name : name.replace(/^[^\p{ID_Start}_$]|(?<!^)[^\p{ID_Continue}$\u200c\u200d]/gu, (c) => `$${c.codePointAt(0)!.toString(16)}$`);
}

export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A Ruby constant path as a TS identifier: `Push::Subscription` -> `Push_Subscription`. */
export function tsIdent(constantPath: string): string {
  return constantPath.replace(/::/g, "_");
}

export function rubyToTs(name: string): string {
  let out = tsCache.get(name);
  if (out === undefined) {
    if (OPERATOR_METHODS[name]) out = OPERATOR_METHODS[name];
    // The runtime's own classes answer `[]` as a quoted member (`SetClass["[]"]`, MatchData): kept as it is.
    else if (name === "[]") out = name;
    else if (name.endsWith("?")) out = `is${upperFirst(camel(name.slice(0, -1)))}`;
    else if (name.endsWith("!")) out = `${camel(name.slice(0, -1))}Bang`;
    else if (name.endsWith("=")) out = `set${upperFirst(camel(name.slice(0, -1)))}`;
    else out = camel(name);
    if (tsCache.size < 10_000) tsCache.set(name, out);
  }
  return out;
}
