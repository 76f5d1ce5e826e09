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
  linkToUnlessCurrent: view.linkToUnlessCurrent,
  isCurrentPage: view.isCurrentPage,
  formWith: view.formWith,
  formFor: view.formFor,
  fieldsFor: view.fieldsFor,
  fields: view.fields,
  formTag: view.formTag,
  stylesheetLinkTag: view.stylesheetLinkTag,
  javascriptIncludeTag: view.javascriptIncludeTag,
  imageTag: view.imageTag,
  faviconLinkTag: view.faviconLinkTag,
  preloadLinkTag: view.preloadLinkTag,
  videoTag: view.videoTag,
  audioTag: view.audioTag,
  assetPath: view.assetPath,
  assetUrl: view.assetUrl,
  timeAgoInWords: view.timeAgoInWords,
  imageSubmitTag: view.imageSubmitTag,
  cycle: view.cycle,
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
  pluralize: view.pluralize,
  truncate: view.truncate,
  simpleFormat: view.simpleFormat,
  highlight: view.highlight,
  excerpt: view.excerpt,
  wordWrap: view.wordWrap,
  toSentence: view.toSentence,
  sanitize: view.sanitize,
  stripTags: view.stripTags,
  stripLinks: view.stripLinks,
  distanceOfTimeInWords: view.distanceOfTimeInWords,
  localize: view.localize,
  l: view.localize,
  timeTag: view.timeTag,
  numberToCurrency: view.numberToCurrency,
  numberToPercentage: view.numberToPercentage,
  numberWithDelimiter: view.numberWithDelimiter,
  numberWithPrecision: view.numberWithPrecision,
  numberToHumanSize: view.numberToHumanSize,
  numberToHuman: view.numberToHuman,
  numberToPhone: view.numberToPhone,
  textFieldTag: view.textFieldTag,
  hiddenFieldTag: view.hiddenFieldTag,
  passwordFieldTag: view.passwordFieldTag,
  textAreaTag: view.textAreaTag,
  checkBoxTag: view.checkBoxTag,
  labelTag: view.labelTag,
  submitTag: view.submitTag,
  buttonTag: view.buttonTag,
  selectTag: view.selectTag,
  optionsForSelect: view.optionsForSelect,
  optionsFromCollectionForSelect: view.optionsFromCollectionForSelect,
  phoneTo: view.phoneTo,
  capture: view.capture,
} as const;

// Templates pass Ruby values the compiler could not always type: the View methods take `unknown` arguments and the
// helpers check their arguments at run time, as Ruby's do.
type Loose<F> = F extends (...args: never[]) => infer R ? (...args: unknown[]) => R : never;
type DropHost<F> = F extends (host: ViewHost, ...args: never[]) => infer R ? (...args: unknown[]) => R : never;
export type HostHelperMethods = { [K in keyof typeof HOST_HELPERS]: DropHost<(typeof HOST_HELPERS)[K]> };
export type PlainHelperMethods = { [K in keyof typeof PLAIN_HELPERS]: Loose<(typeof PLAIN_HELPERS)[K]> };

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
