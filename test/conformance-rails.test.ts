// Real Rails against its own committed reference: proves the recording is reproducible (only the forgiven
// CSRF values vary between runs) and that the recorder's Rails lane (chroot, Puma, faketime, SQL counter,
// Action Cable sockets, the fragment cache log) works. The live-Rails lane: opt-in with RAILS2TS_LIVE_RAILS=1
// (README), and it needs the reference chroot and root (chroot, bind mounts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { report, runConformance } from "../src/conformance/conformance.js";
import { chrootRoot, sharedDir } from "../src/conformance/paths.js";
import { railsStarter } from "../src/conformance/rails-server.js";
import { replayAgainstRails } from "../src/conformance/record.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";

const BLOG = join(import.meta.dirname, "..", "fixtures", "blog");
const CHAT = join(import.meta.dirname, "..", "fixtures", "chat");
const haveChroot =
  process.env.RAILS2TS_LIVE_RAILS === "1" &&
  process.getuid?.() === 0 &&
  existsSync(join(sharedDir(), "rails", "chroot.sh")) &&
  existsSync(join(chrootRoot(), ".debootstrap-ok"));

/** Log lines of a comparison where a SQL count differs at all (not just "ours ran more"). */
function unequalSql(log: string[]): string[] {
  return log.filter((l) => /^ok .* sql (\d+|-)\/(\d+|-)$/.test(l) && !/sql (\d+|-)\/\1$/.test(l));
}

describe.skipIf(!haveChroot)("Rails replays fixtures/blog", () => {
  it("identically to the committed reference, with the same SQL counts", async () => {
    const log: string[] = [];
    const result = await runConformance(BLOG, railsStarter(BLOG), { log: (l) => log.push(l) });
    const steps = readReference(referenceDir(BLOG)).length;
    expect(log.filter((l) => !l.startsWith("ok"))).toEqual([`${steps} identical, 0 different`]);
    // Equal SQL counts, not just "not more": a different count means the recording is not deterministic.
    expect(unequalSql(log)).toEqual([]);
    expect(result.different).toBe(0);
  }, 180_000);
});

describe.skipIf(!haveChroot)("Rails replays fixtures/chat", () => {
  it("identically to the committed reference: pages, turbo streams, subscriptions, broadcasts, SQL counts, cache hits", async () => {
    const reference = readReference(referenceDir(CHAT));
    const rails = await replayAgainstRails(CHAT);
    const log: string[] = [];
    const result = report(reference, rails, (l) => log.push(l));
    expect(log.filter((l) => !l.startsWith("ok"))).toEqual([`${reference.length} identical, 0 different`]);
    expect(unequalSql(log)).toEqual([]);
    expect(result.different).toBe(0);
    // Rails' fragment cache log reproduces too, so its hit counts can judge ours.
    expect(rails.map((r) => [r.name, r.cacheHits ?? null])).toEqual(reference.map((r) => [r.name, r.cacheHits ?? null]));
  }, 240_000);
});

describe("the committed fixtures/chat reference", () => {
  it("covers what the fixture is for: turbo_stream responses, broadcasts, fragment cache hits", () => {
    const reference = readReference(referenceDir(CHAT));
    const kinds = (pred: (r: (typeof reference)[number]) => boolean) => reference.filter(pred).length;
    expect(reference.length).toBeGreaterThanOrEqual(25);
    expect(kinds((r) => r.contentType?.startsWith("text/vnd.turbo-stream.html") === true && r.status === 200)).toBeGreaterThanOrEqual(5);
    expect(kinds((r) => r.method === "WS" && r.body.includes('"message":'))).toBeGreaterThanOrEqual(8);
    expect(kinds((r) => (r.cacheHits?.hits ?? 0) > 0)).toBeGreaterThanOrEqual(5);
  });
});
