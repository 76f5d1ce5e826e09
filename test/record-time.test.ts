// Time and Date values as Rails 7.2 prints and stores them (fixtures/record/time.rb), and the clock records use.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentTime, RubyDate, setClock, Time } from "../runtime/active-record/index.js";

const recorded = JSON.parse(readFileSync(new URL("./fixtures/record/time.json", import.meta.url), "utf8")) as {
  times: Record<string, Record<string, unknown>>;
  dates: Array<Record<string, string>>;
};

const times: Record<string, Time> = {
  "whole second": Time.utc(2024, 2, 15, 12, 0, 0),
  microseconds: Time.utc(2024, 2, 15, 12, 0, 0, 123456),
  "half second": Time.utc(2024, 1, 10, 9, 30, 0, 500000),
  "leap day": Time.utc(2024, 2, 29, 23, 59, 59, 999999),
  old: Time.utc(1999, 12, 31, 1, 2, 3),
};

describe("Time", () => {
  for (const [label, t] of Object.entries(times)) {
    it(label, () => {
      expect({
        to_s: t.toRubyString(), inspect: t.toRubyInspect(), as_json: t.asJson(), iso8601: t.iso8601(),
        iso8601_6: t.iso8601(6), db: t.toDb(), usec: t.usec,
      }).toEqual(recorded.times[label]);
    });
    it(`${label}: the stored form casts back to the same instant`, () => {
      expect(Time.cast(t.toDb())!.isEqual(t)).toBe(true);
      expect(Time.cast(t.toDb())!.toDb()).toBe(recorded.times[label]!.db);
    });
  }

  it("is a Date (helpers that take a Date take it)", () => {
    expect(times.microseconds instanceof Date).toBe(true);
    expect(times.microseconds!.toISOString()).toBe("2024-02-15T12:00:00.123Z");
  });
});

describe("RubyDate (date columns)", () => {
  it("prints as Rails", () => {
    const dates = [new RubyDate(2024, 2, 29), new RubyDate(1999, 1, 5)];
    expect(dates.map((d) => ({ to_s: d.toRubyString(), inspect: d.toRubyInspect(), as_json: d.asJson() }))).toEqual(recorded.dates);
  });
});

describe("clock", () => {
  afterEach(() => {
    setClock(null);
    delete process.env.RAILS2TS_FROZEN_TIME;
  });

  it("is injectable", () => {
    setClock(() => new Date(Date.UTC(2030, 0, 2, 3, 4, 5)));
    expect(currentTime().toDb()).toBe("2030-01-02 03:04:05");
  });

  it("freezes at RAILS2TS_FROZEN_TIME (UTC) when no clock is injected", () => {
    process.env.RAILS2TS_FROZEN_TIME = "2024-02-15 12:00:00";
    expect(currentTime().toDb()).toBe("2024-02-15 12:00:00");
    expect(currentTime().toDb()).toBe("2024-02-15 12:00:00");
  });

  it("stamps with microseconds, inside Date.now()'s millisecond and never going back", () => {
    const samples: Array<{ before: number; t: Time; after: number }> = [];
    const until = process.hrtime.bigint() + 3_000_000n;
    while (process.hrtime.bigint() < until) samples.push({ before: Date.now(), t: currentTime(), after: Date.now() });
    for (const { before, t, after } of samples) expect(t.getTime() >= before && t.getTime() <= after).toBe(true);
    for (let i = 1; i < samples.length; i++) expect(samples[i]!.t.epochMicros >= samples[i - 1]!.t.epochMicros).toBe(true);
    expect(samples.some(({ t }) => t.microRemainder !== 0)).toBe(true);
  });

  it("gives a stopped wall clock's millisecond exactly (faketime), as a frozen Time.now", () => {
    const stopped = Date.UTC(2024, 1, 15, 12, 0, 0, 7);
    const spy = vi.spyOn(Date, "now").mockReturnValue(stopped);
    try {
      currentTime();
      const until = process.hrtime.bigint() + 2_000_000n;
      while (process.hrtime.bigint() < until);
      expect([currentTime().toDb(), currentTime().toDb()]).toEqual(["2024-02-15 12:00:00.007000", "2024-02-15 12:00:00.007000"]);
    } finally {
      spy.mockRestore();
    }
    const now = currentTime().getTime();
    expect(Math.abs(now - Date.now()) <= 1).toBe(true);
  });

  it("defaults to the wall clock", () => {
    const before = Date.now();
    const now = currentTime().getTime();
    expect(now >= before && now <= Date.now()).toBe(true);
  });
});
