// allow_browser versions: :modern against Rails 7.2.4 + the useragent gem, for the user agents of
// test/fixtures/http/user-agent/cases.json (recorded by record.sh): every block decision and bot verdict, and the
// browser and version wherever the browser is one :modern guards (other names decide nothing).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { browserBlocked } from "../runtime/action-pack/user-agent.js";
import { parseUserAgent } from "../runtime/gems/useragent/user-agent-browsers.js";

interface Row { userAgent: string; browser: string | null; version: string | null; bot: boolean; blocked: boolean }
const expected: Row[] = JSON.parse(readFileSync(new URL("./fixtures/http/user-agent/expected.json", import.meta.url), "utf8"));
const GUARDED = ["Chrome", "Firefox", "Safari", "Opera", "Internet Explorer"];

const view = (r: Row) => ({
  userAgent: r.userAgent,
  blocked: r.blocked,
  bot: r.bot,
  ...(GUARDED.includes(r.browser ?? "") ? { browser: r.browser, version: r.version } : {}),
});

describe("allow_browser", () => {
  it("blocks exactly the agents Rails blocks", () => {
    const ours = expected.map((r) => {
      const parsed = parseUserAgent(r.userAgent);
      const version = parsed.version();
      return view({ userAgent: r.userAgent, browser: parsed.browser(), version: version === null ? null : version.toS(), bot: parsed.isBot(), blocked: browserBlocked(r.userAgent) });
    });
    expect(ours).toEqual(expected.map(view));
    expect(expected.filter((r) => r.blocked).length).toBeGreaterThan(10);
  });

  it("answers the same when asked again, and after more distinct agents than it keeps", () => {
    const first = expected.map((r) => browserBlocked(r.userAgent));
    for (let i = 0; i < 1500; i++) browserBlocked(`Mozilla/5.0 Chrome/${i}.0`);
    expect(expected.map((r) => browserBlocked(r.userAgent))).toEqual(expected.map((r) => r.blocked));
    expect(first).toEqual(expected.map((r) => r.blocked));
  });
});
