// The helpers a template can call, bound onto View: one line per helper. Helpers that need the request
// context take the view first (HOST_HELPERS); the others take only their arguments (PLAIN_HELPERS).
// The compiler asks View.prototype whether a name exists, so this table is the one list of supported helpers.
import * as view from "../view/index.js";
import type { ViewHost } from "../view/host.js";

export const HOST_HELPERS = {
  linkTo: view.linkTo,
  linkToIf: view.linkToIf,
  linkToUnless: view.linkToUnless,
  buttonTo: view.buttonTo,
  csrfMetaTags: view.csrfMetaTags,
  cspMetaTag: view.cspMetaTag,
  javascriptTag: view.javascriptTag,
} as const;

export const PLAIN_HELPERS = {
  domId: view.domId,
  domClass: view.domClass,
  contentTag: view.contentTag,
  raw: view.raw,
  h: view.htmlEscape,
  htmlEscape: view.htmlEscape,
  safeJoin: view.safeJoin,
  escapeJavascript: view.escapeJavascript,
  j: view.escapeJavascript,
  mailTo: view.mailTo,
  tokenList: view.tokenList,
  classNames: view.tokenList,
} as const;

type DropHost<F> = F extends (host: ViewHost, ...args: infer A) => infer R ? (...args: A) => R : never;
export type HostHelperMethods = { [K in keyof typeof HOST_HELPERS]: DropHost<(typeof HOST_HELPERS)[K]> };
export type PlainHelperMethods = { [K in keyof typeof PLAIN_HELPERS]: (typeof PLAIN_HELPERS)[K] };

/** Installs every helper on the prototype: host helpers receive the view itself as their first argument. */
export function installHelpers(proto: object): void {
  for (const [name, fn] of Object.entries(HOST_HELPERS)) {
    Object.defineProperty(proto, name, {
      value: function (this: ViewHost, ...args: unknown[]) {
        return (fn as (host: ViewHost, ...a: unknown[]) => unknown)(this, ...args);
      },
      writable: true,
      configurable: true,
    });
  }
  for (const [name, fn] of Object.entries(PLAIN_HELPERS)) {
    Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
  }
}
