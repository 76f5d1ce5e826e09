// config.time_zone and config.beginning_of_week in config/application.rb: read as facts (a value that is not a
// literal is reported at its position), and applied at boot (createApp): Time.zone and the week's first day.
import { afterEach, describe, expect, it } from "vitest";
import { analyzeConfig } from "../src/analyze/config.js";
import { parseRuby } from "../src/parse/ruby.js";
import { TimeClass } from "../runtime/app/core-constants.js";
import { TimeMethods } from "../runtime/active-support/core-ext/core-time.js";
import { weekConfig } from "../runtime/active-support/time-calculations.js";
import { zoneConfig } from "../runtime/active-support/time-zone.js";
import { Time } from "../runtime/active-support/time.js";
import { attributeType } from "../runtime/active-record/types.js";
import { inspect } from "../runtime/ruby/ruby.js";
import { instantOf } from "../runtime/active-support/core-ext/compare.js";

function application(lines: string): { timeZone: string | null; beginningOfWeek: string | null; reported: string[] } {
  const reported: string[] = [];
  const diagnostics = {
    report: (code: string, span: { line: number; column: number }, message: string) => reported.push(`${span.line}:${span.column} ${code}: ${message}`),
  };
  const source = `module Blog\n  class Application < Rails::Application\n${lines}  end\nend\n`;
  const parsed = parseRuby(source, "config/application.rb");
  const facts = analyzeConfig([{ path: "config/application.rb", body: parsed.body } as never], diagnostics as never);
  return { timeZone: facts.timeZone, beginningOfWeek: facts.beginningOfWeek, reported };
}

afterEach(() => {
  zoneConfig.default = "UTC";
  weekConfig.start = "monday";
});

describe("config.time_zone / config.beginning_of_week", () => {
  it("reads literal settings, and reports others (the app keeps Rails' defaults)", () => {
    expect(application("")).toEqual({ timeZone: null, beginningOfWeek: null, reported: [] });
    expect(application('    config.time_zone = "Eastern Time (US & Canada)"\n    config.beginning_of_week = :sunday\n'))
      .toEqual({ timeZone: "Eastern Time (US & Canada)", beginningOfWeek: "sunday", reported: [] });
    const declined = application('    config.time_zone = ENV["TZ"]\n    config.beginning_of_week = "sunday"\n');
    expect(declined.timeZone).toBeNull();
    expect(declined.beginningOfWeek).toBeNull();
    expect(declined.reported.map((r) => r.split(" ")[0] + " " + r.split(" ")[1])).toEqual(["3:24 unsupported_option:", "4:32 unsupported_option:"]);
  });

  it("sets Time.zone for every time the app converts, and refuses a zone Rails does not know", () => {
    const t = TimeClass.utc(2024, 2, 15, 12, 30, 45);
    TimeClass.setZone("Tokyo");
    expect(TimeClass.zone().name).toBe("Tokyo");
    expect(TimeMethods.toS(TimeMethods.inTimeZone(t))).toBe(TimeMethods.toS(TimeMethods.inTimeZone(t, "Tokyo")));
    expect(() => TimeClass.setZone("Mars")).toThrow("Invalid Timezone: Mars");
  });
});

describe("the app's TimeWithZone (record Time) outside UTC", () => {
  // Time.current and datetime attributes are record Times: in a zone they answer as that zone's TimeWithZone does
  // (zones.rb in the Ruby corpus holds Ruby's answers for the latter).
  const zone = "Eastern Time (US & Canada)";
  const instants = [new Time(Date.UTC(2024, 1, 15, 3, 30, 45), 250), new Time(Date.UTC(2024, 6, 4, 16))];

  it("prints, formats and calculates in Time.zone", () => {
    TimeClass.setZone(zone);
    for (const t of instants) {
      const twz = TimeMethods.inTimeZone(t, zone);
      expect(inspect(t)).toBe(inspect(twz));
      expect(TimeMethods.toS(t)).toBe(TimeMethods.toS(twz));
      for (const f of ["db", "long", "rfc822", "iso8601"]) expect(TimeMethods.toFs(t, f)).toBe(TimeMethods.toFs(twz, f));
      expect(TimeMethods.strftime(t, "%F %T %Z %z")).toBe(TimeMethods.strftime(twz, "%F %T %Z %z"));
      expect(TimeMethods.asJson(t)).toBe(TimeMethods.asJson(twz));
      for (const m of ["beginningOfDay", "endOfMonth", "nextWeek", "tomorrow"] as const) {
        expect(instantOf(TimeMethods[m](t) as Date)).toEqual(instantOf(TimeMethods[m](twz) as Date));
      }
      expect(TimeMethods.toDate(t).toRubyString()).toBe(TimeMethods.toDate(twz).toRubyString());
      expect(TimeMethods.utcOffset(t)).toBe(TimeMethods.utcOffset(twz));
    }
  });

  it("reads assigned text in Time.zone and the database's in UTC", () => {
    TimeClass.setZone(zone);
    const datetime = attributeType({ name: "at", type: "datetime" });
    const local = TimeMethods.inTimeZone(TimeClass.utc(2024, 7, 4, 14), zone);
    expect((datetime.cast("2024-07-04 10:00:00") as Time).getTime()).toBe(instantOf(local)!.ms);
    expect((datetime.deserialize("2024-07-04 14:00:00") as Time).getTime()).toBe(instantOf(local)!.ms);
  });
});
