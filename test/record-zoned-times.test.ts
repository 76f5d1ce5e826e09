// Time values other than a UTC Time reach records too: a TimeWithZone outside UTC (in_time_zone, Time.zone.local
// under use_zone), a fixed-offset Time, a DateTime, and Date#beginning_of_day (a TimeWithZone). Rails casts and binds
// each at its instant, in UTC, as TimeWithZone#to_fs(:db) prints it; before, a datetime attribute cast them to nil
// and a where() took them for a Hash of conditions.
import { describe, expect, it } from "vitest";
import { attributeType } from "../runtime/active-record/types.js";
import { bindValue } from "../runtime/active-record/sanitize.js";
import { Time } from "../runtime/active-support/time.js";
import { DateClass, TimeClass } from "../runtime/app/core-constants.js";
import { TimeMethods } from "../runtime/active-support/core-ext/core-time.js";
import { RubyDate } from "../runtime/ruby/date.js";

const utc = TimeClass.utc(2024, 2, 15, 12, 30, 45, 250000) as Date;
const values = [
  TimeMethods.inTimeZone(utc, "Tokyo"),
  TimeMethods.inTimeZone(utc, "Eastern Time (US & Canada)"),
  TimeClass.new(2024, 2, 15, 18, 0, 45, "+05:30"),
  TimeMethods.toDatetime(utc),
  TimeMethods.beginningOfDay(DateClass.new(2024, 2, 15)),
  TimeMethods.endOfDay(DateClass.new(2024, 2, 15)),
];

describe("zoned time values in records", () => {
  it("cast to the same instant and bind as the UTC wall clock with its microseconds", () => {
    const datetime = attributeType({ name: "at", type: "datetime" });
    for (const v of values) {
      const cast = datetime.cast(v) as Time;
      expect(cast).toBeInstanceOf(Time);
      expect(cast.getTime()).toBe(Time.fromInstant(v)!.getTime());
      const usec = TimeMethods.usec(v) as number;
      const db = TimeMethods.toFs(TimeMethods.utc(v), "db");
      expect(bindValue(v)).toBe(usec ? `${db}.${String(usec).padStart(6, "0")}` : db);
    }
  });

  it("cast to the zone's own calendar day for a date column", () => {
    const date = attributeType({ name: "on", type: "date" });
    const late = TimeMethods.inTimeZone(TimeClass.utc(2024, 2, 15, 20), "Tokyo");
    expect((date.cast(late) as RubyDate).toRubyString()).toBe(TimeMethods.toDate(late).toRubyString());
  });
});
