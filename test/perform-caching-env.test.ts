// action_controller.perform_caching per RAILS_ENV, as the generator's environment files set it: production.rb true
// (AppConfigFacts.performCaching), test.rb false with :null_store, development.rb on only while
// tmp/caching-dev.txt exists (`bin/rails dev:cache`), checked at boot. The compiler's reading of the files is in the
// blog's golden app.ts (test/compile-blog.test.ts); here, what the runtime makes of it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { performCaching } from "../runtime/app/app.js";

const root = mkdtempSync(join(tmpdir(), "rails2ts-perform-caching-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("perform_caching under RAILS_ENV", () => {
  const production = { performCaching: true };
  it("production: production.rb's setting", () => {
    expect(performCaching(production, {}, root)).toBe(true);
    expect(performCaching({ performCaching: false }, {}, root)).toBe(false);
  });

  it("test: perform_caching = false and :null_store, whatever production says", () => {
    expect(performCaching(production, { performCaching: false, nullCacheStore: true }, root)).toBe(false);
    expect(performCaching(production, { nullCacheStore: true }, root)).toBe(false);
  });

  it("development: on while tmp/caching-dev.txt exists under the app root when it boots", () => {
    const development = { performCaching: { file: "tmp/caching-dev.txt" } };
    expect(performCaching(production, development, root)).toBe(false);
    mkdirSync(join(root, "tmp"));
    writeFileSync(join(root, "tmp/caching-dev.txt"), "");
    expect(performCaching(production, development, root)).toBe(true);
  });
});
