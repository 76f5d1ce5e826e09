// test/fixtures/mailers-app against its reference recorded from Rails 7.2.4: mailers as the generator sets them up
// (default from:, layout "mailer"), a parameterized one with html and text templates (multipart) and one with
// arguments (text only, to: an Array, cc:), delivered with deliver_now to ActionMailer::Base.deliveries
// (delivery_method :test), whose subjects, addresses and rendered bodies the page shows. Byte for byte, SQL never
// above Rails. Any other delivery method raises where a message is delivered.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted } from "../src/emit/boot.js";
import { expectRecordedFixture } from "./support/fixture-conformance.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/mailers-app");

describe("test/fixtures/mailers-app (recorded from Rails 7.2.4)", () => {
  it("compiles with no diagnostics and matches every recorded response", async () => {
    await expectRecordedFixture(app, 2);
  });

  it("another delivery method (development: Rails' default :smtp) raises where the message is delivered: no mail leaves", async () => {
    const out = scratchDir("mailers-app");
    await compile(app, { out });
    const server = await bootEmitted(out, { port: 0, dbPath: join(out, "dev.sqlite3"), env: { RAILS_ENV: "development", SECRET_KEY_BASE: "x".repeat(64) } });
    try {
      expect((await fetch(`${server.baseUrl}/gadgets/1`)).status).toBe(500);
      expect(server.stderr() + server.output()).toContain("delivering mail with delivery_method :smtp");
    } finally {
      await server.stop();
    }
  }, 120_000);
});
