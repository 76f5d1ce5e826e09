// `rails2ts inspect <app> --html <dir>` (issue 23): the whole app as a static site. Without a browser: the pages it
// writes for test/fixtures/cli-app, everything escaped, the diagnostics and cache sites linked to the notes under
// their lines. In a real browser (Debian's chromium driven by playwright-core, opt-in as test/browser.test.ts is:
// RAILS2TS_BROWSER=1, and then a missing chromium fails rather than skips): fixtures/blog's site, clicked through
// the file tree to a view and a model, a source line hovered and the TS line lowered from it lit, and a TS line
// hovered back; screenshots in test/browser-artifacts/ (git-ignored; the path is printed).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { writeInspectSite } from "../src/inspect/index.js";

const ENABLED = process.env.RAILS2TS_BROWSER === "1";
const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = join(import.meta.dirname, "browser-artifacts");
const CLI_APP = join(import.meta.dirname, "fixtures/cli-app");
const BLOG = join(import.meta.dirname, "../fixtures/blog");
const tmp = mkdtempSync(join(tmpdir(), "rails2ts-inspect-html-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

if (!ENABLED) process.stderr.write("test/inspect-html.test.ts: the chromium part skipped: set RAILS2TS_BROWSER=1 to run it (README, Opt-in lanes)\n");

async function site(app: string, name: string): Promise<string> {
  const dir = join(tmp, name);
  writeInspectSite(dir, app, await compile(app));
  return dir;
}

describe("inspect --html: the pages", () => {
  it("one page per source file and an index, the ERB escaped, every note linked from the index", async () => {
    const dir = await site(CLI_APP, "cli-app");
    expect(readdirSync(dir).sort()).toEqual([
      "app~controllers~application_controller.rb.html",
      "app~controllers~widgets_controller.rb.html",
      "app~models~application_record.rb.html",
      "app~models~widget.rb.html",
      "app~views~widgets~index.html.erb.html",
      "config~routes.rb.html",
      "index.html",
    ]);
    const view = readFileSync(join(dir, "app~views~widgets~index.html.erb.html"), "utf8");
    expect(view).toContain('<td class="src" id="L1" data-src="1">&lt;% cache &quot;widgets-#{@widgets.size}&quot; do %&gt;</td>');
    expect(view).not.toContain("<% cache");
    const index = readFileSync(join(dir, "index.html"), "utf8");
    // The declined cache key: its diagnostic and its cache site link to the notes under line 1 of the view.
    expect(index).toContain('<a href="app~views~widgets~index.html.erb.html#d');
    expect(index).toContain('<a href="app~views~widgets~index.html.erb.html#c0">app/views/widgets/index.html.erb:1:10</a>');
    expect(view).toContain('id="c0"><td class="n"></td><td colspan="3">~ 1:10 cache declined: a string with interpolation is not a provable fragment name</td>');
    // The routes table: `resources :widgets, only: :index` is one route.
    expect(index).toContain("<tr><td>widgets</td><td>GET</td><td><code>/widgets(.:format)</code></td><td>widgets#index</td></tr>");
  }, 120_000);
});

describe.skipIf(!ENABLED)("inspect --html in chromium (RAILS2TS_BROWSER=1)", () => {
  let browser: Browser | null = null;
  let dir = "";

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`RAILS2TS_BROWSER=1 but ${CHROMIUM} is missing: apt-get install -y chromium`);
    dir = await site(BLOG, "blog");
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    console.info(`inspect --html: screenshots in ${ARTIFACTS}`);
  });

  it("clicks through the file tree to a view, lights the TS of a hovered line and back, then to a model", async () => {
    const page = await browser!.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(pathToFileURL(join(dir, "index.html")).href);
    // The overview: fixtures/blog/config/routes.rb's `resources :articles` and app/models/comment.rb's belongs_to.
    await expect.poll(() => page.locator("#routes tr", { hasText: "/articles(.:format)" }).first().innerText()).toContain("articles#index");
    await expect.poll(() => page.locator("#model-Comment").innerText()).toContain("belongs_to :article -> Article");
    await page.screenshot({ path: join(ARTIFACTS, "inspect-index.png"), fullPage: false });

    const nav = page.locator("nav");
    for (const folder of ["app", "views", "articles"]) await nav.locator("summary", { hasText: new RegExp(`^${folder}$`) }).first().click();
    await nav.getByRole("link", { name: "index.html.erb", exact: true }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("app/views/articles/index.html.erb");

    // Line 11 of the view is `<%= link_to "Show this article", article %>`: the TS line lowered from it appends that link.
    const line11 = page.locator("td.src#L11");
    expect(await line11.innerText()).toBe('      <%= link_to "Show this article", article %>');
    await line11.hover();
    const lit = page.locator("td.ts.hl");
    await expect.poll(() => lit.first().innerText()).toBe('    out.append(view.linkTo("Show this article", article));');
    expect(await page.locator("td.src.hl").allInnerTexts()).toEqual(['      <%= link_to "Show this article", article %>']);
    await page.screenshot({ path: join(ARTIFACTS, "inspect-view.png"), fullPage: false });

    // And back: the TS line that appends the "New article" link lights line 16, where the view writes it.
    await page.locator("td.ts", { hasText: 'view.linkTo("New article"' }).hover();
    await expect.poll(() => page.locator("td.src.hl").allInnerTexts()).toEqual(['<%= link_to "New article", new_article_path %>']);

    await nav.locator("summary", { hasText: /^models$/ }).first().click();
    await nav.getByRole("link", { name: "comment.rb", exact: true }).click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("app/models/comment.rb");
    expect(await page.locator("tr.note td[colspan]").allInnerTexts()).toEqual(["= 2:3 association belongs_to :article -> Article"]);
    await page.screenshot({ path: join(ARTIFACTS, "inspect-model.png"), fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
