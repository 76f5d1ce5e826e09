// A Cookie header's parse is kept per header text (runtime/action-pack/cookies.ts): each request's jar starts from
// its own copy, so what one request's jar sets or deletes is never seen by the next request with the same header.
import { describe, expect, it } from "vitest";
import { CookieJar } from "../runtime/action-pack/cookies.js";
import { KeyGenerator } from "../runtime/active-support/messages.js";

const config = { keyGenerator: new KeyGenerator("s".repeat(64)) };
const header = "theme=dark; lang=en%2Bgb";

describe("a Cookie header parsed once", () => {
  it("gives every jar the header's values, whatever an earlier jar changed", () => {
    const first = new CookieJar(header, config);
    expect([first.get("theme"), first.get("lang")]).toEqual(["dark", "en+gb"]);
    first.set("theme", "light");
    first.delete("lang");
    const second = new CookieJar(header, config);
    expect([second.get("theme"), second.get("lang")]).toEqual(["dark", "en+gb"]);
    expect(second.setCookieHeaders()).toEqual([]);
  });
});
