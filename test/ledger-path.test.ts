// The ledger names a diagnostic's file relative to the app, and an installed gem's file by the gem, wherever the
// gem directory lies (so the committed ledger does not depend on the machine's layout).
import { describe, expect, it } from "vitest";
import { ledgerPath } from "../src/diagnostics/ledger.js";

describe("ledgerPath", () => {
  it.each([
    ["/w/app", "/w/app/app/views/a.html.erb", "app/views/a.html.erb"],
    ["/w/app", "/w/app-gems/gems/actionmailbox-7.2.4/app/views/x/index.html.erb", "gems/actionmailbox-7.2.4/app/views/x/index.html.erb"],
    ["/w/app", "/opt/g/bundler/gems/x/gems/turbo-rails-2.0.6/app/helpers/h.rb", "gems/turbo-rails-2.0.6/app/helpers/h.rb"],
    ["/w/app", "/w/other/lib/thing.rb", "../other/lib/thing.rb"],
  ])("%s, %s -> %s", (root, file, expected) => {
    expect(ledgerPath(root, file)).toBe(expected);
  });
});
