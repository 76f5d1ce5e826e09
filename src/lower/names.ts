// Ruby method names -> TS member names, one rule for the whole runtime surface:
//   full_message -> fullMessage      any? -> isAny      destroy! -> destroyBang      title= -> setTitle
export function rubyToTs(name: string): string {
  if (name.endsWith("?")) return `is${upperFirst(camel(name.slice(0, -1)))}`;
  if (name.endsWith("!")) return `${camel(name.slice(0, -1))}Bang`;
  if (name.endsWith("=")) return `set${upperFirst(camel(name.slice(0, -1)))}`;
  return camel(name);
}

export function camel(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `new_article_path` -> `newArticlePath`, the emitted route helper's name. */
export function routeHelperName(name: string): string {
  return camel(name);
}
