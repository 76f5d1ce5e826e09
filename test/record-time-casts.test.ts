// Text assigned to datetime and date attributes, in a UTC app and under another Time.zone: Rails reads ISO forms
// fast and the rest through Date._parse (Time.zone.parse for time-zone-aware datetimes, which rolls Feb 30 over to
// Mar 1). Recorded from Rails 7.2.4 by fixtures/record/time-casts.rb; the UTC instant is compared.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { attributeType } from "../runtime/active-record/types.js";
import type { Time } from "../runtime/active-support/time.js";
import type { RubyDate } from "../runtime/ruby/date.js";
import { TimeClass } from "../runtime/app/core-constants.js";
import { TimeMethods } from "../runtime/active-support/core-ext/core-time.js";
import { zoneConfig } from "../runtime/active-support/time-zone.js";

const recorded = JSON.parse(readFileSync(join(__dirname, "fixtures/record/time-casts.json"), "utf8")) as Record<string, string | null>;
afterEach(() => {
  zoneConfig.default = "UTC";
});

describe("assigned text cast to datetime and date", () => {
  it("answers as Rails does, in UTC and in another zone", () => {
    const datetime = attributeType({ name: "at", type: "datetime" });
    const date = attributeType({ name: "on", type: "date" });
    const got: Record<string, string | null> = {};
    for (const key of Object.keys(recorded)) {
      const [zone, type, text] = key.split("|") as [string, string, string];
      TimeClass.setZone(zone);
      if (type === "datetime") {
        const t = datetime.cast(text) as Time | null;
        got[key] = t && (TimeMethods.strftime(TimeMethods.utc(t), "%Y-%m-%d %H:%M:%S.%6N") as string);
      } else got[key] = (date.cast(text) as RubyDate | null)?.toRubyString() ?? null;
    }
    expect(got).toEqual(recorded);
  });
});
