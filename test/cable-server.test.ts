// runtime/cable against real Action Cable: test/fixtures/cable/record.sh ran the scenarios in scenarios.json over
// WebSockets against a Rails 7.2.4 probe app (Puma, production, async adapter, clock frozen) and saved every frame,
// close and refusal in expected.json. Here the same client (client.mjs, on `ws`) replays them against our server
// with the probe's channels lowered onto runtime/cable, and the logs must be identical.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCableProbe, type CableProbe } from "./support/cable-probe.js";
// @ts-expect-error -- plain ESM shared with the recorder
import { runScenarios } from "./fixtures/cable/client.mjs";

const dir = new URL("./fixtures/cable/", import.meta.url);
const spec = JSON.parse(readFileSync(new URL("scenarios.json", dir), "utf8"));
const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8"));

/** Scenarios whose answer does not come from the cable server. */
const NOT_CABLE: Record<string, string> = {
  "GET below the mount": "the app's router answers it (RoutingError -> public/404.html), not Action Cable",
};

let probe: CableProbe;
beforeAll(async () => {
  probe = await startCableProbe(spec.secretKeyBase);
});
afterAll(() => probe.close());

describe("Action Cable protocol, replayed against real Rails' recording", () => {
  it("signs the stream names as the probe app did", async () => {
    for (const [key, value] of Object.entries(spec.signed)) expect([key, await probe.driver.signed(value)]).toEqual([key, expected.signed[key]]);
  });

  it("answers every scenario as Rails did", async () => {
    const scenarios = spec.scenarios.filter((s: { name: string }) => NOT_CABLE[s.name] === undefined);
    const ours = await runScenarios(probe.base, { ...spec, scenarios }, probe.driver, { cookies: expected.cookies, signed: expected.signed });
    const theirs = expected.results.filter((r: { name: string }) => NOT_CABLE[r.name] === undefined);
    const differing = theirs.flatMap((r: { name: string }, i: number) =>
      JSON.stringify(ours.results[i]) === JSON.stringify(r) ? [] : [{ expected: r, actual: ours.results[i] }]);
    expect(differing).toEqual([]);
    expect(ours.results.length).toBe(theirs.length);
  }, 60_000);
});
