// `rails2ts conformance fixtures/chat --binary`: the chat built as one executable, run alone with no other
// environment (no node on PATH), replays every recorded step, Action Cable frames and fragment cache activity
// included, and matches what Rails 7.2.4 answered.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const chat = join(root, "fixtures/chat");

describe("conformance against the executable", () => {
  it("chat: every step identical, cable included", () => {
    const steps = readdirSync(join(chat, "reference")).filter((f) => f.endsWith(".meta.json")).length;
    const stdout = execFileSync(process.execPath, [join(root, "dist/src/cli.js"), "conformance", chat, "--binary"], { stdio: ["ignore", "pipe", "pipe"] }).toString();
    const lines = stdout.trim().split("\n");
    expect(lines.filter((l) => !l.startsWith("ok ") && !l.startsWith("  cache ")).slice(-1)).toEqual([`${steps} identical, 0 different`]);
    expect(lines.filter((l) => l.startsWith("ok ")).length).toBe(steps);
  }, 300_000);
});
