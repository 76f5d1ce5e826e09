// Ruby's URI (runtime/ruby/uri.ts) against Ruby 3.3's URI.parse of test/fixtures/uri/cases.json, recorded in the
// reference chroot by test/fixtures/uri/record.sh (expected.json): class, components, to_s, inspect, request_uri,
// and host= / query= on a copy. The schemes whose own initialize rails2ts does not reproduce (ftp, mailto) are
// declined: parsing one raises NotLowered rather than answering something else.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Generic, HTTP, kernelUri, parse } from "../runtime/ruby/uri.js";
import { send } from "../runtime/active-support/index.js";
import { inspect } from "../runtime/ruby/ruby.js";
import { NOT_LOWERED } from "../runtime/ruby/not-lowered.js";

interface Row {
  input: string;
  error?: string;
  class?: string;
  edits?: Record<string, string>;
  [key: string]: unknown;
}
const rows = JSON.parse(readFileSync(new URL("./fixtures/uri/expected.json", import.meta.url), "utf8")) as Row[];
const DECLINED = new Set(["URI::MailTo", "URI::FTP"]);

function outcome(fn: () => unknown): string {
  try {
    return String(fn());
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

describe("URI.parse as Ruby 3.3's", () => {
  for (const row of rows) {
    it(JSON.stringify(row.input), () => {
      if (row.error) {
        expect(outcome(() => parse(row.input))).toBe(row.error);
        return;
      }
      if (DECLINED.has(row.class!)) {
        expect(() => parse(row.input)).toThrow(expect.objectContaining({ name: NOT_LOWERED }));
        return;
      }
      const u = parse(row.input);
      const ours = {
        class: u.rubyClassName(), scheme: u.scheme, userinfo: u.userinfo, host: u.host, hostname: u.hostname(), port: u.port, path: u.path,
        opaque: u.opaque, query: u.query, fragment: u.fragment, to_s: u.toS(), inspect: inspect(u),
        request_uri: "requestUri" in u ? (u as HTTP).requestUri() : null, http: u instanceof HTTP,
      };
      const { input: _input, edits, ...expected } = row;
      expect(ours).toEqual(expected);
      const edited: Record<string, string> = {};
      for (const key of Object.keys(edits!)) {
        const [name, literal] = [key.slice(0, key.indexOf("=")), key.slice(key.indexOf("=") + 1)];
        const value = literal === "nil" ? null : (JSON.parse(literal) as string);
        edited[key] = outcome(() => {
          const copy = u.dup();
          send(copy, `${name}=`, value);
          return copy.toS();
        });
      }
      expect(edited).toEqual(edits);
    });
  }

  it("Kernel#URI answers a URI as is and parses a String; anything else is an ArgumentError", () => {
    const u = parse("https://example.com/");
    expect(kernelUri(u)).toBe(u);
    expect(kernelUri("http://a/") instanceof Generic).toBe(true);
    expect(outcome(() => kernelUri(1))).toBe("ArgumentError: bad argument (expected URI object or URI string)");
  });
});
