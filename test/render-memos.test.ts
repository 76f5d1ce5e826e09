// What the runtime remembers between renders, and what makes it forget: each memo's answer must change when what it
// depends on changes (a rule added, a translation stored).
import { describe, expect, it } from "vitest";
import { humanize } from "../runtime/active-support/inflector.js";
import { createInflectionRegistry, inflections, withInflections } from "../runtime/active-support/inflections.js";
import { lookup, storeTranslations, translateOrUndefined } from "../runtime/active-support/i18n.js";

describe("humanize's memo", () => {
  it("answers anew after a human rule is added", () => {
    withInflections(createInflectionRegistry(), () => {
      expect(humanize("employee_salary")).toBe("Employee salary");
      inflections().human(/_salary$/, "_pay");
      expect(humanize("employee_salary")).toBe("Employee pay");
    });
  });

  it("answers anew after an acronym is added", () => {
    withInflections(createInflectionRegistry(), () => {
      expect(humanize("ssl_error")).toBe("Ssl error");
      inflections().acronym("SSL");
      expect(humanize("ssl_error")).toBe("SSL error");
    });
  });

  it("keeps the options apart", () => {
    withInflections(createInflectionRegistry(), () => {
      expect(humanize("author_id")).toBe("Author");
      expect(humanize("author_id", { keepIdSuffix: true })).toBe("Author id");
      expect(humanize("author_id", { capitalize: false })).toBe("author");
    });
  });
});

describe("I18n lookup's memo", () => {
  it("answers anew after translations are stored", () => {
    expect(lookup("helpers.label.memo_probe.name", "xx")).toBeUndefined();
    storeTranslations("xx", { helpers: { label: { memo_probe: { name: "Full name" } } } });
    expect(lookup("helpers.label.memo_probe.name", "xx")).toBe("Full name");
    storeTranslations("xx", { helpers: { label: { memo_probe: { name: "Given name" } } } });
    expect(lookup("helpers.label.memo_probe.name", "xx")).toBe("Given name");
    expect(translateOrUndefined("label.memo_probe.name", { scope: "helpers", locale: "xx" })).toBe("Given name");
  });

  it("keeps locales apart", () => {
    storeTranslations("yy", { memo_probe: { greeting: "Hei %{name}" } });
    expect(lookup("memo_probe.greeting", "yy")).toBe("Hei %{name}");
    expect(lookup("memo_probe.greeting", "xx")).toBeUndefined();
    expect(translateOrUndefined("memo_probe.greeting", { locale: "yy", name: "Ada" })).toBe("Hei Ada");
  });
});

describe("field_id's memo of plain pairs", () => {
  it("keeps the pair's answer apart from the same pair with an index or namespace", async () => {
    const { fieldId } = await import("../runtime/action-view/form-tag.js");
    expect(fieldId("post", "title", {})).toBe("post_title");
    expect(fieldId("post", "title", { index: 3 })).toBe("post_3_title");
    expect(fieldId("post", "title", { namespace: "x" })).toBe("x_post_title");
    expect(fieldId("post", "title", {})).toBe("post_title");
  });
});
