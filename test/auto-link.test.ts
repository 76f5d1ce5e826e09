// Replays rails_autolink 1.1.8's auto_link as recorded from the real gem (test/fixtures/autolink/record.rb, under
// ActionView 7.2.4 with the HTML4 and the HTML5 sanitizer) through runtime/gems/rails_autolink/auto-link.ts: the whole output and
// its html_safe flag must be equal.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { autoLink } from "../runtime/gems/rails_autolink/auto-link.js";
import type { ViewHost } from "../runtime/active-model/host.js";
import { SafeString } from "../runtime/active-support/safe.js";
import { sanitizerConfig } from "../runtime/action-view/sanitize.js";
import { truncate } from "../runtime/action-view/text.js";

interface RecordedCase {
  name: string;
  vendor: "html4" | "html5";
  text: string | null;
  text_html_safe: boolean;
  args: unknown[];
  block: string | null;
  output: string | null;
  output_html_safe: boolean;
}

const recorded = JSON.parse(readFileSync(new URL("./fixtures/autolink/recorded.json", import.meta.url), "utf8")) as {
  cases: RecordedCase[];
};

/** The blocks record.rb passes (its BLOCKS), as lowered blocks. */
const BLOCKS: Record<string, (t: string) => unknown> = {
  truncate: (t) => truncate(t, { length: 15 }),
  upcase: (t) => t.toUpperCase(),
  nil: () => null,
  markup: (t) => `<b>${t}</b><script>x()</script>`,
  safe_markup: (t) => new SafeString(`<em>${t}</em>`),
};

// auto_link uses no request state: the host is never read.
const view = {} as ViewHost;

function run(c: RecordedCase): { output: string | null; htmlSafe: boolean } {
  sanitizerConfig.vendor = c.vendor;
  const text = c.text !== null && c.text_html_safe ? new SafeString(c.text) : c.text;
  const args: unknown[] = structuredClone(c.args);
  if (c.block) args.push(BLOCKS[c.block]!);
  const out = autoLink(view, text, ...args);
  return { output: out === null ? null : out.toString(), htmlSafe: out instanceof SafeString };
}

describe("rails_autolink 1.1.8 auto_link (recorded)", () => {
  afterEach(() => {
    sanitizerConfig.vendor = "html5";
  });

  it("has the recording", () => {
    expect(recorded.cases.length).toBeGreaterThanOrEqual(120);
  });

  for (const c of recorded.cases) {
    it(`${c.vendor}: ${c.name}`, () => {
      expect(run(c)).toEqual({ output: c.output, htmlSafe: c.output_html_safe });
    });
  }
});
