// View helpers: receiver-less calls in a template. Every helper is a method of the runtime's View, named by
// the one Ruby -> TS naming rule (link_to -> linkTo), so lowering needs no per-helper code except where Ruby
// syntax carries meaning: blocks that capture, `yield`, `render`'s shapes.
//
//   link_to "A", x, class: "c"       view.linkTo("A", x, { class: "c" })
//   form_with(model: a) do |form|    view.formWith({ model: a }, (form: FormBuilder) => { …capture… })
//   render a / render @list          view.render(a) / view.render(list)   (the runtime picks the partial)
//   render "form", article: @a       view.render("form", { article: … })
//   yield / yield :head              view.yieldContent() / view.contentFor("head")
import type { NodeOf } from "../../parse/ir.js";
import { lowerArgs } from "../calls.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { BOOL, STRING, UNKNOWN, type RType } from "../types.js";

/** Helpers the runtime View implements (Ruby names). Anything else is an `unknown_helper` diagnostic. */
export const VIEW_HELPERS = new Set([
  "link_to", "button_to", "form_with", "form_for", "content_tag", "tag", "dom_id", "dom_class", "pluralize",
  "csrf_meta_tags", "csp_meta_tag", "stylesheet_link_tag", "javascript_include_tag", "image_tag", "content_for",
  "content_for?", "provide", "notice", "alert", "flash", "params", "render", "raw", "h", "html_escape",
  "safe_join", "simple_format", "truncate", "time_ago_in_words", "distance_of_time_in_words",
  "number_with_delimiter", "number_to_currency", "url_for", "capture", "concat", "request", "cycle",
  "turbo_frame_tag", "turbo_stream_from", "mail_to", "label_tag", "text_field_tag", "hidden_field_tag",
  "submit_tag", "form_tag", "button_tag", "j", "escape_javascript", "sanitize", "strip_tags", "l", "t",
]);

/** Block parameter types of helpers that yield something typed. */
const BLOCK_TYPES: Record<string, RType[]> = {
  form_with: [{ k: "formBuilder" }],
  form_for: [{ k: "formBuilder" }],
};

const RETURNS: Record<string, RType> = { "content_for?": BOOL, dom_id: STRING, pluralize: STRING };

export function viewSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const env = scope.env;
  const m = call.method;
  if (m === "yield") return null;
  if (!VIEW_HELPERS.has(m)) return null;
  const args = lowerArgs(call.args, call.block, scope, BLOCK_TYPES[m] ?? []);
  return lit(`view.${rubyToTs(m)}(${args.join(", ")})`, RETURNS[m] ?? (m === "params" ? { k: "params" } : UNKNOWN));
}

