// Tampering, compared with what real Rails does (issue 22). Every expected value was recorded from Rails 7.2.4 in
// the reference chroot; the recorders' commands are at the top of each file under test/fixtures/tamper/.
//   signed.json   tampered, expired, foreign and wrong-purpose signed ids (find_signed, find_signed!) and signed
//                 global ids (GlobalID::Locator.locate_signed, SignedGlobalID.parse)   (signed.rb)
//   cable.json    Turbo::StreamsChannel subscriptions with tampered, unsigned, non-String and foreign signed stream
//                 names, as Rails' Action Cable answered the cable probe (cable-scenarios.json, its "//" line)
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCableProbe } from "./support/cable-probe.js";
// @ts-expect-error -- plain ESM shared with the recorder
import { runScenarios } from "./fixtures/cable/client.mjs";
import { comparableSigned, runSignedCase, setUpSignedCases, tearDownSignedCases, type SignedCase } from "./support/tamper-signed.js";

const fixture = (name: string): URL => new URL(`./fixtures/tamper/${name}`, import.meta.url);

describe("signed ids and signed global ids", () => {
  const recorded = JSON.parse(readFileSync(fixture("signed.json"), "utf8")) as { secret_key_base: string; app: string; cases: SignedCase[] };
  beforeAll(() => setUpSignedCases(recorded.secret_key_base, recorded.app));
  afterAll(() => tearDownSignedCases());

  it(`answers ${recorded.cases.length} tampered, expired and wrong-purpose cases as Rails does`, () => {
    const differing = recorded.cases
      .map((c) => ({ call: c.call, name: c.name, rails: comparableSigned(c.result), ours: comparableSigned(runSignedCase(c)) }))
      .filter((d) => JSON.stringify(d.rails) !== JSON.stringify(d.ours));
    expect(differing).toEqual([]);
  });
});

describe("signed stream names on cable subscribe", () => {
  const spec = JSON.parse(readFileSync(fixture("cable-scenarios.json"), "utf8"));
  const recorded = JSON.parse(readFileSync(fixture("cable.json"), "utf8"));

  it("signs the genuine stream names as Rails did", async () => {
    const probe = await startCableProbe(spec.secretKeyBase);
    try {
      for (const key of ["rooms", "other"]) expect([key, await probe.driver.signed(spec.signed[key])]).toEqual([key, recorded.signed[key]]);
    } finally {
      await probe.close();
    }
  });

  it("rejects, ignores and delivers exactly as Rails' Action Cable did, frame for frame", async () => {
    const probe = await startCableProbe(spec.secretKeyBase);
    try {
      const ours = await runScenarios(probe.base, spec, probe.driver, { cookies: recorded.cookies, signed: recorded.signed });
      expect(ours.results).toEqual(recorded.results);
    } finally {
      await probe.close();
    }
  }, 60_000);
});
