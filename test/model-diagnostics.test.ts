// Unsupported association options, callback forms and model macros are diagnostics at file:line:col, never a
// silent no-op (the worst bug a lowering compiler can have is an option it parsed and ignored).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";

const app = join(import.meta.dirname, "fixtures/bad/unsupported_model");

describe("model diagnostics", () => {
  it("reports each unsupported option and form at its position", async () => {
    const result = await compile(app);
    const got = result.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`);
    expect(got).toEqual([
      "app/models/note.rb:2:42 unsupported_option: option not supported: belongs_to ensure:",
      "app/models/post.rb:2:50 unsupported_option: option not supported: has_many sparkle:",
      "app/models/post.rb:3:15 unsupported_construct: construct not lowered: before_save with a non-symbol callback",
      "app/models/post.rb:4:30 unsupported_option: option not supported: after_commit on:",
      "app/models/post.rb:5:45 unsupported_option: option not supported: validates length: with a non-literal value",
      "app/models/post.rb:6:3 unsupported_construct: construct not lowered: model macro acts_as_list",
      "app/models/post.rb:7:52 unsupported_option: option not supported: has_many dependent: :destroy_async",
      "app/models/post.rb:8:51 unsupported_option: option not supported: has_one dependent: :restrict_with_error",
      "app/models/post.rb:9:30 unsupported_option: option not supported: validates sparkle:",
      "app/models/post.rb:10:3 unsupported_construct: construct not lowered: model macro before_touch",
      "app/models/post.rb:11:3 unsupported_construct: construct not lowered: has_one with an extension block",
      "app/models/post.rb:15:5 unsupported_construct: construct not lowered: include in an association extension block",
      "app/models/post.rb:20:28 unsupported_option: option not supported: after_save if: with a String condition",
      "app/models/post.rb:21:66 unsupported_option: option not supported: has_many source_type:",
      "app/models/post.rb:21:90 unsupported_option: option not supported: has_many strict_loading:",
      "app/models/post.rb:22:56 unsupported_option: option not supported: has_many counter_cache:",
      "app/models/post.rb:23:45 unsupported_option: option not supported: validates strict:",
      "app/models/post.rb:24:31 unsupported_option: option not supported: before_save on:",
      "app/models/post.rb:26:5 unsupported_construct: construct not lowered: include in a scope extension block",
    ]);
  });
});
