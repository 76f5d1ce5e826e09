// The call table for the helper vectors: each Ruby method the vectors use, mapped to the runtime call the
// compiler will emit for it (test support for view-helpers.test.ts). Receiver-less helpers are in HELPERS;
// methods on values (String, SafeBuffer, Integer, Array, Hash, records, the form builder) in `method`.
import * as V from "../runtime/app/view-namespace.js";
import * as I from "../runtime/active-support/inflector.js";
import * as S from "../runtime/active-support/string-filters.js";
import { encodeJson, generateJson } from "../runtime/active-support/json.js";
import * as NH from "../runtime/active-support/number-helper.js";
import { numericToFs } from "../runtime/active-support/numeric-conversions.js";
import { RubyDate } from "../runtime/ruby/date.js";
import { floatToS, inspect, isPlainObject, rubyFormat, RubyRange, toS } from "../runtime/ruby/ruby.js";
import * as T from "./view-dispatch-time.js";
import { Duration } from "../runtime/active-support/duration.js";
import { ZonedTime } from "../runtime/active-support/zoned-time.js";
import { flat, type Call, type Dispatch, type Scope } from "./view-ruby-eval.js";
import { toQuery } from "./view-vector-context.js";
import { allTimeZones, TimeZone, zoneConfig } from "../runtime/active-support/time-zone.js";
import { Article, assigns, Comment, FakeErrors, FakeRecord, FakeModelClass, FROZEN_NOW } from "./view-vector-context.js";
import { fakeHost, namedRoute, polymorphic } from "./view-vector-routes.js";

type Fn = (c: Call, view: V.ViewHost) => unknown;

/** Receiver-less helpers: Ruby name -> the runtime call. */
const HELPERS: Record<string, Fn> = {
  h: (c) => V.htmlEscape(c.args[0]),
  html_escape: (c) => V.htmlEscape(c.args[0]),
  escape_once: (c) => V.escapeOnce(c.args[0]),
  raw: (c) => V.raw(c.args[0]),
  safe_join: (c) => V.safeJoin(...(flat(c) as [unknown[], unknown])),
  tag: (c) => (c.args.length === 0 && !c.kwargs ? TAG : V.tag(...(flat(c) as [string]))),
  "tag.attributes": (c) => V.tagBuilder.attributes(flat(c)[0] as V.Attributes),
  content_tag: (c) => V.contentTag(...(flat(c) as [string])),
  token_list: (c) => V.tokenList(...flat(c)),
  class_names: (c) => V.classNames(...flat(c)),
  capture: (c) => V.capture(c.block!, ...c.args),
  link_to: (c, v) => V.linkTo(v, ...flat(c)),
  link_to_if: (c, v) => V.linkToIf(v, ...(flat(c) as [unknown])),
  link_to_unless: (c, v) => V.linkToUnless(v, ...(flat(c) as [unknown])),
  link_to_unless_current: (c, v) => V.linkToUnlessCurrent(v, ...(flat(c) as [unknown])),
  "current_page?": (c, v) => V.isCurrentPage(v, c.args[0] ?? c.kwargs),
  button_to: (c, v) => V.buttonTo(v, ...flat(c)),
  mail_to: (c) => V.mailTo(...flat(c)),
  phone_to: (c) => V.phoneTo(...flat(c)),
  sms_to: (c) => V.smsTo(...flat(c)),
  url_for: (c, v) => V.urlFor(v, c.args[0] ?? c.kwargs),
  dom_id: (c) => V.domId(...(flat(c) as [V.ViewRecord])),
  dom_class: (c) => V.domClass(...(flat(c) as [V.ViewRecord])),
  record_key_for_dom_id: (c) => V.recordKeyForDomId(c.args[0] as V.ViewRecord),
  polymorphic_path: (c) => polymorphic(c.args[0], null, c.args[1] as Record<string, unknown> ?? c.kwargs ?? {}),
  polymorphic_url: (c) => polymorphic(c.args[0], null, c.args[1] as Record<string, unknown> ?? c.kwargs ?? {}, true),
  edit_polymorphic_path: (c) => polymorphic(c.args[0], "edit", c.kwargs ?? {}),
  new_polymorphic_path: (c) => polymorphic(c.args[0], "new", c.kwargs ?? {}),
  csrf_meta_tags: (_c, v) => V.csrfMetaTags(v),
  csrf_meta_tag: (_c, v) => V.csrfMetaTag(v),
  csp_meta_tag: (c, v) => V.cspMetaTag(v, c.kwargs ?? {}),
  "protect_against_forgery?": (_c, v) => v.protectAgainstForgery(),
  form_authenticity_token: (_c, v) => v.formAuthenticityToken(),
  request_forgery_protection_token: (_c, v) => V.requestForgeryProtectionToken(v),
  BigDecimal: (c) => Number(c.args[0]),
  Rational: (c) => (c.args[0] as number) / (c.args[1] as number),
  escape_javascript: (c) => V.escapeJavascript(c.args[0]),
  j: (c) => V.escapeJavascript(c.args[0]),
  json_escape: (c) => V.jsonEscape(c.args[0]),
  javascript_tag: (c, v) => V.javascriptTag(v, ...flat(c)),
  javascript_cdata_section: (c) => V.javascriptCdataSection(c.args[0]),
  form_with: (c, v) => V.formWith(v, c.kwargs ?? {}, c.block ?? undefined),
  form_for: (c, v) => V.formFor(v, ...(flat(c) as [unknown])),
  fields_for: (c, v) => V.fieldsFor(v, ...(flat(c) as [unknown])),
  fields: (c, v) => V.fields(v, ...flat(c)),
  form_tag: (c, v) => V.formTag(v, ...flat(c)),
  text_field: (c, v) => V.textField(v, ...(flat(c) as [unknown, unknown])),
  check_box: (c, v) => V.checkBox(v, ...(flat(c) as [unknown, unknown])),
  select: (c, v) => V.select(v, ...(flat(c) as [unknown, unknown])),
  label: (c, v) => V.label(v, ...(flat(c) as [unknown, unknown])),
  text_field_tag: (c) => V.textFieldTag(...(flat(c) as [unknown])),
  hidden_field_tag: (c) => V.hiddenFieldTag(...(flat(c) as [unknown])),
  password_field_tag: (c) => V.passwordFieldTag(...(flat(c) as [unknown])),
  email_field_tag: (c) => V.emailFieldTag(...(flat(c) as [unknown])),
  number_field_tag: (c) => V.numberFieldTag(...(flat(c) as [unknown])),
  range_field_tag: (c) => V.rangeFieldTag(...(flat(c) as [unknown])),
  date_field_tag: (c) => V.dateFieldTag(...(flat(c) as [unknown])),
  time_field_tag: (c) => V.timeFieldTag(...(flat(c) as [unknown])),
  datetime_field_tag: (c) => V.datetimeFieldTag(...(flat(c) as [unknown])),
  datetime_local_field_tag: (c) => V.datetimeLocalFieldTag(...(flat(c) as [unknown])),
  month_field_tag: (c) => V.monthFieldTag(...(flat(c) as [unknown])),
  week_field_tag: (c) => V.weekFieldTag(...(flat(c) as [unknown])),
  search_field_tag: (c) => V.searchFieldTag(...(flat(c) as [unknown])),
  url_field_tag: (c) => V.urlFieldTag(...(flat(c) as [unknown])),
  telephone_field_tag: (c) => V.telephoneFieldTag(...(flat(c) as [unknown])),
  phone_field_tag: (c) => V.phoneFieldTag(...(flat(c) as [unknown])),
  color_field_tag: (c) => V.colorFieldTag(...(flat(c) as [unknown])),
  file_field_tag: (c) => V.fileFieldTag(...(flat(c) as [unknown])),
  text_area_tag: (c) => V.textAreaTag(...(flat(c) as [unknown])),
  check_box_tag: (c) => V.checkBoxTag(...(flat(c) as [unknown])),
  radio_button_tag: (c) => V.radioButtonTag(...(flat(c) as [unknown, unknown])),
  label_tag: (c) => V.labelTag(...flat(c)),
  submit_tag: (c) => V.submitTag(...(flat(c) as [unknown])),
  button_tag: (c) => V.buttonTag(...flat(c)),
  field_set_tag: (c) => V.fieldSetTag(...flat(c)),
  utf8_enforcer_tag: () => V.utf8EnforcerTag(),
  select_tag: (c) => V.selectTag(...(flat(c) as [unknown])),
  options_for_select: (c) => V.optionsForSelect(...(flat(c) as [unknown])),
  options_from_collection_for_select: (c) => V.optionsFromCollectionForSelect(...(flat(c) as [unknown, string, string])),
  grouped_options_for_select: (c) => V.groupedOptionsForSelect(...(flat(c) as [unknown])),
  number_to_currency: (c) => V.numberToCurrency(...(flat(c) as [unknown])),
  number_to_percentage: (c) => V.numberToPercentage(...(flat(c) as [unknown])),
  number_with_delimiter: (c) => V.numberWithDelimiter(...(flat(c) as [unknown])),
  number_with_precision: (c) => V.numberWithPrecision(...(flat(c) as [unknown])),
  number_to_human: (c) => V.numberToHuman(...(flat(c) as [unknown])),
  number_to_human_size: (c) => V.numberToHumanSize(...(flat(c) as [unknown])),
  number_to_phone: (c) => V.numberToPhone(...(flat(c) as [unknown])),
  image_submit_tag: (c, v) => V.imageSubmitTag(v, ...(flat(c) as [unknown])),
  image_tag: (c, v) => V.imageTag(v, ...(flat(c) as [unknown])),
  image_path: (c, v) => V.imagePath(v, ...(flat(c) as [unknown])),
  image_url: (c, v) => V.imageUrl(v, ...(flat(c) as [unknown])),
  asset_path: (c, v) => V.assetPath(v, ...(flat(c) as [unknown])),
  asset_url: (c, v) => V.assetUrl(v, ...(flat(c) as [unknown])),
  javascript_path: (c, v) => V.javascriptPath(v, ...(flat(c) as [unknown])),
  stylesheet_path: (c, v) => V.stylesheetPath(v, ...(flat(c) as [unknown])),
  font_path: (c, v) => V.fontPath(v, ...(flat(c) as [unknown])),
  video_path: (c, v) => V.videoPath(v, ...(flat(c) as [unknown])),
  audio_path: (c, v) => V.audioPath(v, ...(flat(c) as [unknown])),
  javascript_include_tag: (c, v) => V.javascriptIncludeTag(v, ...flat(c)),
  stylesheet_link_tag: (c, v) => V.stylesheetLinkTag(v, ...flat(c)),
  favicon_link_tag: (c, v) => V.faviconLinkTag(v, ...(flat(c) as [unknown])),
  preload_link_tag: (c, v) => V.preloadLinkTag(v, ...(flat(c) as [unknown])),
  audio_tag: (c, v) => V.audioTag(v, ...flat(c)),
  video_tag: (c, v) => V.videoTag(v, ...flat(c)),
  picture_tag: (c, v) => V.pictureTag(v, ...flat(c)),
  auto_discovery_link_tag: (c, v) => V.autoDiscoveryLinkTag(v, ...(flat(c) as [string])),
  distance_of_time_in_words: (c) => V.distanceOfTimeInWords(...(flat(c) as [unknown])),
  time_ago_in_words: (c, v) => V.timeAgoInWords(v, ...(flat(c) as [unknown])),
  distance_of_time_in_words_to_now: (c, v) => V.distanceOfTimeInWordsToNow(v, ...(flat(c) as [unknown])),
  time_tag: (c) => V.timeTag(...(flat(c) as [V.TimeValueLike])),
  l: (c) => V.localize(c.args[0] as V.TimeValueLike, (c.kwargs ?? {}) as { format?: string }),
  localize: (c) => V.localize(c.args[0] as V.TimeValueLike, (c.kwargs ?? {}) as { format?: string }),
  sanitize: (c) => V.sanitize(c.args[0], (c.kwargs ?? {}) as V.SanitizeOptions),
  sanitize_css: (c) => V.sanitizeCss(c.args[0]),
  strip_tags: (c) => V.stripTags(c.args[0]),
  strip_links: (c) => V.stripLinks(c.args[0]),
  simple_format: (c) => V.simpleFormat(...(flat(c) as [unknown])),
  truncate: (c) => V.truncate(...(flat(c) as [unknown])),
  highlight: (c) => V.highlight(...(flat(c) as [unknown, unknown])),
  excerpt: (c) => V.excerpt(...(flat(c) as [unknown, unknown])),
  pluralize: (c) => V.pluralize(...(flat(c) as [unknown, string])),
  word_wrap: (c) => V.wordWrap(...(flat(c) as [string])),
  cycle: (c, v) => V.cycle(v, ...flat(c)),
  current_cycle: (c, v) => V.currentCycle(v, ...(c.args as [string])),
  reset_cycle: (c, v) => V.resetCycle(v, ...(c.args as [string])),
  to_sentence: (c) => V.toSentence(...(flat(c) as [unknown[]])),
  t: (c, v) => V.translate(v, c.args[0], c.kwargs ?? {}),
  translate: (c, v) => V.translate(v, c.args[0], c.kwargs ?? {}),
  select_date: (c, v) => V.selectDate(v, ...(flat(c) as [unknown])),
  select_time: (c, v) => V.selectTime(v, ...(flat(c) as [unknown])),
  select_datetime: (c, v) => V.selectDatetime(v, ...(flat(c) as [unknown])),
  select_year: (c, v) => V.selectYear(v, ...(flat(c) as [unknown])),
  select_month: (c, v) => V.selectMonth(v, ...(flat(c) as [unknown])),
  select_day: (c, v) => V.selectDay(v, ...(flat(c) as [unknown])),
  select_hour: (c, v) => V.selectHour(v, ...(flat(c) as [unknown])),
  select_minute: (c, v) => V.selectMinute(v, ...(flat(c) as [unknown])),
  select_second: (c, v) => V.selectSecond(v, ...(flat(c) as [unknown])),
  full_sanitizer: () => ({ sanitize: (h: unknown) => V.stripTags(h)?.toString() ?? null }),
  link_sanitizer: () => ({ sanitize: (h: unknown) => V.stripLinks(h) }),
  safe_list_sanitizer: () => ({ sanitize: (h: unknown) => V.safeListSanitize(h) }),
  sanitized_allowed_tags: () => [...V.sanitizerConfig.allowedTags],
  sanitized_allowed_attributes: () => [...V.sanitizerConfig.allowedAttributes],
  time_zone_options_for_select: (c) => V.timeZoneOptionsForSelect(...(flat(c) as [unknown])),
  field_id: (c) => V.fieldId(...(flat(c) as [unknown, unknown])),
  field_name: (c) => V.fieldName(...(flat(c) as [unknown, unknown])),
};

/** Ruby method name on a builder object -> its camelCase TS method (`text_field` -> `textField`). */
function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());
}

function objectMethod(recv: Record<string, unknown>, name: string, c: Call): unknown {
  const key = camel(name.replace(/\?$/, ""));
  const member = recv[key];
  if (typeof member === "function") return (member as (...a: unknown[]) => unknown).apply(recv, flat(c));
  if (member !== undefined) return member;
  throw new Error(`no method ${name} on ${recv.constructor?.name}`);
}

/** ERB::Util / ActiveSupport module functions called with a constant receiver. */
const MODULE_FUNCTIONS: Record<string, Record<string, Fn>> = {
  Date: {
    new: (c) => new RubyDate(c.args[0] as number, c.args[1] as number, c.args[2] as number),
    today: () => RubyDate.fromTime(FROZEN_NOW),
    current: () => RubyDate.fromTime(FROZEN_NOW),
    yesterday: () => RubyDate.fromTime(FROZEN_NOW).addDays(-1),
    parse: (c) => RubyDate.parse(toS(c.args[0])),
  },
  Time: {
    utc: (c) => {
      const [y, mo = 1, d = 1, h = 0, mi = 0, s = 0, us = 0] = c.args as number[];
      // Ruby Time keeps microseconds; the runtime reads the part below a millisecond from microRemainder.
      return Object.assign(new Date(Date.UTC(y!, mo - 1, d, h, mi, s) + Math.floor(us / 1000)), { microRemainder: us % 1000 });
    },
    current: () => new Date(FROZEN_NOW),
    now: () => new Date(FROZEN_NOW),
    new: (c) => T.timeNew(c),
    zone: () => new T.ZoneRef("UTC"),
  },
  ...T.TIME_CONSTANTS,
  "ActionView::RecordIdentifier": {
    dom_id: (c) => V.domId(...(flat(c) as [V.ViewRecord])),
    dom_class: (c) => V.domClass(...(flat(c) as [V.ViewRecord])),
  },
  "ActiveSupport::NumberHelper": {
    number_to_delimited: (c) => NH.numberToDelimited(...(flat(c) as [number])),
    number_to_rounded: (c) => NH.numberToRounded(...(flat(c) as [number])),
  },
  "ActiveSupport::TimeZone": { all: () => allTimeZones() },
  "ActiveSupport::JSON": { encode: (c) => encodeJson(c.args[0]) },
  JSON: { generate: (c) => generateJson(c.args[0]), dump: (c) => generateJson(c.args[0]) },
  Set: { "[]": (c) => new Set(c.args) },
  I18n: {
    t: (c) => V.i18nTranslate(toS(c.args[0]), c.kwargs ?? {}),
    locale: () => "en",
    l: (c) => V.localize(c.args[0] as V.TimeValueLike, (c.kwargs ?? {}) as { format?: string }),
  },
  "ERB::Util": {
    html_escape: (c) => V.htmlEscape(c.args[0]),
    html_escape_once: (c) => V.escapeOnce(c.args[0]),
    url_encode: (c) => V.urlEncode(c.args[0]),
    xml_name_escape: (c) => V.xmlNameEscape(c.args[0]),
    unwrapped_html_escape: (c) => V.unwrappedHtmlEscape(c.args[0]),
    json_escape: (c) => V.jsonEscape(c.args[0]),
  },
};

export const TAG = Symbol("tag builder");
class ClassRef {
  constructor(readonly name: string) {}
}

/** ActiveModel::Serializers::JSON#as_json of the vectors' attr_accessor models (nested records included). */
function asJson(r: FakeRecord): Record<string, unknown> {
  const value = (v: unknown): unknown => (v instanceof FakeRecord ? asJson(v) : Array.isArray(v) ? v.map(value) : v ?? null);
  return Object.fromEntries(r.klass.attributeNames.filter((a) => r.attributes[a] !== undefined).map((a) => [a, value(r.attributes[a])]));
}

/** Record methods the vectors call (the model runtime implements the real ones). */
function recordMethod(r: FakeRecord, name: string, c: Call): unknown {
  switch (name) {
    case "to_param": return r.toParam();
    case "to_key": return r.toKey();
    case "to_partial_path": return `${r.modelName.collection}/${r.modelName.element}`;
    case "errors": return r.errors;
    case "as_json": return asJson(r);
  }
  const v = r.readAttribute(name);
  if (v !== undefined) return v;
  void c;
  throw new Error(`${r.modelName.name}#${name}`);
}

function modelClassMethod(k: FakeModelClass, name: string, c: Call): unknown {
  if (name === "model_name") return k.modelName;
  if (name === "human_attribute_name") return k.humanAttributeName(toS(c.args[0]));
  if (name === "new") return k.build(c.kwargs ?? {});
  throw new Error(`${k.modelName.name}.${name}`);
}

function isModelNameObject(v: unknown): v is V.ModelName {
  return v !== null && typeof v === "object" && "paramKey" in v && "human" in v;
}

function errorsMethod(e: FakeErrors, name: string, c: Call): unknown {
  const human = (a: string) => I.humanize(a);
  if (name === "full_messages") return e.fullMessages(human);
  if (name === "full_messages_for") return e.get(toS(c.args[0])).map((m) => `${human(toS(c.args[0]))} ${m}`);
  if (name === "[]") return e.get(toS(c.args[0]));
  throw new Error(`Errors#${name}`);
}

const MODEL_NAME_METHODS: Record<string, (m: V.ModelName) => unknown> = {
  to_s: (m) => m.name, param_key: (m) => m.paramKey, singular: (m) => m.singular, plural: (m) => m.plural,
  route_key: (m) => m.routeKey, singular_route_key: (m) => m.singularRouteKey, element: (m) => m.element,
  collection: (m) => m.collection, human: (m) => m.human(), i18n_key: (m) => m.i18nKey,
};
class ModuleRef {
  constructor(readonly path: string) {}
}

const INFLECTIONS: Record<string, (s: string, c: Call) => unknown> = {
  pluralize: (s, c) => (typeof c.args[0] === "number" && c.args[0] === 1 ? s : I.pluralize(s, typeof c.args[0] === "string" ? c.args[0] : "en")),
  singularize: (s, c) => I.singularize(s, (c.args[0] as string) ?? "en"),
  camelize: (s, c) => I.camelize(s, c.args[0] === "lower" ? "lower" : true),
  underscore: (s) => I.underscore(s),
  humanize: (s, c) => I.humanize(s, { capitalize: c.kwargs?.capitalize as boolean, keepIdSuffix: c.kwargs?.keep_id_suffix as boolean }),
  titleize: (s, c) => I.titleize(s, { keepIdSuffix: c.kwargs?.keep_id_suffix as boolean }),
  titlecase: (s) => I.titleize(s),
  tableize: (s) => I.tableize(s),
  classify: (s) => I.classify(s),
  dasherize: (s) => I.dasherize(s),
  demodulize: (s) => I.demodulize(s),
  deconstantize: (s) => I.deconstantize(s),
  foreign_key: (s, c) => I.foreignKey(s, c.args[0] !== false),
  parameterize: (s, c) => I.parameterize(s, { separator: c.kwargs?.separator as string, preserveCase: c.kwargs?.preserve_case as boolean }),
  upcase_first: (s) => I.upcaseFirst(s),
  downcase_first: (s) => I.downcaseFirst(s),
  truncate: (s, c) => S.truncate(s, c.args[0] as number, (c.kwargs ?? {}) as S.TruncateOptions),
  truncate_words: (s, c) => S.truncateWords(s, c.args[0] as number, (c.kwargs ?? {}) as S.TruncateOptions),
  truncate_bytes: (s, c) => S.truncateBytes(s, c.args[0] as number, (c.kwargs ?? {}) as { omission?: string }),
  squish: (s) => S.squish(s),
  remove: (s, c) => S.remove(s, ...(c.args as string[])),
};

/** Methods of String and SafeBuffer (SafeBuffer's unsafe methods return plain Strings). */
function stringMethod(recv: string | V.SafeString, name: string, c: Call): unknown {
  const safe = recv instanceof V.SafeString;
  const s = recv.toString();
  const a = c.args[0];
  switch (name) {
    case "html_safe": return V.htmlSafe(recv);
    case "html_safe?": return safe;
    case "to_s": case "dup": return recv;
    case "to_str": case "to_param": return s;
    case "length": case "size": return Array.from(s).length;
    case "+": case "<<": case "concat": return safe ? (recv as V.SafeString).concat(a) : s + toS(a);
    case "safe_concat": return (recv as V.SafeString).safeConcat(a);
    case "%": return safe ? (recv as V.SafeString).format(a) : rubyFormat(s, a);
    case "*": return safe ? (recv as V.SafeString).repeat(a as number) : s.repeat(a as number);
    case "[]": return safe ? (recv as V.SafeString).slice(a as number, c.args[1] as number) : s.slice(a as number, (a as number) + (c.args[1] as number));
    case "insert": return (recv as V.SafeString).insert(a as number, c.args[1]);
    case "prepend": return (recv as V.SafeString).prepend(a);
    case "replace": return V.htmlEscape(a);
    case "upcase": return s.toUpperCase();
    case "downcase": return s.toLowerCase();
    case "strip": return s.trim();
    case "gsub": return s.split(a as string).join(toS(c.args[1]));
    case "to_json": return encodeJson(s);
    case "inquiry": return { inquiry: s };
    case "==": return s === toS(a);
  }
  const inflect = INFLECTIONS[name];
  if (inflect) return inflect(s, c);
  throw new Error(`String#${name}`);
}

function numberMethod(n: number | bigint, name: string, c: Call): unknown {
  const a = c.args[0];
  switch (name) {
    case "html_safe?": return true;
    case "to_s": return toS(n);
    case "ordinalize": return I.ordinalize(Number(n));
    case "ordinal": return I.ordinal(Number(n));
    case "+": return (n as number) + (a as number);
    case "-": return (n as number) - (a as number);
    case "*": return (n as number) * (a as number);
    case "/": return (n as number) / (a as number);
    case "**": return BigInt(n) ** BigInt(a as number);
    case "to_json": return encodeJson(n);
    case "to_fs": return numericToFs(n, (a as string) ?? null, c.kwargs ?? {});
    case "seconds": case "minutes": case "hours": case "days": case "weeks": case "months": case "years":
    case "second": case "minute": case "hour": case "day": case "week": case "month": case "year":
      return T.numberDuration(Number(n), name);
  }
  throw new Error(`Integer#${name}`);
}

function arrayMethod(arr: unknown[], name: string, c: Call, d: Dispatch, scope: Scope): unknown {
  switch (name) {
    case "join": return arr.map((x) => toS(x)).join(toS(c.args[0] ?? ""));
    case "to_sentence": return arrayToSentence(arr, (c.kwargs ?? {}) as Record<string, string>);
    case "first": return c.args.length ? arr.slice(0, c.args[0] as number) : arr[0] ?? null;
    case "include?": return arr.some((x) => x === c.args[0]);
    case "to_a": return arr;
    case "sort": return [...arr].sort();
    case "inspect": return inspect(arr);
    case "to_json": return encodeJson(arr);
    case "to_param": return arr.map((x) => toS(x)).join("/");
    case "map": return arr.map((x) => c.block!(x));
    case "select": return arr.filter((x) => c.block!(x));
  }
  void d; void scope;
  throw new Error(`Array#${name}`);
}

/** Array#to_sentence (ActiveSupport core ext, plain String). */
function arrayToSentence(arr: unknown[], o: Record<string, string>): string {
  const words = o.words_connector ?? ", ";
  const two = o.two_words_connector ?? " and ";
  const last = o.last_word_connector ?? ", and ";
  const items = arr.map((x) => toS(x));
  if (items.length <= 1) return items[0] ?? "";
  if (items.length === 2) return items.join(two);
  return `${items.slice(0, -1).join(words)}${last}${items[items.length - 1]}`;
}

function hashMethod(h: Record<string, unknown>, name: string, c: Call): unknown {
  switch (name) {
    case "to_json": return encodeJson(h);
    case "inspect": return inspect(h);
    case "as_json": return JSON.parse(encodeJson(h, false));
    case "[]": return h[toS(c.args[0])] ?? null;
    case "to_query": case "to_param": return toQuery(h);
  }
  throw new Error(`Hash#${name}`);
}

// Zones' current periods as of the recording's frozen clock.
zoneConfig.now = () => FROZEN_NOW.getTime();

export function makeDispatch(group: string): Dispatch {
  const ivars = assigns();
  const view = fakeHost({ assigns: ivars, ...(group === "csrf" ? { protectAgainstForgery: () => true } : {}) });
  const d: Dispatch = {
    helper(name, c) {
      const fn = HELPERS[name];
      if (fn) return fn(c, view);
      const route = namedRoute(name, flat(c));
      if (route !== undefined) return route;
      throw new Error(`undefined helper ${name}`);
    },
    method(recv, name, c, scope) {
      if (name === "public_send") return d.method(recv, c.args[0] as string, { ...c, args: c.args.slice(1) }, scope);
      if (name === "class") return new ClassRef(recv instanceof V.SafeString ? "ActiveSupport::SafeBuffer" : typeof recv === "string" ? "String" : recv instanceof FakeRecord ? recv.modelName.name : "Object");
      if (recv instanceof ClassRef && name === "name") return recv.name;
      if (recv instanceof FakeRecord) return recordMethod(recv, name, c);
      if (recv instanceof Date || recv instanceof ZonedTime || recv instanceof RubyDate) return T.timeMethod(recv, name, c);
      if (recv instanceof Duration) return T.durationMethod(recv, name, c);
      if (recv instanceof T.ZoneRef) return T.zoneMethod(recv, name, c);
      if (recv instanceof TimeZone && name === "name") return recv.name;
      if (recv instanceof V.FormBuilder || recv instanceof V.CollectionItemBuilder || recv instanceof V.LabelBuilder) {
        return objectMethod(recv as unknown as Record<string, unknown>, name, c);
      }
      if (recv instanceof FakeModelClass) return modelClassMethod(recv, name, c);
      if (recv === TAG) return name === "attributes" ? V.tagBuilder.attributes(flat(c)[0] as V.Attributes) : V.tagElement(name, ...flat(c));
      if (recv instanceof ModuleRef) {
        const fn = MODULE_FUNCTIONS[recv.path]?.[name];
        if (!fn) throw new Error(`${recv.path}.${name}`);
        return fn(c, view);
      }
      if (typeof recv === "string" || recv instanceof V.SafeString) return stringMethod(recv, name, c);
      if (typeof recv === "number" || typeof recv === "bigint") return numberMethod(recv, name, c);
      if (recv === null) return name === "html_safe?" ? false : name === "to_json" ? "null" : name === "inspect" ? "nil" : name === "to_param" ? null : (() => { throw new Error(`nil.${name}`); })();
      if (Array.isArray(recv)) return arrayMethod(recv, name, c, d, scope);
      if (isPlainObject(recv) && "inquiry" in recv) return name === `${recv.inquiry}?`;
      if (isPlainObject(recv) && typeof recv.sanitize === "function" && name === "sanitize") return (recv.sanitize as (h: unknown) => unknown)(c.args[0]);
      if (isPlainObject(recv)) return hashMethod(recv, name, c);
      if (typeof recv === "boolean" && name === "to_param") return recv;
      if (isModelNameObject(recv) && MODEL_NAME_METHODS[name]) return MODEL_NAME_METHODS[name]!(recv);
      if (recv instanceof FakeErrors) return errorsMethod(recv, name, c);
      throw new Error(`no method ${name} on ${toS(recv)}`);
    },
    constant(path) {
      if (path === "Article") return Article;
      if (path === "Comment") return Comment;
      if (path === "ActionView::RecordIdentifier") return new ModuleRef(path);
      if (path === "Float::NAN") return NaN;
      return new ModuleRef(path);
    },
    ivar(name) {
      return ivars[name] ?? null;
    },
    symbol(name) {
      return name === "back" ? V.BACK : name;
    },
  };
  void FakeRecord; void FakeModelClass; void polymorphic; void RubyDate; void RubyRange; void FROZEN_NOW; void generateJson; void floatToS;
  return d;
}

/** The vector's view of a result: Strings by content, other classes by `inspect`. */
export function renderResult(v: unknown, outputClass?: string): { output: string; htmlSafe: boolean } {
  const htmlSafe = V.isHtmlSafe(v);
  if (!outputClass) return { output: toS(v), htmlSafe };
  if (outputClass === "Symbol") return { output: `:${toS(v)}`, htmlSafe };
  if (outputClass === "Float") return { output: floatToS(v as number), htmlSafe };
  return { output: inspect(v), htmlSafe };
}
