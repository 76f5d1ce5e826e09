// `rails2ts conformance fixtures/<app> --binary`: the app built as one executable, run alone with no other
// environment (no node on PATH), replays every recorded step (Action Cable frames and fragment cache activity
// included where the app records them) and matches what Rails 7.2.4 answered. The blog and the chat, as the
// executable's issue asks.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

describe("conformance against the executable", () => {
  for (const [app, what] of [
    ["blog", "every step identical"],
    ["chat", "every step identical, cable included"],
  ] as const) {
    it(`${app}: ${what}`, () => {
      const dir = join(root, "fixtures", app);
      const steps = readdirSync(join(dir, "reference")).filter((f) => f.endsWith(".meta.json")).length;
      const stdout = execFileSync(process.execPath, [join(root, "dist/src/cli.js"), "conformance", dir, "--binary"], { stdio: ["ignore", "pipe", "pipe"] }).toString();
      const lines = stdout.trim().split("\n");
      expect(steps).toBeGreaterThan(0);
      expect(lines.filter((l) => !l.startsWith("ok ") && !l.startsWith("  cache ")).slice(-1)).toEqual([`${steps} identical, 0 different`]);
      expect(lines.filter((l) => l.startsWith("ok ")).length).toBe(steps);
    }, 300_000);
  }
});
