// Real Rails against its own committed reference: proves the recording is reproducible (only the forgiven
// CSRF values vary between runs) and that the recorder's Rails lane (chroot, Puma, faketime, SQL counter)
// works. The live-Rails lane: opt-in with RAILS2TS_LIVE_RAILS=1 (README), and it needs the reference chroot and
// root (chroot, bind mounts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runConformance } from "../src/conformance/conformance.js";
import { chrootRoot, sharedDir } from "../src/conformance/paths.js";
import { railsStarter } from "../src/conformance/rails-server.js";
import { readReference, referenceDir } from "../src/conformance/reference.js";

const BLOG = join(import.meta.dirname, "..", "fixtures", "blog");
const haveChroot =
  process.env.RAILS2TS_LIVE_RAILS === "1" &&
  process.getuid?.() === 0 &&
  existsSync(join(sharedDir(), "rails", "chroot.sh")) &&
  existsSync(join(chrootRoot(), ".debootstrap-ok"));

describe.skipIf(!haveChroot)("Rails replays fixtures/blog", () => {
  it("identically to the committed reference, with the same SQL counts", async () => {
    const log: string[] = [];
    const result = await runConformance(BLOG, railsStarter(BLOG), { log: (l) => log.push(l) });
    const steps = readReference(referenceDir(BLOG)).length;
    expect(log.filter((l) => !l.startsWith("ok"))).toEqual([`${steps} identical, 0 different`]);
    // Equal SQL counts, not just "not more": a different count means the recording is not deterministic.
    expect(log.filter((l) => /^ok .* sql (\d+|-)\/(\d+|-)$/.test(l) && !/sql (\d+)\/\1$/.test(l))).toEqual([]);
    expect(result.different).toBe(0);
  }, 180_000);
});
