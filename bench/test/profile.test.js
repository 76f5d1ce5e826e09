// The profile summary of bench/lib/profile-lane.js over a hand-made V8 profile: self samples per function and
// area, idle samples left out of the shares, ms per request from the profile's own sampling interval.
import { describe, expect, it } from "vitest";
import { areaOf, summarizeProfile } from "../lib/profile-lane.js";

const node = (id, functionName, url = "", lineNumber = 0) => ({ id, callFrame: { functionName, url, lineNumber } });

describe("summarizeProfile", () => {
  const profile = {
    nodes: [
      node(1, "(root)"),
      node(2, "(idle)"),
      node(3, "render", "file:///tmp/x/node_modules/rails2ts/dist/runtime/action-view/render.js", 9),
      node(4, "writev"),
      node(5, "(garbage collector)"),
      node(6, "show", "file:///tmp/x/dist/src/controllers/articles.js", 4),
      node(7, "parse", "node:internal/url", 1),
    ],
    // 10 samples of 200 µs: 2 idle, 4 render, 2 writev, 1 GC, 1 show.
    samples: [2, 3, 3, 4, 3, 5, 6, 3, 4, 2],
    startTime: 0,
    endTime: 2000,
  };

  it("sums self time per function and per area, without idle", () => {
    const s = summarizeProfile(profile, 4);
    expect(s.samples).toBe(8);
    expect(s.functions[0]).toMatchObject({ name: "render runtime/action-view/render.js:10", pct: 50 });
    expect(s.functions[0].msPerRequest).toBeCloseTo((4 * 0.2) / 4);
    expect(s.areas.map((a) => [a.name, a.pct])).toEqual([["runtime/action-view", 50], ["native", 25], ["GC", 12.5], ["emitted app", 12.5]]);
  });

  it("names the areas", () => {
    expect(areaOf(node(1, "x", "node:internal/streams"))).toBe("node internals");
    expect(areaOf(node(1, "x", "file:///a/node_modules/@scope/pkg/i.js"))).toBe("npm: @scope/pkg");
    expect(areaOf(node(1, "x", "file:///a/dist/runtime/index.js"))).toBe("runtime");
  });
});
