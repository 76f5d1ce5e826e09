// DateHelper's words and tags:
//   distance_of_time_in_words(a, b)   -> distanceOfTimeInWords(a, b)
//   time_ago_in_words(t)              -> timeAgoInWords(view, t)      (the view's clock: ViewHost.now)
//   time_tag(t, format: :short)       -> timeTag(t, { format: "short" })
//   l(t) / localize(t, format: :long) -> localize(t, { format: "long" })
// Numbers are seconds since the epoch (Time.at); durations are lowered to seconds.
import { RubyDate } from "../ruby/date.js";
import { Duration } from "../active-support/duration.js";
import { translate, type TranslateOptions } from "../active-support/i18n.js";
import { localize as i18nLocalize, type LocalizeOptions } from "../active-support/localize.js";
import { isPlainObject, toS } from "../ruby/ruby.js";
import { assertMutable } from "../active-support/core-ext/frozen.js";
import { iso8601, ZonedTime, type TimeValue } from "../active-support/zoned-time.js";
import { currentTime, type ViewHost } from "../active-model/host.js";
import type { SafeString } from "../active-support/safe.js";
import { contentTag } from "./tag.js";
import type { Attributes } from "./tag-options.js";

const MINUTES_IN_YEAR = 525600;
const MINUTES_IN_QUARTER_YEAR = 131400;
const MINUTES_IN_THREE_QUARTERS_YEAR = 394200;

/** DateHelper#normalize_distance_of_time_argument_to_time, as epoch milliseconds. */
function toEpochMs(v: unknown): number {
  if (typeof v === "number") return v * 1000;
  if (v instanceof Duration) return v.value * 1000;
  if (v instanceof Date) return v.getTime();
  if (v instanceof ZonedTime) return v.epochMs;
  if (v instanceof RubyDate) return v.toTime().getTime();
  throw new Error(`${toS(v)} can't be converted to a Time value`);
}

/** Ruby's Float#round: halves away from zero. */
function roundHalfAway(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

function yearsInWords(fromMs: number, toMs: number, minutes: number, t: (k: string, o?: TranslateOptions) => string): string {
  const from = new Date(fromMs);
  const to = new Date(toMs);
  let fromYear = from.getUTCFullYear();
  if (from.getUTCMonth() + 1 >= 3) fromYear += 1;
  let toYear = to.getUTCFullYear();
  if (to.getUTCMonth() + 1 < 3) toYear -= 1;
  const leaps = (y: number) => Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400);
  const leapYears = fromYear > toYear ? 0 : leaps(toYear) - leaps(fromYear - 1);
  const withOffset = minutes - leapYears * 1440;
  const remainder = ((withOffset % MINUTES_IN_YEAR) + MINUTES_IN_YEAR) % MINUTES_IN_YEAR;
  const years = Math.floor(withOffset / MINUTES_IN_YEAR);
  if (remainder < MINUTES_IN_QUARTER_YEAR) return t("about_x_years", { count: years });
  if (remainder < MINUTES_IN_THREE_QUARTERS_YEAR) return t("over_x_years", { count: years });
  return t("almost_x_years", { count: years + 1 });
}

/** distance_of_time_in_words(from_time, to_time = 0, options = {}). */
export function distanceOfTimeInWords(fromTime: unknown, toTime: unknown = 0, options: Attributes = {}): string {
  let from = toEpochMs(fromTime);
  let to = toEpochMs(toTime);
  if (from > to) [from, to] = [to, from];
  const seconds = roundHalfAway((to - from) / 1000);
  const minutes = roundHalfAway((to - from) / 60000);
  const scope = toS(options.scope ?? "datetime.distance_in_words");
  const t = (key: string, o: TranslateOptions = {}) => toS(translate(key, { scope, locale: options.locale as string | undefined, ...o }));
  if (minutes <= 1) {
    if (!options.include_seconds) return minutes === 0 ? t("less_than_x_minutes", { count: 1 }) : t("x_minutes", { count: minutes });
    if (seconds <= 4) return t("less_than_x_seconds", { count: 5 });
    if (seconds <= 9) return t("less_than_x_seconds", { count: 10 });
    if (seconds <= 19) return t("less_than_x_seconds", { count: 20 });
    if (seconds <= 39) return t("half_a_minute");
    if (seconds <= 59) return t("less_than_x_minutes", { count: 1 });
    return t("x_minutes", { count: 1 });
  }
  if (minutes < 45) return t("x_minutes", { count: minutes });
  if (minutes < 90) return t("about_x_hours", { count: 1 });
  if (minutes < 1440) return t("about_x_hours", { count: roundHalfAway(minutes / 60) });
  if (minutes < 2520) return t("x_days", { count: 1 });
  if (minutes < 43200) return t("x_days", { count: roundHalfAway(minutes / 1440) });
  if (minutes < 86400) return t("about_x_months", { count: roundHalfAway(minutes / 43200) });
  if (minutes < 525600) return t("x_months", { count: roundHalfAway(minutes / 43200) });
  return yearsInWords(from, to, minutes, t);
}

/** time_ago_in_words(from_time, options = {}) / distance_of_time_in_words_to_now. */
export function timeAgoInWords(view: ViewHost, fromTime: unknown, options: Attributes = {}): string {
  return distanceOfTimeInWords(fromTime, currentTime(view), options);
}
export const distanceOfTimeInWordsToNow = timeAgoInWords;

/** The values the date helpers accept (Time as Date, Date as RubyDate, TimeWithZone/DateTime). */
export type TimeValueLike = TimeValue;

/** localize / l: I18n.localize. */
export function localize(object: TimeValue, options: LocalizeOptions = {}): string {
  return i18nLocalize(object, options);
}
export const l = localize;

/** time_tag(date_or_time, *args, &block). */
export function timeTag(dateOrTime: TimeValue, ...args: unknown[]): SafeString {
  const block = typeof args[args.length - 1] === "function" ? (args.pop() as () => unknown) : null;
  const rest = [...args];
  // (Rails deletes :format from the caller's Hash: a frozen one raises FrozenError.)
  const options: Attributes = isPlainObject(rest[rest.length - 1]) ? { ...assertMutable(rest.pop()) as Attributes } : {};
  const format = toS(options.format ?? "long");
  delete options.format;
  const content = rest[0] ?? i18nLocalize(dateOrTime, { format });
  const attrs: Attributes = "datetime" in options ? options : { datetime: iso8601(dateOrTime), ...options };
  return block ? contentTag("time", content, attrs, block) : contentTag("time", content, attrs);
}
