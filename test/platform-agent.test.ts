// The platform_agent gem (1.0.1) over the useragent gem, against the gems themselves: every public method of
// PlatformAgent and of two subclasses, UserAgent.parse's answers, and the gem's version and browser comparisons,
// for the user agents of test/fixtures/platform-agent/record.rb (recorded.json). The subclasses below are written
// as the compiler lowers the recorder's Ruby ones (self calls of the gem's methods are this.<member>).
// Then an app with `class AppPlatform < PlatformAgent` (test/fixtures/platform-agent-app), compiled, booted and
// fetched with the user agents its pages were recorded for by real Rails (pages.json).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { rubyToTs } from "../runtime/ruby/names.js";
import { NoMethodError } from "../runtime/active-support/core-ext/core-send.js";
import { PlatformAgent } from "../runtime/gems/platform_agent/platform-agent.js";
import { UserAgentBrowser } from "../runtime/gems/useragent/user-agent-base.js";
import { parseUserAgent } from "../runtime/gems/useragent/user-agent-browsers.js";
import { UserAgent, UserAgentVersion } from "../runtime/gems/useragent/user-agent.js";
import { scratchDir } from "./support/scratch.js";

type Answers = Record<string, unknown>;
interface Case { ua: string | null; parse: Answers; sample: Answers; native: Answers }
interface Comparison { a: unknown; b: unknown; [op: string]: unknown }
const recorded = JSON.parse(readFileSync(new URL("./fixtures/platform-agent/recorded.json", import.meta.url), "utf8")) as {
  platform_methods: string[];
  cases: Case[];
  versions: Comparison[];
  browsers: Comparison[];
  products: Comparison[];
};

/** `s.match?(re)` on a value that may be nil, as Ruby raises for nil. */
function stringMatch(s: unknown, re: RegExp): boolean {
  if (typeof s !== "string") throw new NoMethodError("undefined method 'match?' for nil");
  return re.test(s);
}

class SamplePlatform extends PlatformAgent {
  isIos() { return this.isMatch(/iPhone|iPad/); }
  override isAndroid() { return this.isMatch(/Android/); }
  isMac() { return this.isMatch(/Macintosh/); }
  isChrome() { return stringMatch(this.userAgent().browser(), /Chrome/); }
  isFirefox() { return stringMatch(this.userAgent().browser(), /Firefox|FxiOS/); }
  isSafari() { return stringMatch(this.userAgent().browser(), /Safari/); }
  isEdge() { return stringMatch(this.userAgent().browser(), /Edg/); }
  isLinkPreview() { return this.isMatch(/facebookexternalhit/i) && this.isMatch(/Twitterbot/i); }
  override isMobile() { return this.isIos() || this.isAndroid(); }
  override isDesktop() { return !this.isMobile(); }
  isWindows() { return this.operatingSystem() === "Windows"; }
  operatingSystem(): unknown {
    const platform = this.userAgent().platform();
    const named: Array<[RegExp, string]> = [[/Android/, "Android"], [/iPad/, "iPad"], [/iPhone/, "iPhone"], [/Macintosh/, "macOS"], [/Windows/, "Windows"], [/CrOS/, "ChromeOS"]];
    const hit = named.find(([re]) => typeof platform === "string" && re.test(platform));
    if (hit) return hit[1];
    const os = this.os();
    return typeof os === "string" && /Linux/.test(os) ? "Linux" : os;
  }
}

class NativePlatform extends PlatformAgent {
  override isIosApp() { return this.isMatch(/Hotwire Native iOS|Turbo Native iOS|Sample iOS/); }
  override isAndroidApp() { return this.isMatch(/Hotwire Native Android|Turbo Native Android|Sample Android/); }
  override isMacApp() { return this.isMatch(/Electron/) && this.isMatch(/sample-desktop/) && this.isMatch(/Macintosh/); }
  override isWindowsApp() { return this.isMatch(/Electron/) && this.isMatch(/sample-desktop/) && this.isMatch(/Windows/); }
}

/** Our values in the recorder's JSON shapes (record.rb `encode`). */
function encode(value: unknown): unknown {
  if (value instanceof UserAgentVersion) return { Version: value.toS(), to_a: value.toA() };
  if (value instanceof UserAgentBrowser) return { Browser: (value.constructor as typeof UserAgentBrowser).rubyName, to_s: value.toS() };
  if (value instanceof UserAgent) return { UserAgent: value.toS() };
  if (Array.isArray(value)) return value.map(encode);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value ?? null;
}

function answer(run: () => unknown): unknown {
  try {
    return encode(run());
  } catch (e) {
    return { raise: (e as Error).name };
  }
}

/** Each recorded method called by its Ruby name (the one Ruby -> TS rule), as a dynamic send finds it. */
function answers(object: object, methods: string[]): Answers {
  return Object.fromEntries(methods.map((m) => [m, answer(() => (object as Record<string, () => unknown>)[rubyToTs(m)]!())]));
}

const ops = (c: Comparison) => Object.keys(c).filter((k) => k !== "a" && k !== "b");
/** A comparison operator under the member name the runtime dispatches it by. */
function compare(a: object, op: string, b: unknown): unknown {
  const member = op === "<=>" ? "compare" : op === "==" ? "isEqual" : op === "eql?" ? "isEql" : op;
  return answer(() => (a as Record<string, (x: unknown) => unknown>)[member]!(b));
}

describe("platform_agent 1.0.1 over useragent 0.16", () => {
  it("was recorded from the gems for every family and oddity", () => {
    expect(recorded.cases.length).toBe(91);
  });

  it("parses every user agent as UserAgent.parse does", () => {
    for (const c of recorded.cases) {
      const parsed = parseUserAgent(c.ua);
      const ours = { class: (parsed.constructor as typeof UserAgentBrowser).rubyName, ...answers(parsed, Object.keys(c.parse).filter((k) => k !== "class")) };
      expect({ ua: c.ua, ...ours }).toEqual({ ua: c.ua, ...c.parse });
    }
  });

  it("answers every public method of PlatformAgent and an app's subclass as the gem does", () => {
    for (const c of recorded.cases) expect({ ua: c.ua, ...answers(SamplePlatform.build(c.ua), recorded.platform_methods) }).toEqual({ ua: c.ua, ...c.sample });
  });

  it("answers native-app kinds and app versions for a subclass that names its apps", () => {
    for (const c of recorded.cases) expect({ ua: c.ua, ...answers(NativePlatform.build(c.ua), Object.keys(c.native)) }).toEqual({ ua: c.ua, ...c.native });
  });

  it("compares versions as UserAgent::Version does (six elements, letters below numbers, nil as blank)", () => {
    for (const v of recorded.versions) {
      const ours = Object.fromEntries(ops(v).map((op) => [op, compare(UserAgentVersion.of(v.a), op, v.b)]));
      expect({ a: v.a, b: v.b, ...ours }).toEqual(v);
    }
  });

  it("compares parsed browsers and tokens as the gem's own Comparable does (false across browsers)", () => {
    for (const v of recorded.browsers) {
      const ours = Object.fromEntries(ops(v).map((op) => [op, compare(parseUserAgent(v.a), op, parseUserAgent(v.b))]));
      expect({ a: v.a, b: v.b, ...ours }).toEqual(v);
    }
    for (const v of recorded.products) {
      const [pa, va] = v.a as [string, string];
      const [pb, vb] = v.b as [string, string];
      const ours = Object.fromEntries(ops(v).map((op) => [op, compare(new UserAgent(pa, va), op, new UserAgent(pb, vb))]));
      expect({ a: v.a, b: v.b, ...ours }).toEqual(v);
    }
  });

  it("is constructed with exactly one argument, as Ruby's initialize(user_agent_string)", () => {
    expect(() => PlatformAgent.build()).toThrow("wrong number of arguments (given 0, expected 1)");
    expect(PlatformAgent.new("curl/7.88.1").toRubyString()).toBe("web");
  });
});

interface Page { path: string; ua: string; status: number; content_type: string; body: string }
const pages = JSON.parse(readFileSync(new URL("./fixtures/platform-agent-app/pages.json", import.meta.url), "utf8")) as Page[];

describe("an app's PlatformAgent subclass, compiled and served", () => {
  const app = join(import.meta.dirname, "fixtures/platform-agent-app");
  let server: Booted;
  let diagnostics: string[] = [];

  beforeAll(async () => {
    const out = scratchDir("platform-agent");
    const result = await compile(app, { out });
    diagnostics = result.diagnostics.map((d) => `${d.code} ${d.span.file.slice(app.length + 1)}:${d.span.line}`);
    server = await bootEmitted(out, { port: 0, dbPath: join(out, "db.sqlite3") });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  async function get(page: Page): Promise<Page> {
    const res = await fetch(`${server.baseUrl}${page.path}`, { headers: { "User-Agent": page.ua } });
    return { path: page.path, ua: page.ua, status: res.status, content_type: res.headers.get("content-type") ?? "", body: await res.text() };
  }

  it("compiles without diagnostics (the gem's methods resolve on the base class, UserAgent is a known constant)", () => {
    expect(diagnostics).toEqual([]);
  });

  it("renders the page Rails renders for curl, Safari on an iPhone and Chrome on Linux", async () => {
    const recorded = pages.filter((p) => p.path === "/");
    expect(recorded.length).toBe(3);
    for (const page of recorded) expect(await get(page)).toEqual(page);
  });

  // Known gap, owned by the core method tables (runtime/active-support/core-ext/core-string.ts, core-operators.ts): String#match?
  // and NilClass#=~ (`os =~ /Linux/` when the agent names no OS, as for curl) are not there yet, so this page
  // answers 500. Campfire's ApplicationPlatform uses both shapes. Flip to `it` once they land.
  it("renders the page that asks with String#match? and nil =~", async () => {
    for (const page of pages.filter((p) => p.path === "/matches")) expect(await get(page)).toEqual(page);
  });
});
