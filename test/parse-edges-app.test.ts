// test/fixtures/parse-edges-app against its reference recorded from Rails 7.2.4: anonymous argument forwarding
// (`*`, `**`, `&`, `...`) in a model, the helper and a controller, run by its pages (issue 13 item 1, issue 17
// item 11); a template that is not valid UTF-8 answers Rails' 500 (issue 13 item 11). Whole responses byte for
// byte, SQL never above Rails.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureConformance } from "./support/fixture-conformance.js";

const app = join(import.meta.dirname, "fixtures/parse-edges-app");

describe("test/fixtures/parse-edges-app (recorded from Rails 7.2.4)", () => {
  it("matches every recorded response; the invalid template is its one diagnostic", async () => {
    const { result, log, diagnostics } = await fixtureConformance(app);
    expect(diagnostics).toEqual([
      "app/views/widgets/legacy.html.erb:2:7 template_invalid_encoding: template is not valid UTF-8 (Rails raises ActionView::Template::Error when it renders it): invalid byte \\xE9",
    ]);
    expect(log.filter((l) => !l.startsWith("ok "))).toEqual([`${result.identical} identical, 0 different`]);
    expect(result.identical).toBe(3);
    expect(result.sqlOverRails).toBe(0);
  });
});
