// A form field for a reader the model defines, not a column (Campfire's bot form: `form.url_field :webhook_url`, where
// `def webhook_url = webhook&.url`): ActionView's Tags::Base#value_before_type_cast asks for
// `webhook_url_before_type_cast` only when the record responds to it (a column), and otherwise shows `value`, the
// reader's answer (actionview 7.2.4 lib/action_view/helpers/tags/base.rb, value_before_type_cast / value). The
// Campfire lane's account_bot_edit step checks the whole page against Rails' recording.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel } from "../runtime/active-record/index.js";
import * as V from "../runtime/app/view-namespace.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";
import { fakeHost } from "./view-vector-routes.js";

class Bot extends Base {
  webhookUrl(): string {
    return "http://example.com/bender";
  }
}
defineModel(Bot, { name: "Bot", table: "bots", names: names("Bot", "bot", "bots"), columns: [{ name: "id", type: "integer", null: false }, { name: "name", type: "string" }] });

beforeAll(() => {
  const conn = new Connection(join(scratchDir("form-method-value"), "f.sqlite3"));
  loadSchema(conn, { tables: [{ name: "bots", columns: [{ name: "name", type: "string" }] }] });
  setConnection(conn);
});

describe("a field for a model's own reader", () => {
  it("has no _before_type_cast: the reader's value is the field's", () => {
    const bot = Bot.create({ name: "Bender" }) as Bot;
    expect(bot.readAttributeBeforeTypeCast("webhook_url")).toBeUndefined();
    expect(bot.readAttributeBeforeTypeCast("name")).toBe("Bender");
    const html = String(V.formWith(fakeHost(), { model: bot, url: "/bots/1" }, (form: V.FormBuilder) => form.urlField("webhook_url", { class: "input" })));
    expect(html).toContain('<input class="input" type="url" value="http://example.com/bender" name="bot[webhook_url]" id="bot_webhook_url" />');
  });
});
