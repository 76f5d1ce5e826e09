// View helpers given a frozen options Hash (`OPTIONS = {...}.freeze`): where Rails 7.2.4 changes the caller's Hash
// it raises FrozenError, where it copies first the helper works. Every answer below was recorded from Rails 7.2.4
// (ActionView::Base.empty in the chroot, Ruby 3.3): link_to's and button_to's url options Hash (remote: is deleted
// from it), button_to's form: Hash, time_tag's options (extract_options!, then delete(:format)) and select_tag's
// options (delete(:prompt)) and form_for's options (delete(:remote)) raise; link_to's html options, select_tag's with
// include_blank and fields_for's options (each a copy) work.
import { describe, expect, it } from "vitest";
import {
  buttonTo, checkBox, collectionCheckBoxes, collectionRadioButtons, collectionSelect, colorField, dateSelect, emailField, fieldsFor, fileField,
  formFor, groupedCollectionSelect, hiddenField, label, linkTo, numberField, passwordField, radioButton, rangeField, searchField, select,
  selectTag, telephoneField, textArea, textField, timeTag, urlField,
} from "../runtime/action-view/index.js";
import { RubySymbol } from "../runtime/ruby/ruby.js";
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

  it("link_to's url options as a Map-backed Hash: FrozenError too (remote: is deleted from it)", () => {
    const options = freezeValue(new Map<unknown, unknown>([[RubySymbol.for("controller"), "posts"]]));
    expect(raised(() => linkTo(view, "x", options))).toBe(`FrozenError: can't modify frozen Hash: {:controller=>"posts"}`);
    const remote = new Map<unknown, unknown>([[RubySymbol.for("remote"), true]]);
    expect(linkTo(view, "x", remote).toString()).toBe('<a data-remote="true" href="/posts">x</a>');
    expect(remote.size).toBe(0);
  });
});

// The object-bound helpers called directly (text_field(:post, :title, FROZEN), ...): Tags::Base#initialize deletes
// :object (and two more) from the caller's Hash, so a frozen one raises, even empty; file_field gives the tag a dup,
// label's content_or_options Hash is merged into a new one, select's html_options are stringified into a copy.
// Recorded from Rails 7.2.4 in the chroot (ActionView::Base.empty, `F = {class: "c"}.freeze`).
describe("a frozen options Hash given to a form helper directly", () => {
  const F = () => freezeValue({ class: "c" });
  const frozenError = `FrozenError: can't modify frozen Hash: {:class=>"c"}`;
  const item = { id: 1, name: "a" };
  const fields = { textField, passwordField, hiddenField, textArea, colorField, searchField, telephoneField, urlField, emailField, numberField, rangeField };

  it.each(Object.entries(fields))("%s: FrozenError", (_, helper) => {
    expect(raised(() => helper(view, "post", "title", F()))).toBe(frozenError);
  });

  it("check_box and radio_button: FrozenError (an empty frozen Hash too)", () => {
    expect(raised(() => checkBox(view, "post", "ok", F()))).toBe(frozenError);
    expect(raised(() => checkBox(view, "post", "ok", freezeValue({})))).toBe("FrozenError: can't modify frozen Hash: {}");
    expect(raised(() => radioButton(view, "post", "ok", "a", F()))).toBe(frozenError);
  });

  it("file_field: works (Rails gives the tag a dup)", () => {
    expect(fileField(view, "post", "title", F()).toString()).toBe('<input class="c" type="file" name="post[title]" id="post_title" />');
  });

  it("label: the options Hash raises, a content_or_options Hash works", () => {
    expect(label(view, "post", "title", F()).toString()).toBe('<label class="c" for="post_title">Title</label>');
    expect(raised(() => label(view, "post", "title", "T", F()))).toBe(frozenError);
  });

  it("select and the collection helpers: the options Hash raises, the html options Hash works", () => {
    expect(raised(() => select(view, "post", "x", ["a"], F()))).toBe(frozenError);
    expect(select(view, "post", "x", ["a"], {}, F()).toString()).toBe('<select class="c" name="post[x]" id="post_x"><option value="a">a</option></select>');
    expect(select(view, "post", "x", ["a"], {}, freezeValue({})).toString()).toBe('<select name="post[x]" id="post_x"><option value="a">a</option></select>');
    expect(raised(() => collectionSelect(view, "post", "x", [item], "id", "name", F()))).toBe(frozenError);
    expect(collectionSelect(view, "post", "x", [item], "id", "name", {}, F()).toString()).toBe('<select class="c" name="post[x]" id="post_x"><option value="1">a</option></select>');
    expect(raised(() => groupedCollectionSelect(view, "post", "x", [], "a", "b", "id", "name", F()))).toBe(frozenError);
    expect(groupedCollectionSelect(view, "post", "x", [], "a", "b", "id", "name", {}, F()).toString()).toBe('<select class="c" name="post[x]" id="post_x"></select>');
    expect(raised(() => collectionCheckBoxes(view, "post", "x", [item], "id", "name", F()))).toBe(frozenError);
    expect(collectionCheckBoxes(view, "post", "x", [item], "id", "name", {}, F()).toString()).toBe(
      '<input type="hidden" name="post[x][]" value="" autocomplete="off" /><input class="c" type="checkbox" value="1" name="post[x][]" id="post_x_1" /><label for="post_x_1">a</label>',
    );
    expect(raised(() => collectionRadioButtons(view, "post", "x", [item], "id", "name", F()))).toBe(frozenError);
    expect(collectionRadioButtons(view, "post", "x", [item], "id", "name", {}, F()).toString()).toBe(
      '<input type="hidden" name="post[x]" value="" autocomplete="off" /><input class="c" type="radio" value="1" name="post[x]" id="post_x_1" /><label for="post_x_1">a</label>',
    );
  });

  it("date_select's options: FrozenError", () => {
    expect(raised(() => dateSelect(view, "post", "x", F()))).toBe(frozenError);
  });
});
