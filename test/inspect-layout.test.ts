// Which layout `rails2ts inspect <app> <file>` picks when none is asked for (issue 23): two columns only on a
// terminal at least 100 characters wide; a pipe or a file (no TTY) gets the interleaved layout whatever its width.
import { describe, expect, it } from "vitest";
import { defaultLayout } from "../src/inspect/index.js";

describe("inspect's default layout", () => {
  it.each([
    [{ isTTY: true, columns: 100 }, "side-by-side"],
    [{ isTTY: true, columns: 200 }, "side-by-side"],
    [{ isTTY: true, columns: 99 }, "interleaved"],
    [{ isTTY: true }, "interleaved"],
    [{ isTTY: false, columns: 200 }, "interleaved"],
    [{}, "interleaved"],
  ])("%o -> %s", (stdout, layout) => {
    expect(defaultLayout(stdout)).toBe(layout);
  });
});
