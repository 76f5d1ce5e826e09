// activeSupportJson's shortcuts for plain text and flat objects write exactly what JSON.stringify writes, with
// ActiveSupport::JSON's \u escapes of < > & U+2028 U+2029; anything else takes the general path.
import { describe, expect, it } from "vitest";
import { activeSupportJson } from "../runtime/active-support/message-codec.js";

/** JSON.stringify, then ActiveSupport's escapes, written out here on their own. */
const reference = (v: unknown) =>
  JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

describe("activeSupportJson", () => {
  it("writes a session's hash and strings as ActiveSupport::JSON does", () => {
    expect(activeSupportJson({ session_id: "0123abcd", _csrf_token: "a-b_c" })).toBe('{"session_id":"0123abcd","_csrf_token":"a-b_c"}');
    expect(activeSupportJson({ user_id: 7, admin: false, name: null, ratio: -0.5 })).toBe('{"user_id":7,"admin":false,"name":null,"ratio":-0.5}');
    expect(activeSupportJson({})).toBe("{}");
    expect(activeSupportJson("cookie._app_session")).toBe('"cookie._app_session"');
    expect(activeSupportJson({ "2": "b", a: "x", "1": "a" })).toBe('{"1":"a","2":"b","a":"x"}');
  });

  it("escapes what needs escaping, in keys and values", () => {
    expect(activeSupportJson({ note: "<b>&\"q\"\\" })).toBe('{"note":"\\u003cb\\u003e\\u0026\\"q\\"\\\\"}');
    expect(activeSupportJson({ "a<b": 1 })).toBe('{"a\\u003cb":1}');
    expect(activeSupportJson("tab\there")).toBe('"tab\\there"');
    expect(activeSupportJson("caf\u00e9 \u2028")).toBe('"caf\u00e9 \\u2028"');
  });

  it("answers as JSON.stringify for every kind of value the shortcuts pass on", () => {
    const proto = Object.assign(Object.create({ inherited: 1 }), { own: "x" });
    const cases: unknown[] = [
      { n: Number.NaN }, { n: Infinity }, { n: 1e21 }, { n: -0 }, { nested: { a: 1 } }, { list: [1, "a"] }, { u: undefined },
      { f: () => 1 }, { d: new Date(0) }, { toJSON: () => "x" }, proto, Object.create(null), "\ud800", "\u007f", "",
      { big: "x".repeat(300) }, { k: "\u0001" }, [1, 2], 3, null, true,
    ];
    for (const c of cases) expect(activeSupportJson(c)).toBe(reference(c));
  });
});
