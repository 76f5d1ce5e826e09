// View helpers given a frozen options Hash (`OPTIONS = {...}.freeze`): where Rails 7.2.4 changes the caller's Hash
// it raises FrozenError, where it copies first the helper works. Every answer below was recorded from Rails 7.2.4
// (ActionView::Base.empty in the chroot, Ruby 3.3): link_to's and button_to's url options Hash (remote: is deleted
// from it), button_to's form: Hash, time_tag's options (extract_options!, then delete(:format)) and select_tag's
// options (delete(:prompt)) and form_for's options (delete(:remote)) raise; link_to's html options, select_tag's with
// include_blank and fields_for's options (each a copy) work.
import { describe, expect, it } from "vitest";
import { buttonTo, fieldsFor, formFor, linkTo, selectTag, timeTag } from "../runtime/action-view/index.js";
import type { ViewHost } from "../runtime/active-model/host.js";
import { freezeValue } from "../runtime/active-support/core-ext/frozen.js";

// (url_for and protect_against_forgery? stubbed alike on both sides: `def v.url_for(o)` in the recording.)
const view = { urlFor: (x: unknown) => (typeof x === "string" ? x : "/posts"), protectAgainstForgery: () => false } as unknown as ViewHost;

function raised(fn: () => unknown): string {
  try {
    fn();
    return "no error";
  } catch (e) {
    return `${(e as { constructor: { rubyName?: string; name: string } }).constructor.rubyName ?? (e as Error).constructor.name}: ${(e as Error).message}`;
  }
}

describe("a frozen options Hash given to a view helper", () => {
  it("link_to's url options: FrozenError, with or without remote:", () => {
    expect(raised(() => linkTo(view, "x", freezeValue({ controller: "posts", action: "index" })))).toBe(
      `FrozenError: can't modify frozen Hash: {:controller=>"posts", :action=>"index"}`,
    );
    expect(raised(() => linkTo(view, "x", freezeValue({ remote: true })))).toBe("FrozenError: can't modify frozen Hash: {:remote=>true}");
  });

  it("link_to's html options: copied, as Rails' stringify_keys copies", () => {
    const html = linkTo(view, "x", "/p", freezeValue({ class: "c", method: "delete", remote: true })).toString();
    expect(html).toBe('<a class="c" data-remote="true" rel="nofollow" data-method="delete" href="/p">x</a>');
  });

  it("button_to's form: Hash: FrozenError (Rails sets its method in place)", () => {
    expect(raised(() => buttonTo(view, "x", "/p", { form: freezeValue({ class: "f" }) }))).toBe(`FrozenError: can't modify frozen Hash: {:class=>"f"}`);
  });

  it("button_to's url options Hash: FrozenError (convert_options_to_data_attributes deletes remote: from it)", () => {
    expect(raised(() => buttonTo(view, "x", freezeValue({ controller: "posts" })))).toBe(`FrozenError: can't modify frozen Hash: {:controller=>"posts"}`);
  });

  it("time_tag's options: FrozenError (delete(:format) on the caller's Hash)", () => {
    expect(raised(() => timeTag(new Date(0), freezeValue({ format: "short" })))).toBe(`FrozenError: can't modify frozen Hash: {:format=>"short"}`);
  });

  it("select_tag's options: FrozenError, unless include_blank made a copy", () => {
    expect(raised(() => selectTag("n", "", freezeValue({ class: "c" })))).toBe(`FrozenError: can't modify frozen Hash: {:class=>"c"}`);
    expect(selectTag("n", "", freezeValue({ include_blank: true })).toString()).toBe('<select name="n" id="n"><option value="" label=" "></option></select>');
  });

  it("form_for's options: FrozenError (delete(:remote) on the caller's Hash)", () => {
    expect(raised(() => formFor(view, "post", freezeValue({ url: "/p" }), () => "")).toString()).toBe(`FrozenError: can't modify frozen Hash: {:url=>"/p"}`);
  });

  it("fields_for's options: copied (merged into a new Hash), so skip_id: works", () => {
    expect(raised(() => fieldsFor(view, "post", null, freezeValue({ skip_id: true }), () => ""))).toBe("no error");
  });
});
