// Ruby's Date (a calendar day, no time of day) as a value class; Ruby Time is a JS Date.
//   Date.new(2024, 2, 15) -> new RubyDate(2024, 2, 15)     date.to_s -> "2024-02-15"
//   Date.today / Date.current -> RubyDate.fromTime(now)   date.inspect -> "Thu, 15 Feb 2024"
// Date columns from the database arrive as RubyDate so views print them the way Rails does.

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
  "October", "November", "December"];

export const ABBR_DAY_NAMES = DAY_NAMES.map((d) => d.slice(0, 3));
export const ABBR_MONTH_NAMES = MONTH_NAMES.map((m) => m.slice(0, 3));
export { DAY_NAMES, MONTH_NAMES };

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export class RubyDate {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}

  /** Date.parse for ISO dates ("2024-02-15") and Ruby's common "15 Feb 2024" form. */
  static parse(s: string): RubyDate {
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s);
    if (iso) return new RubyDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    const d = new Date(`${s} UTC`);
    if (Number.isNaN(d.getTime())) throw new Error(`invalid date: ${s}`);
    return RubyDate.fromTime(d);
  }

  /** The UTC calendar day of a time. */
  static fromTime(t: Date): RubyDate {
    return new RubyDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
  }

  /** Midnight UTC of this day (Date#to_time in a UTC process). */
  toTime(): Date {
    return new Date(Date.UTC(this.year, this.month - 1, this.day));
  }

  /** 0 = Sunday. */
  get wday(): number {
    return this.toTime().getUTCDay();
  }

  /** Day of the year, 1-based. */
  get yday(): number {
    return Math.round((this.toTime().getTime() - Date.UTC(this.year, 0, 1)) / 86400000) + 1;
  }

  addDays(n: number): RubyDate {
    return RubyDate.fromTime(new Date(this.toTime().getTime() + n * 86400000));
  }

  /** Date#>> / `+ n.months`: clamps the day to the target month's length. */
  addMonths(n: number): RubyDate {
    const total = this.year * 12 + (this.month - 1) + n;
    const y = Math.floor(total / 12);
    const m = (total % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return new RubyDate(y, m, Math.min(this.day, last));
  }

  toRubyString(): string {
    return `${pad(this.year, 4)}-${pad(this.month)}-${pad(this.day)}`;
  }
  toString(): string {
    return this.toRubyString();
  }
  toRubyInspect(): string {
    return `${ABBR_DAY_NAMES[this.wday]}, ${pad(this.day)} ${ABBR_MONTH_NAMES[this.month - 1]} ${this.year}`;
  }
  asJson(): string {
    return this.toRubyString();
  }
}
