// Rack writes cookie values with URI.encode_www_form_component; vectors recorded from Ruby 3.3 in the Rails chroot
// (test/fixtures/www-form/record.rb).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { wwwFormEncode } from "../runtime/action-pack/cookies.js";

const vectors = JSON.parse(readFileSync(new URL("./fixtures/www-form/vectors.json", import.meta.url), "utf8")) as [string, string][];

describe("URI.encode_www_form_component", () => {
  it("has the recorded vectors", () => expect(vectors.length).toBeGreaterThan(100));
  for (const [input, expected] of vectors) {
    it(JSON.stringify(input), () => expect(wwwFormEncode(input)).toBe(expected));
  }
});
