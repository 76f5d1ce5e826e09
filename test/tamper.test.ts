// Tampering, compared with what real Rails does (issue 22). Every expected value was recorded from Rails 7.2.4 in
// the reference chroot; the recorders' commands are at the top of each file under test/fixtures/tamper/.
//   signed.json   tampered, expired, foreign and wrong-purpose signed ids (find_signed, find_signed!) and signed
//                 global ids (GlobalID::Locator.locate_signed, SignedGlobalID.parse)   (signed.rb)
//   cable.json    Turbo::StreamsChannel subscriptions with tampered, unsigned, non-String and foreign signed stream
//                 names, as Rails' Action Cable answered the cable probe (cable-scenarios.json, its "//" line)
//   <app>.json    each fixture app's answers to scenarios.mjs: CSRF tokens missing and forged on every form action,
//                 signed and encrypted cookies tampered with (chat, blog), an SQL-injection corpus, and the
//                 database's checksums around the corpus   (record.mjs)
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCableProbe } from "./support/cable-probe.js";
// @ts-expect-error -- plain ESM shared with the recorder
import { runScenarios, tamperSigned } from "./fixtures/cable/client.mjs";
import { changedTables, readRecordedTamper, tamperAgainstEmittedApps, type TamperComparison } from "./support/tamper-http.js";
// @ts-expect-error -- plain ESM shared with the recorder
import { TAMPER_SCENARIOS } from "./fixtures/tamper/scenarios.mjs";
import { comparableSigned, runSignedCase, setUpSignedCases, tearDownSignedCases, type SignedCase } from "./support/tamper-signed.js";

const MIGRATION_BOOKKEEPING = new Set(["schema_migrations", "ar_internal_metadata"]);
const root = resolve(import.meta.dirname, "..");
const fixture = (name: string): URL => new URL(`./fixtures/tamper/${name}`, import.meta.url);

// Figures for `npm run reliability` (bench/reliability.js sets RAILS2TS_TAMPER_REPORT): cases tried, identical and
// different per kind and app, written once every part has run.
interface CableSpec {
  scenarios: Array<{ steps: Array<{ subscribe?: unknown }> }>;
}
interface CableResult {
  log: Array<{ recv?: string }>;
}
interface Figure {
  kind: string;
  app: string;
  cases: number;
  identical: number;
  different: string[];
}
const figures: Figure[] = [];
function figure(kind: string, app: string, results: Array<{ name: string; identical: boolean }>): void {
  figures.push({ kind, app, cases: results.length, identical: results.filter((r) => r.identical).length, different: results.filter((r) => !r.identical).map((r) => r.name) });
}
afterAll(() => {
  const report = process.env.RAILS2TS_TAMPER_REPORT;
  if (report) writeFileSync(report, JSON.stringify({ figures }, null, 1) + "\n");
});

describe("signed ids and signed global ids", () => {
  const recorded = JSON.parse(readFileSync(fixture("signed.json"), "utf8")) as { secret_key_base: string; app: string; cases: SignedCase[] };
  beforeAll(() => setUpSignedCases(recorded.secret_key_base, recorded.app));
  afterAll(() => tearDownSignedCases());

  it(`answers ${recorded.cases.length} tampered, expired and wrong-purpose cases as Rails does`, () => {
    const compared = recorded.cases.map((c) => ({ call: c.call, name: c.name, rails: comparableSigned(c.result), ours: comparableSigned(runSignedCase(c)) }));
    const same = (d: (typeof compared)[number]) => JSON.stringify(d.rails) === JSON.stringify(d.ours);
    for (const [kind, calls] of [["signed id", ["find_signed", "find_signed!"]], ["signed global id", ["locate_signed", "SignedGlobalID.parse"]]] as const) {
      figure(kind, "-", compared.filter((d) => (calls as readonly string[]).includes(d.call)).map((d) => ({ name: `${d.call} ${d.name}`, identical: same(d) })));
    }
    expect(compared.filter((d) => !same(d))).toEqual([]);
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
      figure("stream name", "cable probe", subscribeCases(spec, recorded.signed, recorded.results, ours.results));
      expect(ours.results).toEqual(recorded.results);
    } finally {
      await probe.close();
    }
  }, 60_000);
});

// Every app's emitted side, started at the first app's turn (compiles in sequence, each replay overlapping the next
// compile).
let runs: Map<string, Promise<TamperComparison>> | null = null;
function emittedRuns(): Map<string, Promise<TamperComparison>> {
  runs ??= tamperAgainstEmittedApps(Object.keys(TAMPER_SCENARIOS).map((app) => ({ appDir: join(root, "fixtures", app), scenario: TAMPER_SCENARIOS[app](), recorded: readRecordedTamper(app) })));
  return runs;
}
// With -t picking one app, the others' runs were started too: wait for them, so their servers are stopped.
afterAll(async () => {
  if (runs) await Promise.allSettled(runs.values());
}, 120_000);

// The HTTP cases, per fixture app: CSRF on every form action, tampered cookies, the SQL-injection corpus.
describe.each(Object.keys(TAMPER_SCENARIOS))("%s: CSRF, cookies and SQL injection against Rails' recording", (app) => {
  const recorded = readRecordedTamper(app);
  const scenario = TAMPER_SCENARIOS[app]();
  let result: TamperComparison;
  beforeAll(async () => {
    result = await emittedRuns().get(join(root, "fixtures", app))!;
  }, 120_000);

  const kinds = ["csrf", "cookie", "sqli"].filter((kind) => scenario.steps.some((step: { name: string }) => step.name.startsWith(`${kind}_`)));
  for (const kind of kinds) {
    it(`answers every ${kind} case as Rails did (status, Location, Content-Type, Set-Cookie names, body)`, () => {
      const cases = result.comparisons.filter((c) => c.name.startsWith(`${kind}_`));
      figure(kind, app, cases);
      expect(cases.length).toBeGreaterThan(0);
      const differing = cases.filter((c) => !c.identical).map((c) => ({ name: c.name, fields: c.fieldDifferences, body: c.bodyDiff.slice(0, 2000) }));
      expect(differing).toEqual([]);
    });
  }

  it("answers the steps around them (pages, sign-in, checksum steps) as Rails did", () => {
    const others = result.comparisons.filter((c) => !/^(csrf|cookie|sqli)_/.test(c.name));
    expect(others.filter((c) => !c.identical).map((c) => ({ name: c.name, fields: c.fieldDifferences, body: c.bodyDiff.slice(0, 2000) }))).toEqual([]);
  });

  it("leaves the database as it was through the SQL-injection corpus, as Rails did", () => {
    expect(changedTables(recorded.checksums.checksum_before_sqli, recorded.checksums.checksum_after_sqli)).toEqual([]);
    expect(changedTables(result.ours.checksums.checksum_before_sqli, result.ours.checksums.checksum_after_sqli)).toEqual([]);
    // The same tables with the same row counts as Rails' database afterwards, but Rails' migration bookkeeping
    // (schema_migrations, ar_internal_metadata): the emitted app loads db/schema.rb and keeps neither.
    const counts = (c: Record<string, { rows: number }>) =>
      Object.fromEntries(Object.entries(c).filter(([t]) => !MIGRATION_BOOKKEEPING.has(t)).map(([t, v]) => [t, v.rows]));
    expect(counts(result.ours.checksums.checksum_after_sqli!)).toEqual(counts(recorded.checksums.checksum_after_sqli!));
  });
});

/**
 * One case per subscribe command of the cable scenarios: identical when the frames naming its identifier (its
 * confirmation or rejection, the broadcasts it received) are the same in both logs, in the same order.
 */
function subscribeCases(spec: CableSpec, signed: Record<string, string>, rails: CableResult[], ours: CableResult[]): Array<{ name: string; identical: boolean }> {
  const framesOf = (result: CableResult | undefined, identifier: string) =>
    (result?.log ?? []).flatMap((e) => (e.recv !== undefined && (JSON.parse(e.recv) as { identifier?: string }).identifier === identifier ? [e.recv] : []));
  return spec.scenarios.flatMap((scenario, i) =>
    scenario.steps.flatMap((step) => {
      if (step.subscribe === undefined) return [];
      const s = step.subscribe as { signed?: string; tamper?: string };
      const identifier = JSON.stringify(s.signed !== undefined
        ? { channel: "Turbo::StreamsChannel", signed_stream_name: s.tamper ? tamperSigned(signed[s.signed], s.tamper, signed) : signed[s.signed] }
        : s);
      return [{ name: `subscribe ${s.signed ?? ""}${s.tamper ? ` (${s.tamper})` : ""} ${identifier}`, identical: JSON.stringify(framesOf(rails[i], identifier)) === JSON.stringify(framesOf(ours[i], identifier)) }];
    }),
  );
}
