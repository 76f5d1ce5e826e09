// I18n.localize (I18n::Backend::Base#localize) for dates and times:
//   l(date) -> localize(date)   l(time, format: :short) -> localize(time, { format: "short" })
// A Symbol format names date.formats.* / time.formats.*; %a %A %b %B %p %P take their words from I18n.
import { RubyDate } from "../ruby/date.js";
import { locale as currentLocale, lookup, translate } from "./i18n.js";
import { toS } from "../ruby/ruby.js";
import { strftime, timePartsOf } from "./strftime.js";
import type { ZonedTime } from "./zoned-time.js";

/** I18n::MissingTranslationData: what translate raises when asked to (`raise: true`, as localize asks). */
export class MissingTranslationData extends Error {
  override name = "I18n::MissingTranslationData";
}

export interface LocalizeOptions {
  format?: string | null;
  locale?: string;
}

function names(key: string, locale: string | undefined): string[] {
  const v = lookup(key, locale);
  return Array.isArray(v) ? v.map((x) => toS(x)) : [];
}

/** I18n.l(object, format:) for RubyDate, Date (UTC Time) and ZonedTime. */
export function localize(object: RubyDate | Date | ZonedTime, options: LocalizeOptions = {}): string {
  if (object === null || object === undefined) throw new Error("Object must be a Date, DateTime or Time object. nil given.");
  const isDate = object instanceof RubyDate;
  const type = isDate ? "date" : "time";
  const key = options.format ?? "default";
  const locale = options.locale;
  let format = key;
  if (!key.includes("%")) {
    // A Symbol format is a key localize translates with raise: true (a missing one raises).
    const found = lookup(`${type}.formats.${key}`, locale);
    if (found === undefined || found === null) throw new MissingTranslationData(`Translation missing: ${locale ?? currentLocale()}.${type}.formats.${key}`);
    format = typeof found === "string" ? found : toS(translate(`${type}.formats.${key}`, { locale }));
  }
  const p = timePartsOf(object);
  const wday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  const expanded = format.replace(/%(|\^)[aAbBpP]/g, (m) => {
    const up = m.includes("^");
    const c = m[m.length - 1];
    let word: string;
    if (c === "a") word = names("date.abbr_day_names", locale)[wday]!;
    else if (c === "A") word = names("date.day_names", locale)[wday]!;
    else if (c === "b") word = names("date.abbr_month_names", locale)[p.month]!;
    else if (c === "B") word = names("date.month_names", locale)[p.month]!;
    else if (isDate) return m;
    else {
      const ampm = toS(translate(`time.${p.hour < 12 ? "am" : "pm"}`, { locale }));
      word = c === "p" ? ampm.toUpperCase() : ampm.toLowerCase();
    }
    return up ? word.toUpperCase() : word;
  });
  return strftime(object, expanded);
}
