// test/fixtures/features-app, a small Rails 7.2 app (load_defaults 7.0, RAILS_ENV=test) that touches the compiler's
// gem, asset, Action Text, Active Storage, lib/, initializer and signed-id features, compiled with the real pipeline
// against a committed gem directory (test/fixtures/features-app-gems: the few files of Debian's actiontext,
// stimulus-rails and importmap-rails the app needs), booted as Rails was recorded (reference/, by record.sh: test
// environment, the same secret_key_base, the clock frozen at 2024-02-15 12:00:00 UTC, Host 127.0.0.1:3000), and
// compared byte for byte: each page's status, Content-Type and whole body, and each digested asset the pages name.
//
// A page or asset that differs because of a compiler or runtime bug is listed with its cause and runs as
// `it.fails`, so it still runs and the list stays true (a fixed bug makes its case fail until it moves back to `it`).
// Re-record with `bash test/fixtures/features-app/record.sh` (needs the chroot of ../shared/rails).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/features-app");
const gems = join(import.meta.dirname, "fixtures/features-app-gems");
const reference = join(app, "reference");
const SECRET_KEY_BASE = createHash("sha512").update("features-app").digest("hex").slice(0, 128);
const FROZEN_TIME = "2024-02-15 12:00:00";
const HOST = "127.0.0.1:3000";

interface RecordedPage {
  name: string;
  path: string;
  status: number;
  content_type: string;
}
const pages = JSON.parse(readFileSync(join(reference, "pages.json"), "utf8")) as RecordedPage[];

// What each page covers (the recording's names).
const COVERS: Record<string, string> = {
  home: "stylesheet_link_tag :all over the app's and actiontext's CSS, javascript_importmap_tags (pin, pin_all_from under:, preload: false, preload: an entry point, a pin whose file is missing), digests with config.assets.version",
  index: "with_attached_logo, logo.attached? false, a lib/ String reopening (shout?), Time::DATE_FORMATS lambda and string formats, signed_id(purpose:) in the legacy envelope",
  show_1: "has_rich_text rendered through the actiontext gem's layout and content partial, Rails::HTML4 sanitizing, to_plain_text",
  show_2: "rich text with headings, code and an img whose handler is stripped",
  show_3: "a record without its rich text: body built, to_plain_text of a nil body",
  show_4: "a content attachment and a remote image, rendered through the gem's attachable partials",
  show_5: "an attachment whose sgid locates nothing (the gem's missing-attachable partial)",
  edit_1: "form.rich_text_area without an authenticity_token (allow_forgery_protection = false in test)",
  edit_3: "rich_text_area of a built rich text",
  edit_4: "rich_text_area of content with attachments (Trix attachment JSON)",
  summary_1: "a lib/ plain class with to_s, String#split of plain text with a no-break space",
  summary_2: "a lib/ plain class with to_s",
  logo_1: "find_signed(purpose:) of the legacy envelope, a helper returning an interpolated squiggly heredoc",
  logo_tampered: "find_signed of a tampered id answers nil",
  ruby: "a before_action given a block (only:), a plain class's own StandardError subclasses raised and rescued (message, class name, an attr), locals set in branches, Rails.logger, Rails.application.routes.url_helpers in a model, format %f/%x/%+d, $! in a rescue modifier, catch/throw, tr/squeeze/partition/gsub with a block, String + Integer raising TypeError",
};

// Pages that differ from Rails' recording, with the cause (file and line at 1aeab9c).
const KNOWN_DIFFERENCES: Record<string, string> = {
};

// Digested assets (as Rails served them) that the emitted public/assets does not hold byte for byte, with the cause.
const KNOWN_ASSET_DIFFERENCES: Record<string, string> = {
};

const DIAGNOSTIC_MISSING_PIN =
  "asset_not_found config/importmap.rb:6:1 asset not found in the asset load path: local-time.js (pinned as local-time; the import map skips it; gems not installed: " +
  "rails, actioncable, actionpack, actionview, activesupport, base64, benchmark, bigdecimal, concurrent-ruby, connection_pool, drb, ruby2_keywords, i18n, logger, minitest, prism, " +
  "securerandom, tzinfo, builder, cgi, erubi, rails-dom-testing, nokogiri, mini_portile2, racc, rails-html-sanitizer, loofah, crass, rack, rack-session, rack-test, useragent, nio4r, " +
  "websocket-driver, websocket-extensions, zeitwerk, actionmailbox, activejob, globalid, activerecord, activemodel, timeout, activestorage, marcel, mail, mini_mime, net-imap, date, " +
  "net-protocol, net-pop, net-smtp, actionmailer, railties, irb, rdoc, psych, stringio, reline, io-console, rackup, rake, thor, tsort, propshaft, sqlite3, puma)";

interface Response {
  status: number;
  contentType: string;
  body: Buffer;
}

/** GET with curl's Host (fetch cannot set Host, and rich_text_area writes URLs on it). */
function get(baseUrl: string, path: string): Promise<Response> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host: HOST, accept: "*/*", "user-agent": "curl/7.88.1" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    return statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
  });
}

describe("features-app, compiled and served as Rails 7.2.4 serves it in the test environment", () => {
  const out = scratchDir("features-app");
  let diagnostics: string[] = [];
  let server: Booted | null = null;
  const ours = new Map<string, Response>();

  beforeAll(async () => {
    // Only the committed gem directory: gem directories named by the environment would add (or substitute) gems.
    const saved = { RAILS2TS_GEM_PATH: process.env.RAILS2TS_GEM_PATH, GEM_PATH: process.env.GEM_PATH, GEM_HOME: process.env.GEM_HOME };
    for (const key of Object.keys(saved)) delete process.env[key];
    const result = await compile(app, { out, gemPaths: [gems] }).finally(() => {
      for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
    });
    diagnostics = result.diagnostics.map((d) => `${d.code} ${relative(app, d.span.file)}:${d.span.line}:${d.span.column} ${d.message}`);
    // A fresh database: the schema, then db/seeds.rb under the frozen clock, as the recording's db:schema:load db:seed.
    server = await bootEmitted(out, {
      port: 0,
      dbPath: join(out, "test.sqlite3"),
      env: { RAILS_ENV: "test", SECRET_KEY_BASE, RAILS2TS_FROZEN_TIME: FROZEN_TIME },
    });
    for (const page of pages) ours.set(page.name, await get(server.baseUrl, page.path));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("was recorded for every page it covers", () => {
    expect(pages.map((p) => p.name).sort()).toEqual(Object.keys(COVERS).sort());
    expect(Object.keys(KNOWN_DIFFERENCES).filter((n) => !(n in COVERS))).toEqual([]);
  });

  it("reports the import map pin whose file no load path holds, at the pin", () => {
    expect(diagnostics.filter((d) => d.startsWith("asset_not_found"))).toEqual([DIAGNOSTIC_MISSING_PIN]);
  });

  it("reports nothing else", () => {
    expect(diagnostics).toEqual([DIAGNOSTIC_MISSING_PIN]);
  });

  for (const page of pages) {
    const known = KNOWN_DIFFERENCES[page.name];
    (known ? it.fails : it)(`${page.name} (${page.path.length > 40 ? `${page.path.slice(0, 40)}...` : page.path}): ${COVERS[page.name]}`, () => {
      const rails = readFileSync(join(reference, `${page.name}.html`));
      const mine = ours.get(page.name)!;
      expect({ status: mine.status, contentType: mine.contentType, body: mine.body.toString("utf8") })
        .toEqual({ status: page.status, contentType: page.content_type, body: rails.toString("utf8") });
      expect(mine.body.equals(rails)).toBe(true);
    });
  }

  const recordedAssets = filesUnder(join(reference, "assets")).map((f) => relative(join(reference, "assets"), f)).sort();

  it("recorded the digested assets the pages name", () => {
    expect(recordedAssets.length).toBe(13);
    expect(Object.keys(KNOWN_ASSET_DIFFERENCES).filter((a) => !recordedAssets.includes(a))).toEqual([]);
  });

  for (const asset of recordedAssets) {
    (KNOWN_ASSET_DIFFERENCES[asset] ? it.fails : it)(`emits public/assets/${asset} as Propshaft serves it`, () => {
      const emitted = join(out, "public/assets", asset);
      expect(existsSync(emitted)).toBe(true);
      expect(readFileSync(emitted).equals(readFileSync(join(reference, "assets", asset)))).toBe(true);
    });
  }

  it("emits every digested asset our own pages name", () => {
    const named = new Set<string>();
    for (const response of ours.values()) for (const m of response.body.toString("utf8").matchAll(/\/assets\/[\w./@-]+/g)) named.add(m[0]);
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((path) => !existsSync(join(out, "public", path)))).toEqual([]);
  });
});
