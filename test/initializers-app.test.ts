// test/fixtures/initializers-app: every statement of its config files is either read as a setting, run at boot,
// or reported at file:line:col and raising where its effect would be reached, never dropped (a top-level constant
// it assigns is the app's, computed where first read). The emitted app is
// booted in each environment: what runs at boot runs (after_initialize makes its directory, at_exit logs when the
// server stops), a production-only reporter of an unknown constant stops production's boot unless SKIP_TELEMETRY
// is set, development's content security policy stops development's boot, and the declined WebPush patch makes
// the runtime's push raise, naming the initializer.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";
import { payloadSend } from "../runtime/gems/web-push/index.js";
import { clearDeclinedPatches, declinePatch } from "../runtime/ruby/declined-patches.js";

const app = join(import.meta.dirname, "fixtures/initializers-app");
let out = "";
let diagnostics: string[] = [];

beforeAll(async () => {
  out = scratchDir("initializers-app");
  const compiled = await compile(app, { out });
  diagnostics = compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}`);
}, 120_000);

afterEach(() => clearDeclinedPatches());

const boot = (env: Record<string, string>) => bootEmitted(out, { port: 0, dbPath: join(out, `${env.RAILS_ENV}.sqlite3`), env: { SECRET_KEY_BASE: "x".repeat(64), ...env } });

describe("test/fixtures/initializers-app", () => {
  it("reports each statement it does not run, at its position", () => {
    expect(diagnostics).toEqual([
      "config/environments/development.rb:64:3 unsupported_option",
      "config/initializers/web_push.rb:11:1 unsupported_construct",
      "config/initializers/greeting.rb:2:1 unsupported_construct",
      "config/initializers/telemetry.rb:3:3 unresolved_constant",
    ]);
  });

  it("test: boots, runs after_initialize, and runs at_exit when the server stops", async () => {
    const server = await boot({ RAILS_ENV: "test" });
    expect(existsSync(join(out, "tmp/uploads"))).toBe(true);
    const page = await fetch(`${server.baseUrl}/gadgets`);
    expect(page.status).toBe(200);
    // A top-level constant of an initializer, read by a view.
    expect(await page.text()).toContain("<p>Gadgets, as an initializer names them</p>");
    await server.stop();
    // Rails.logger writes to stderr; the pipe may deliver its last bytes after the exit event.
    for (let i = 0; i < 50 && !server.stderr().includes("goodbye"); i++) await new Promise((r) => setTimeout(r, 20));
    expect(server.stderr()).toContain("goodbye from initializers-app");
  }, 60_000);

  it("production: the reporter's unknown constant raises at boot, unless SKIP_TELEMETRY is set", async () => {
    await expect(boot({ RAILS_ENV: "production" })).rejects.toThrow(/not lowered: Telemetry/);
    const server = await boot({ RAILS_ENV: "production", SKIP_TELEMETRY: "1" });
    expect((await fetch(`${server.baseUrl}/gadgets`)).status).toBe(200);
    await server.stop();
  }, 60_000);

  it("development: the declined content security policy raises at boot, naming it", async () => {
    await expect(boot({ RAILS_ENV: "development" })).rejects.toThrow(
      /declined at config\/environments\/development\.rb:64:3: unsupported_option: .*content_security_policy/,
    );
  }, 60_000);
});

describe("a declined patch of a runtime method", () => {
  const push = { message: "hi", endpoint: "https://push.example.com/send/abc", p256dh: "", auth: "" };

  it("raises where the runtime reaches the patched method, naming the initializer", () => {
    declinePatch("WebPush::Request#perform", "config/initializers/web_push.rb:11:1", "unsupported_construct: not applied");
    expect(() => payloadSend({ ...push, message: "" })).toThrow("rails2ts: declined at config/initializers/web_push.rb:11:1: unsupported_construct: not applied");
  });

  it("without the patch, the push is the runtime's own decline (the outbound POST)", () => {
    expect(() => payloadSend({ ...push, message: "" })).toThrow(/push\.example\.com/);
  });
});
