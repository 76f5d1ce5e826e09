// config.time_zone and config.beginning_of_week in config/application.rb: read as facts (a value that is not a
// literal is reported at its position), and applied at boot (createApp): Time.zone and the week's first day.
import { afterEach, describe, expect, it } from "vitest";
import { analyzeConfig } from "../src/analyze/config.js";
import { parseRuby } from "../src/parse/ruby.js";
import { TimeClass } from "../runtime/support/core-constants.js";
import { TimeMethods } from "../runtime/support/core-time.js";
import { weekConfig } from "../runtime/support/time-calculations.js";
import { zoneConfig } from "../runtime/support/time-zone.js";

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
