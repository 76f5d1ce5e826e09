// Compiler fuzzing (issue 22), the seeded lane in `npm test`: 500 inputs mutated from the fixture apps' .rb, .erb
// and .yml sources (test/fuzz/mutate.ts), each compiled in a worker with a watchdog (a hang: over 10 s of its CPU time on one input). None may escape the
// compiler as an exception, crash it (internal_error), hang, or be reported without file:line:col.
// `npm run fuzz` runs the full lane (RAILS2TS_FUZZ_COUNT=10000, Campfire's sources too when RAILS2TS_CAMPFIRE names
// a checkout, RAILS2TS_FUZZ_WORKERS compile processes side by side) and writes its figures to RAILS2TS_FUZZ_REPORT
// when set; RAILS2TS_FUZZ_KEEP=<dir> keeps each failing input's bytes there.
import { describe, expect, it } from "vitest";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fuzz, gatherSources, type Verdict } from "./fuzz/driver.js";

const root = join(import.meta.dirname, "..");
const COUNT = Number(process.env.RAILS2TS_FUZZ_COUNT ?? 500);
const SEED = Number(process.env.RAILS2TS_FUZZ_SEED ?? 20261205);
/** RAILS2TS_FUZZ_ONLY=283 or 200-283: replay just those inputs of the seed's sequence (the others are still drawn). */
const ONLY = process.env.RAILS2TS_FUZZ_ONLY?.split("-").map(Number);

describe("compiler fuzzing", () => {
  it(`${COUNT} mutated sources (seed ${SEED}): no escaped exception, no internal_error, no hang, every diagnostic placed`, async () => {
    const apps = readdirSync(join(root, "fixtures")).map((a) => join(root, "fixtures", a));
    if (process.env.RAILS2TS_CAMPFIRE) apps.push(process.env.RAILS2TS_CAMPFIRE);
    const sources = apps.flatMap(gatherSources);
    expect(sources.length).toBeGreaterThan(100);
    const verdicts = await fuzz(sources, {
      count: COUNT,
      seed: SEED,
      workers: Number(process.env.RAILS2TS_FUZZ_WORKERS ?? 1),
      only: ONLY && ((i) => i >= ONLY[0]! && i <= (ONLY[1] ?? ONLY[0])!),
      keepFailures: process.env.RAILS2TS_FUZZ_KEEP,
    });
    const failed = verdicts.filter((v) => v.verdict !== "ok");
    if (process.env.RAILS2TS_FUZZ_REPORT) writeFileSync(process.env.RAILS2TS_FUZZ_REPORT, JSON.stringify(summary(verdicts, sources.length), null, 2) + "\n");
    expect(failed.map((v) => `#${v.input} ${v.verdict} ${v.rel} [${v.ops.join(",")}] ${v.detail ?? ""}`.slice(0, 600))).toEqual([]);
    expect(verdicts.length).toBe(ONLY ? Math.min(COUNT - 1, ONLY[1] ?? ONLY[0]!) - ONLY[0]! + 1 : COUNT);
  }, 3_600_000);
});

function summary(verdicts: Verdict[], sources: number) {
  const by = (key: (v: Verdict) => string) => verdicts.reduce<Record<string, number>>((acc, v) => ((acc[key(v)] = (acc[key(v)] ?? 0) + 1), acc), {});
  const ms = verdicts.map((v) => v.ms).sort((a, b) => a - b);
  const cpu = verdicts.flatMap((v) => (v.cpuMs === undefined ? [] : [v.cpuMs])).sort((a, b) => a - b);
  return {
    seed: SEED,
    inputs: verdicts.length,
    sources,
    verdicts: by((v) => v.verdict),
    operators: by((v) => v.ops.join("+")),
    msMedian: ms[Math.floor(ms.length / 2)],
    msMax: ms[ms.length - 1],
    cpuMsMedian: cpu[Math.floor(cpu.length / 2)] ?? null,
    cpuMsMax: cpu[cpu.length - 1] ?? null,
    failures: verdicts.filter((v) => v.verdict !== "ok"),
  };
}
