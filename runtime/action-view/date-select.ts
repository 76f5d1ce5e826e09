// DateHelper's select-based pickers (ActionView::Helpers::DateTimeSelector and Tags::DateSelect):
//   select_date(date, prefix: "d")        -> selectDate(view, date, { prefix: "d" })
//   select_year / select_month / select_day / select_hour / select_minute / select_second / select_time / select_datetime
//   date_select(:post, :published_on)  -> dateSelect(view, "post", "published_on")  (and time_select, datetime_select)
// The selects are joined exactly as Rails does: a newline after each option and each select.
import { RubyDate } from "../ruby/date.js";
import { translate } from "../active-support/i18n.js";
import { isPlainObject, rubyFormat, toS } from "../ruby/ruby.js";
import { timePartsOf } from "../active-support/strftime.js";
import { ZonedTime } from "../active-support/zoned-time.js";
import { InstanceTag } from "./form/instance-tag.js";
import { currentTime, type ViewHost } from "../active-model/host.js";
import { SafeString } from "../active-support/safe.js";
import { contentTag, tag } from "./tag.js";
import type { Attributes } from "./tag-options.js";

type Part = "year" | "month" | "day" | "hour" | "minute" | "second";
const POSITION: Record<Part, number> = { year: 1, month: 2, day: 3, hour: 4, minute: 5, second: 6 };
const AMPM = ["12 AM", ...Array.from({ length: 11 }, (_, i) => `${String(i + 1).padStart(2, "0")} AM`),
  "12 PM", ...Array.from({ length: 11 }, (_, i) => `${String(i + 1).padStart(2, "0")} PM`)];

class DateTimeSelector {
  private readonly options: Attributes;
  private datetime: unknown;

  constructor(private readonly view: ViewHost, datetime: unknown, options: Attributes, private readonly html: Attributes) {
    this.options = { datetime_separator: " &mdash; ", time_separator: " : ", ...options };
    this.datetime = datetime;
  }

  private part(name: "sec" | "min" | "hour" | "day" | "month" | "year"): number | null {
    const d = this.datetime;
    if (d === null || d === undefined) return null;
    if (typeof d === "number") return d;
    if (isPlainObject(d)) return (d[name] as number | undefined) ?? null;
    const p = timePartsOf(d as Date | RubyDate | ZonedTime);
    return { sec: p.sec, min: p.min, hour: p.hour, day: p.day, month: p.month, year: p.year }[name];
  }

  private get order(): Part[] {
    const o = this.options.order ?? translate("date.order", { default: [] });
    return (o as string[]).map((x) => toS(x) as Part);
  }

  private setDayIfDiscarded(): void {
    if (!this.datetime || !this.options.discard_day) return;
    const d = this.datetime;
    if (d instanceof RubyDate) this.datetime = new RubyDate(d.year, d.month, 1);
    else if (d instanceof Date) this.datetime = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  }

  selectDatetime(): string {
    let order = this.order.filter((t) => !["hour", "minute", "second"].includes(t));
    const o = this.options;
    if (!order.includes("year")) o.discard_year ||= true;
    if (!order.includes("month")) o.discard_month ||= true;
    if (o.discard_month || !order.includes("day")) o.discard_day ||= true;
    if (o.discard_hour) o.discard_minute ||= true;
    if (!(o.include_seconds && !o.discard_minute)) o.discard_second ||= true;
    this.setDayIfDiscarded();
    if (o.tag && o.ignore_date) return this.selectTime();
    for (const p of ["day", "month", "year"] as Part[]) if (!order.includes(p)) order.unshift(p);
    if (!o.discard_hour) order = [...order, "hour", "minute", "second"];
    return this.buildSelectsFromTypes(order);
  }

  selectDate(): string {
    const order = [...this.order];
    const o = this.options;
    Object.assign(o, { discard_hour: true, discard_minute: true, discard_second: true });
    if (!order.includes("year")) o.discard_year ||= true;
    if (!order.includes("month")) o.discard_month ||= true;
    if (o.discard_month || !order.includes("day")) o.discard_day ||= true;
    this.setDayIfDiscarded();
    for (const p of ["day", "month", "year"] as Part[]) if (!order.includes(p)) order.unshift(p);
    return this.buildSelectsFromTypes(order);
  }

  selectTime(): string {
    const o = this.options;
    Object.assign(o, { discard_month: true, discard_year: true, discard_day: true });
    if (!o.include_seconds) o.discard_second ||= true;
    const order: Part[] = o.ignore_date ? [] : ["year", "month", "day"];
    order.push("hour", "minute");
    if (o.include_seconds) order.push("second");
    return this.buildSelectsFromTypes(order);
  }

  select(type: Part): string {
    const o = this.options;
    const hidden = o.use_hidden || o[`discard_${type}`];
    switch (type) {
      case "second":
        if (hidden) return o.include_seconds ? this.buildHidden("second", this.part("sec")) : "";
        return this.buildSelect("second", this.buildOptions(this.part("sec")));
      case "minute":
        return hidden ? this.buildHidden("minute", this.part("min")) : this.buildSelect("minute", this.buildOptions(this.part("min"), { step: o.minute_step }));
      case "hour":
        if (hidden) return this.buildHidden("hour", this.part("hour"));
        return this.buildSelect("hour", this.buildOptions(this.part("hour"), { ampm: o.ampm ?? false, start: o.start_hour ?? 0, end: o.end_hour ?? 23 }));
      case "day":
        return hidden ? this.buildHidden("day", this.part("day") ?? 1) : this.buildSelect("day", this.numberOptions(1, 31, 1, this.part("day"), (n) => this.dayName(n)));
      case "month":
        return hidden ? this.buildHidden("month", this.part("month") ?? 1) : this.buildSelect("month", this.monthOptions());
      case "year":
        return this.selectYear();
    }
  }

  private selectYear(): string {
    const year = this.part("year");
    const [val, middle] = year === null || this.datetime === 0 ? ["1", timePartsOf(currentTime(this.view)).year] : [year, year];
    if (this.options.use_hidden || this.options.discard_year) return this.buildHidden("year", val);
    const start = (this.options.start_year as number | undefined) ?? middle - 5;
    const end = (this.options.end_year as number | undefined) ?? middle + 5;
    const max = (this.options.max_years_allowed as number | undefined) ?? 1000;
    if (Math.abs(end - start) > max) throw new Error("There are too many years options to be built.");
    return this.buildSelect("year", this.numberOptions(start, end, start < end ? 1 : -1, val, (n) => n));
  }

  private numberOptions(start: number, stop: number, step: number, selected: unknown, text: (n: number) => unknown): string {
    const out: string[] = [];
    for (let v = start; step > 0 ? v <= stop : v >= stop; v += step) {
      out.push(contentTag("option", text(v), { value: v, selected: selected === v ? "selected" : null }).toString());
    }
    return `${out.join("\n")}\n`;
  }

  private buildOptions(selected: number | null, given: Attributes = {}): string {
    const start = Number(given.start ?? 0);
    const stop = Number(given.end ?? 59);
    const step = Number(given.step ?? 1);
    const out: string[] = [];
    for (let i = start; i <= stop; i += step) {
      const value = String(i).padStart(2, "0");
      const text = given.ampm ? AMPM[i] : value;
      out.push(contentTag("option", text, { value, selected: selected === i ? "selected" : null }).toString());
    }
    return `${out.join("\n")}\n`;
  }

  private dayName(n: number): unknown {
    if (typeof this.options.day_format === "function") return (this.options.day_format as (n: number) => unknown)(n);
    return this.options.use_two_digit_numbers ? String(n).padStart(2, "0") : n;
  }

  private monthOptions(): string {
    const o = this.options;
    let names = (o.use_month_names as unknown[] | undefined) ?? (translate(o.use_short_month ? "date.abbr_month_names" : "date.month_names") as unknown[]);
    if (names.length < 13) names = [null, ...names];
    const month = this.part("month");
    let out = "";
    for (let n = 1; n <= 12; n++) {
      let text: unknown = names[n];
      if (o.use_month_numbers) text = n;
      else if (o.use_two_digit_numbers) text = String(n).padStart(2, "0");
      else if (o.add_month_numbers) text = `${n} - ${toS(names[n])}`;
      else if (o.month_format_string) text = rubyFormat(toS(o.month_format_string), { number: n, name: names[n] });
      out += `${contentTag("option", text, { value: n, selected: month === n ? "selected" : null })}\n`;
    }
    return out;
  }

  private inputName(type: Part): string {
    let prefix = toS(this.options.prefix ?? "date");
    if ("index" in this.options) prefix += `[${toS(this.options.index)}]`;
    let field = toS(this.options.field_name ?? type);
    if (this.options.include_position) field += `(${POSITION[type]}i)`;
    return this.options.discard_type ? prefix : `${prefix}[${field}]`;
  }

  private inputId(type: Part): string {
    const id = this.inputName(type).replace(/([[(])|(\]\[)/g, "_").replace(/[\])]/g, "");
    return this.options.namespace ? `${toS(this.options.namespace)}_${id}` : id;
  }

  private buildSelect(type: Part, optionsHtml: string): string {
    const attrs: Attributes = { id: this.inputId(type), name: this.inputName(type), ...this.html };
    if (this.options.disabled) attrs.disabled = "disabled";
    let body = "\n";
    if (this.options.include_blank) body += `${contentTag("option", "", { value: "", label: " " })}\n`;
    if (this.options.prompt) body += `${this.promptOption(type)}\n`;
    body += optionsHtml;
    return `${contentTag("select", new SafeString(body), attrs)}\n`;
  }

  private promptOption(type: Part): string {
    const p = this.options.prompt;
    const prompt = isPlainObject(p) ? p[type] ?? false : typeof p === "string" ? p : translate(`datetime.prompts.${type}`);
    if (!prompt) return "";
    const text = typeof prompt === "string" ? prompt : translate(`datetime.prompts.${type}`);
    return contentTag("option", text, { value: "" }).toString();
  }

  private buildHidden(type: Part, value: unknown): string {
    const attrs: Attributes = { type: "hidden", id: this.inputId(type), name: this.inputName(type), value, autocomplete: "off" };
    if ("disabled" in this.html) attrs.disabled = this.html.disabled;
    if (this.options.disabled) attrs.disabled = "disabled";
    return `${tag("input", attrs)}\n`;
  }

  private separator(type: Part): string {
    const o = this.options;
    if (o.use_hidden) return "";
    if (type === "year" || type === "month" || type === "day") return o[`discard_${type}`] ? "" : toS(o.date_separator);
    if (type === "hour") return o.discard_year && o.discard_day ? "" : toS(o.datetime_separator);
    return o[`discard_${type}`] ? "" : toS(o.time_separator);
  }

  private buildSelectsFromTypes(order: Part[]): string {
    const firstVisible = order.find((t) => !this.options[`discard_${t}`]);
    let out = "";
    for (const type of [...order].reverse()) out = (type === firstVisible ? "" : this.separator(type)) + this.select(type) + out;
    return out;
  }
}

type SelectorFn = (s: DateTimeSelector) => string;
const selector = (run: SelectorFn) => (view: ViewHost, datetime: unknown = currentTime(view), options: Attributes = {}, html: Attributes = {}) =>
  new SafeString(run(new DateTimeSelector(view, datetime, { ...options }, { ...html })));

export const selectDatetime = selector((s) => s.selectDatetime());
export const selectDate = selector((s) => s.selectDate());
export const selectTime = selector((s) => s.selectTime());
export const selectYear = selector((s) => s.select("year"));
export const selectMonth = selector((s) => s.select("month"));
export const selectDay = selector((s) => s.select("day"));
export const selectHour = selector((s) => s.select("hour"));
export const selectMinute = selector((s) => s.select("minute"));
export const selectSecond = selector((s) => s.select("second"));

/** Tags::DateSelect: the object's value (or now) through the selector, named object[method(Ni)]. */
function objectSelect(kind: "date" | "time" | "datetime") {
  return (view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}, html: Attributes = {}): SafeString => {
    const t = new InstanceTag(view, objectName, method, options);
    const opts: Attributes = { ...t.opts };
    const value = t.value();
    const fallback = opts.include_blank || opts.prompt ? null : opts.default ?? currentTime(view);
    const datetime = "selected" in opts ? opts.selected : value ?? fallback;
    opts.field_name = t.methodName;
    opts.include_position = true;
    opts.prefix ??= t.objectName;
    const s = new DateTimeSelector(view, datetime, opts, { ...html });
    const out = kind === "date" ? s.selectDate() : kind === "time" ? s.selectTime() : s.selectDatetime();
    return t.errorWrapping(new SafeString(out));
  };
}

export const dateSelect = objectSelect("date");
export const timeSelect = objectSelect("time");
export const datetimeSelect = objectSelect("datetime");
