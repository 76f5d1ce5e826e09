// Time.at(seconds, subsec, unit), Ruby's: the subsecond part in the unit named (Campfire's refreshes controller
// reads `Time.at(0, params[:since].to_i, :millisecond)`).
import { describe, expect, it } from "vitest";
import { TimeClass } from "../runtime/app/core-constants.js";
import { TimeMethods } from "../runtime/active-support/core-ext/core-time.js";
import type { TimeValue } from "../runtime/active-support/zoned-time.js";

// Time.at is a local Time (the process runs in UTC); its instant read as a UTC Time.
const at = (...args: unknown[]) => {
  const t = TimeMethods.utc((TimeClass.at as (...a: unknown[]) => TimeValue)(...args)) as Date & { microRemainder: number };
  return [t.toISOString(), t.microRemainder];
};

describe("Time.at", () => {
  it("takes seconds, then a subsecond part in microseconds, milliseconds or nanoseconds", () => {
    expect(at(1_700_000_000)).toEqual(["2023-11-14T22:13:20.000Z", 0]);
    expect(at(0, 1_707_998_400_123, "millisecond")).toEqual(["2024-02-15T12:00:00.123Z", 0]);
    expect(at(1, 123_456)).toEqual(["1970-01-01T00:00:01.123Z", 456]);
    expect(at(1, 123_456, "usec")).toEqual(["1970-01-01T00:00:01.123Z", 456]);
    expect(at(1, 123_456_000, "nsec")).toEqual(["1970-01-01T00:00:01.123Z", 456]);
    expect(() => at(0, 1, "fortnight")).toThrow("unexpected unit: fortnight");
  });
});
