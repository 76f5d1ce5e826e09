// The one Ruby -> TS member naming rule, shared by the compiler (static calls) and the runtime (dynamic send):
//   full_message -> fullMessage      any? -> isAny      destroy! -> destroyBang      title= -> setTitle
export function camel(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A Ruby constant path as a TS identifier: `Push::Subscription` -> `Push_Subscription`. */
export function tsIdent(constantPath: string): string {
  return constantPath.replace(/::/g, "_");
}

export function rubyToTs(name: string): string {
  if (name.endsWith("?")) return `is${upperFirst(camel(name.slice(0, -1)))}`;
  if (name.endsWith("!")) return `${camel(name.slice(0, -1))}Bang`;
  if (name.endsWith("=")) return `set${upperFirst(camel(name.slice(0, -1)))}`;
  return camel(name);
}
