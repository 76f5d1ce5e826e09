// config.force_ssl / config.assume_ssl / config.ssl_options (config/environments/*.rb, application.rb, initializers)
// -> the data ActionDispatch::SSL is built from at run time (runtime/action-pack/ssl.ts):
//   config.ssl_options = { hsts: { expires: 1.year, subdomains: false, preload: true } }   { hsts: { expires: 31556952, ... } }
//   config.ssl_options = { redirect: { host: "x", port: 8443, status: 302, body: ["moved"] } }
//   config.ssl_options = { redirect: { exclude: ->(request) { request.path == "/up" } } }  { redirect: { excludePaths: ["/up"] } }
// Anything else in ssl_options (a computed value, another exclude lambda) is declined: a diagnostic here, and the
// emitted app raises on every request, since Rails applies these options to every one of them.
import type { Diagnostics } from "../diagnostics/index.js";
import { literalString, type Node } from "../parse/ir.js";

export interface SslOptionsData {
  redirect?: false | { host?: string; port?: number; status?: number; body?: string[]; excludePaths?: string[] };
  hsts?: false | true | null | { expires?: number; subdomains?: boolean; preload?: boolean };
  secureCookies?: boolean;
}

/** ActiveSupport::Duration's seconds per unit (1.year is 365.2425 days). */
const SECONDS: Record<string, number> = {
  second: 1, seconds: 1, minute: 60, minutes: 60, hour: 3600, hours: 3600, day: 86400, days: 86400,
  week: 604800, weeks: 604800, month: 2629746, months: 2629746, year: 31556952, years: 31556952,
};

class Declined extends Error {
  constructor(readonly node: Node, message: string) {
    super(message);
  }
}

/** The options hash, or null after reporting the part it cannot read. */
export function readSslOptions(value: Node, diagnostics: Diagnostics | undefined): SslOptionsData | { declined: string } {
  try {
    if (value.kind !== "hash") throw new Declined(value, "config.ssl_options is not a literal Hash");
    const out: SslOptionsData = {};
    for (const { key, value: v } of value.pairs) {
      const name = literalString(key);
      if (name === "redirect") out.redirect = v.kind === "false" ? false : redirectOptions(v);
      else if (name === "hsts") out.hsts = v.kind === "false" ? false : v.kind === "true" ? true : v.kind === "nil" ? null : hstsOptions(v);
      else if (name === "secure_cookies") out.secureCookies = v.kind !== "false" && v.kind !== "nil";
      else throw new Declined(key, `config.ssl_options key ${name ?? "(computed)"} is not reproduced`);
    }
    return out;
  } catch (error) {
    if (!(error instanceof Declined)) throw error;
    diagnostics?.report("unsupported_option", error.node.span, `${error.message}: the app raises on every request`);
    return { declined: `${error.message} (unsupported_option)` };
  }
}

function pairsOf(node: Node, what: string): Array<[string, Node]> {
  if (node.kind !== "hash") throw new Declined(node, `config.ssl_options ${what} is not a literal Hash`);
  return node.pairs.map(({ key, value }) => {
    const name = literalString(key);
    if (name === null) throw new Declined(key, `config.ssl_options ${what} has a computed key`);
    return [name, value];
  });
}

function hstsOptions(node: Node): { expires?: number; subdomains?: boolean; preload?: boolean } {
  const out: { expires?: number; subdomains?: boolean; preload?: boolean } = {};
  for (const [name, value] of pairsOf(node, "hsts")) {
    if (name === "expires") out.expires = seconds(value);
    else if (name === "subdomains" || name === "preload") out[name] = truthy(value, name);
    else throw new Declined(value, `config.ssl_options hsts: ${name} is not reproduced`);
  }
  return out;
}

function redirectOptions(node: Node): { host?: string; port?: number; status?: number; body?: string[]; excludePaths?: string[] } {
  const out: { host?: string; port?: number; status?: number; body?: string[]; excludePaths?: string[] } = {};
  for (const [name, value] of pairsOf(node, "redirect")) {
    if (name === "host" && value.kind === "str" && literalString(value) !== null) out.host = literalString(value)!;
    else if ((name === "port" || name === "status") && value.kind === "int") out[name] = value.value;
    else if (name === "body" && value.kind === "array" && value.elements.every((e) => e.kind === "str" && literalString(e) !== null)) {
      out.body = value.elements.map((e) => literalString(e)!);
    } else if (name === "exclude") out.excludePaths = excludedPaths(value);
    else throw new Declined(value, `config.ssl_options redirect: ${name} is not a literal this compiler reproduces`);
  }
  return out;
}

/** `->(request) { request.path == "/up" }`, or several such tests joined by `||`: the paths it excludes. */
function excludedPaths(node: Node): string[] {
  const param = node.kind === "lambda" && node.params.length === 1 && node.params[0]!.kind === "req" ? node.params[0]!.name : null;
  if (node.kind !== "lambda" || param === null || node.body.length !== 1) {
    throw new Declined(node, "config.ssl_options redirect: exclude is not a lambda of request.path == \"...\" tests");
  }
  const paths: string[] = [];
  const visit = (test: Node): void => {
    if (test.kind === "binary" && test.op === "||") {
      visit(test.left);
      visit(test.right);
      return;
    }
    const isPath = (n: Node) => n.kind === "call" && n.method === "path" && n.args.length === 0 && !n.block && n.receiver?.kind === "ident" && n.receiver.name === param;
    if (test.kind === "binary" && test.op === "==" && isPath(test.left) && test.right.kind === "str" && literalString(test.right) !== null) {
      paths.push(literalString(test.right)!);
      return;
    }
    throw new Declined(test, "config.ssl_options redirect: exclude is not a lambda of request.path == \"...\" tests");
  };
  visit(node.body[0]!);
  return paths;
}

function seconds(node: Node): number {
  if (node.kind === "int") return node.value;
  if (node.kind === "call" && node.receiver?.kind === "int" && node.args.length === 0 && SECONDS[node.method] !== undefined) {
    return node.receiver.value * SECONDS[node.method]!;
  }
  throw new Declined(node, "config.ssl_options hsts: expires is not an Integer or a literal duration");
}

function truthy(node: Node, name: string): boolean {
  if (node.kind === "true") return true;
  if (node.kind === "false" || node.kind === "nil") return false;
  throw new Declined(node, `config.ssl_options hsts: ${name} is not true or false`);
}
