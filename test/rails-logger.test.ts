// Rails.logger as apps call it (runtime/active-support/logger.ts): levels from RAILS_LOG_LEVEL, blocks evaluated only
// when their level is written, tagged/silence answering their block.
import { afterEach, describe, expect, it } from "vitest";
import { RailsLogger } from "../runtime/active-support/logger.js";

const saved = { level: process.env.RAILS_LOG_LEVEL, env: process.env.RAILS_ENV };
afterEach(() => {
  for (const [k, v] of [["RAILS_LOG_LEVEL", saved.level], ["RAILS_ENV", saved.env]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

function logger(): { log: RailsLogger; lines: string[] } {
  const lines: string[] = [];
  return { log: new RailsLogger((l) => lines.push(l)), lines };
}

describe("Rails.logger", () => {
  it("writes info and above in production, and a debug block is never run", () => {
    delete process.env.RAILS_LOG_LEVEL;
    process.env.RAILS_ENV = "production";
    const { log, lines } = logger();
    let ran = false;
    log.debug(() => {
      ran = true;
      return "x";
    });
    log.info("hello");
    log.warn(null, () => "from a block");
    expect([ran, lines, log.isDebug(), log.isInfo()]).toEqual([false, ["hello", "from a block"], false, true]);
  });

  it("follows RAILS_LOG_LEVEL, and silence drops what is below error inside its block", () => {
    process.env.RAILS_LOG_LEVEL = "warn";
    const { log, lines } = logger();
    log.info("dropped");
    log.error("kept");
    expect(log.silence(() => (log.warn("silenced"), 7))).toBe(7);
    log.warn("after");
    expect(log.tagged("a", () => "tagged value")).toBe("tagged value");
    expect(lines).toEqual(["kept", "after"]);
  });
});
