// The helpers a template can call, bound onto View: one line per helper. Helpers that need the request
// context take the view first (HOST_HELPERS); the others take only their arguments (PLAIN_HELPERS).
// The compiler asks View.prototype whether a name exists, so this table is the one list of supported helpers.
import * as view from "./view-namespace.js";
import * as actionText from "../action-text/index.js";
import type { PolymorphicOptions, ViewHost } from "../active-model/host.js";

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
  richTextAreaTag: view.richTextAreaTag,
  richTextArea: view.richTextArea,
  javascriptImportmapTags: view.javascriptImportmapTags,
  javascriptInlineImportmapTag: view.javascriptInlineImportmapTag,
  javascriptImportModuleTag: view.javascriptImportModuleTag,
  javascriptImportmapModulePreloadTags: view.javascriptImportmapModulePreloadTags,
  javascriptModulePreloadTag: view.javascriptModulePreloadTag,
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
  // polymorphic_url and the edit_ / new_ forms (PolymorphicRoutes): polymorphic_path with an action and/or url: true.
  polymorphicUrl: (host: ViewHost, target: unknown, options: PolymorphicOptions = {}) => host.polymorphicPath(target, Object.assign({}, options, { url: true })),
  editPolymorphicPath: (host: ViewHost, target: unknown, options: PolymorphicOptions = {}) => host.polymorphicPath(target, Object.assign({}, options, { action: "edit" })),
  editPolymorphicUrl: (host: ViewHost, target: unknown, options: PolymorphicOptions = {}) => host.polymorphicPath(target, Object.assign({}, options, { action: "edit", url: true })),
  newPolymorphicPath: (host: ViewHost, target: unknown, options: PolymorphicOptions = {}) => host.polymorphicPath(target, Object.assign({}, options, { action: "new" })),
  newPolymorphicUrl: (host: ViewHost, target: unknown, options: PolymorphicOptions = {}) => host.polymorphicPath(target, Object.assign({}, options, { action: "new", url: true })),
  // Bound for the recorded helper vectors (test/vectors.test.ts): helpers runtime/view has that templates call.
  t: view.translate,
  translate: view.translate,
  selectDate: view.selectDate,
  selectTime: view.selectTime,
  selectDatetime: view.selectDatetime,
  selectYear: view.selectYear,
  selectMonth: view.selectMonth,
  selectDay: view.selectDay,
  selectHour: view.selectHour,
  selectMinute: view.selectMinute,
  selectSecond: view.selectSecond,
  imagePath: view.imagePath,
  imageUrl: view.imageUrl,
  javascriptPath: view.javascriptPath,
  javascriptUrl: view.javascriptUrl,
  stylesheetPath: view.stylesheetPath,
  stylesheetUrl: view.stylesheetUrl,
  fontPath: view.fontPath,
  fontUrl: view.fontUrl,
  videoPath: view.videoPath,
  videoUrl: view.videoUrl,
  audioPath: view.audioPath,
  audioUrl: view.audioUrl,
  pictureTag: view.pictureTag,
  autoDiscoveryLinkTag: view.autoDiscoveryLinkTag,
  distanceOfTimeInWordsToNow: view.distanceOfTimeInWordsToNow,
  currentCycle: view.currentCycle,
  resetCycle: view.resetCycle,
  csrfMetaTag: view.csrfMetaTag,
  textField: view.textField,
  passwordField: view.passwordField,
  hiddenField: view.hiddenField,
  fileField: view.fileField,
  numberField: view.numberField,
  textArea: view.textArea,
  checkBox: view.checkBox,
  radioButton: view.radioButton,
  label: view.label,
  select: view.select,
  collectionSelect: view.collectionSelect,
  dateSelect: view.dateSelect,
  timeSelect: view.timeSelect,
  // turbo-rails (runtime/gems/turbo-rails/)
  turboFrameTag: view.turboFrameTag,
  turboStream: view.turboStream,
  turboExemptsPageFromCache: view.turboExemptsPageFromCache,
  turboExemptsPageFromPreview: view.turboExemptsPageFromPreview,
  turboPageRequiresReload: view.turboPageRequiresReload,
  turboRefreshesWith: view.turboRefreshesWith,
  turboIncludeTags: view.turboIncludeTags,
  // rails_autolink's auto_link (runtime/gems/rails_autolink/auto-link.ts): only where Gemfile.lock has the gem (ENGINE_HELPERS).
  autoLink: view.autoLink,
  // ActionText::ContentHelper (runtime/action-text/content-helper.ts): only with Action Text loaded (ENGINE_HELPERS).
  renderActionTextContent: actionText.renderActionTextContent,
  // protect_against_forgery? under the Ruby -> TS naming rule (ViewHost spells it protectAgainstForgery).
  isProtectAgainstForgery: (host: ViewHost) => host.protectAgainstForgery(),
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
  // capture(*args, &block): lowered calls pass the block after the arguments.
  capture: (...args: unknown[]) => view.capture(args.pop() as (...a: unknown[]) => unknown, ...args),
  // Bound for the recorded helper vectors (test/vectors.test.ts).
  escapeOnce: view.escapeOnce,
  jsonEscape: view.jsonEscape,
  smsTo: view.smsTo,
  groupedOptionsForSelect: view.groupedOptionsForSelect,
  timeZoneOptionsForSelect: view.timeZoneOptionsForSelect,
  fieldId: view.fieldId,
  fieldName: view.fieldName,
  fieldSetTag: view.fieldSetTag,
  radioButtonTag: view.radioButtonTag,
  fileFieldTag: view.fileFieldTag,
  numberFieldTag: view.numberFieldTag,
  rangeFieldTag: view.rangeFieldTag,
  emailFieldTag: view.emailFieldTag,
  dateFieldTag: view.dateFieldTag,
  timeFieldTag: view.timeFieldTag,
  datetimeFieldTag: view.datetimeFieldTag,
  datetimeLocalFieldTag: view.datetimeLocalFieldTag,
  monthFieldTag: view.monthFieldTag,
  weekFieldTag: view.weekFieldTag,
  searchFieldTag: view.searchFieldTag,
  urlFieldTag: view.urlFieldTag,
  telephoneFieldTag: view.telephoneFieldTag,
  phoneFieldTag: view.phoneFieldTag,
  colorFieldTag: view.colorFieldTag,
  utf8EnforcerTag: view.utf8EnforcerTag,
  recordKeyForDomId: view.recordKeyForDomId,
  sanitizeCss: view.sanitizeCss,
  sanitizeActionTextContent: actionText.sanitizeActionTextContent,
  javascriptCdataSection: view.javascriptCdataSection,
  // turbo-rails (runtime/gems/turbo-rails/)
  turboStreamFrom: view.turboStreamFrom,
  turboStreamActionTag: view.turboStreamActionTag,
  turboStreamRefreshTag: view.turboStreamRefreshTag,
  turboExemptsPageFromCacheTag: view.turboExemptsPageFromCacheTag,
  turboExemptsPageFromPreviewTag: view.turboExemptsPageFromPreviewTag,
  turboPageRequiresReloadTag: view.turboPageRequiresReloadTag,
  turboRefreshMethodTag: view.turboRefreshMethodTag,
  turboRefreshScrollTag: view.turboRefreshScrollTag,
} as const;

// Templates pass Ruby values the compiler could not always type: the View methods take `unknown` arguments and the
// helpers check their arguments at run time, as Ruby's do.
type Loose<F> = F extends (...args: never[]) => infer R ? (...args: unknown[]) => R : never;
type DropHost<F> = F extends (host: ViewHost, ...args: never[]) => infer R ? (...args: unknown[]) => R : never;
export type HostHelperMethods = { [K in keyof typeof HOST_HELPERS]: DropHost<(typeof HOST_HELPERS)[K]> };
export type PlainHelperMethods = { [K in keyof typeof PLAIN_HELPERS]: Loose<(typeof PLAIN_HELPERS)[K]> };

/** Installs every helper on the prototype: host helpers receive the view itself as their first argument. */
export function installHelpers(proto: object): void {
  for (const [name, helper] of Object.entries(HOST_HELPERS)) {
    const fn = helper as (host: ViewHost, ...a: unknown[]) => unknown;
    Object.defineProperty(proto, name, {
      // The arguments passed on as they came (their count too: helpers read rest parameters), without gathering
      // them into an Array and spreading it again for the common counts (every helper call of every template).
      value: function (this: ViewHost) {
        const a = arguments;
        switch (a.length) {
          case 0:
            return fn(this);
          case 1:
            return fn(this, a[0]);
          case 2:
            return fn(this, a[0], a[1]);
          case 3:
            return fn(this, a[0], a[1], a[2]);
          default:
            return fn(this, ...(Array.from(a) as unknown[]));
        }
      },
      writable: true,
      configurable: true,
    });
  }
  for (const [name, fn] of Object.entries(PLAIN_HELPERS)) {
    Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
  }
}
