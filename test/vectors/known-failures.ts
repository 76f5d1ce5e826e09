// Vectors the compiled app does not yet answer as Rails did, each with its cause (test support for
// test/vectors.test.ts). A cause names the part of the compiler or runtime that owns the gap; an entry goes when
// its vector passes (the suite fails on a listed vector that passes). The actionview list applies to both
// load_defaults recordings; calls Rails raised on (.errors.json) are listed when they do not raise here.

const HOOKS =
  "lowering (src/lower/expr.ts, lead): Ruby operators, `[]` and ranges on values that are not both numbers fall to binop/index " +
  "(Time + n, SafeBuffer + s, Duration + Duration, String * n, s[0, 3], 1..5); lowerCoreBinary/Index/Range in " +
  "src/lower/core/operators.ts are ready for lowerBinary and the index/range cases to ask";
const FLOAT = "lowering (literals in src/lower/expr.ts, lead): a Float literal with an integral value (1.0, -0.0) arrives as a JS integer, so it prints and divides as an Integer";
const BIGINT = "lowering (literals in src/lower/expr.ts, lead): an Integer literal past 2**53 arrives as a rounded JS number, not a bigint";
const SYMBOL = "lowering limit: a Symbol arrives as a String (:x inspects as \"x\"; f.button :title reads the field name as a caption)";
const HASH_KEYS = "lowering limit: a Hash with both :class and \"class\" keys collapses into one JS object key";
const TO_S = "lowering (lowerTypedCall in src/lower/calls.ts, lead): `x.to_s` lowers to toS(x) before the core hook, so SafeBuffer#to_s loses html_safe";
const BACK = "lowering (view helper arguments, lead): `:back` arrives as the string \"back\", not runtime/view's BACK";
const SEQ = "lowering (src/lower/expr.ts, lead): a parenthesized statement sequence `(a; b)` used as a value";
const PARSER_QUOTE = "parser (src/parse/ruby.ts, lead): `\\'` in a single-quoted string keeps its backslash";
const BUFFER = "view lowering (lead): concat / safe_concat / output_buffer in a template are not lowered onto the template's OutputBuffer";
const CAPTURE = "runtime/app/view-helpers.ts binds capture as (block, ...args), but lowered calls pass the block last";
const FORM_BUILDER_PROPS = "lowering (typed FormBuilder calls in src/lower/calls.ts, lead): f.object_name and f.object are properties, lowered as method calls";
const POLYMORPHIC = "runtime (runtime/app/view.ts): polymorphic_url, edit_polymorphic_path and new_polymorphic_path are not View helpers (only polymorphicPath)";
const SCRIPT_NAME = "runtime/http router: script_name: is not prepended by the named route helpers";
const VIEW_CLASS = "runtime/app/view.ts: `self.class` in a view has no ActionView::Base class methods (sanitizer accessors)";
const FORGERY_TOKEN = "runtime/app/view.ts: request_forgery_protection_token is a ViewHost property View does not define, so the name reads as a partial local";
const BIGDECIMAL_DATA = "runtime/view/tag-options.ts: a BigDecimal data-* value is to_json'd (quoted) where Rails writes its to_s";
const NAME_ERROR = "view lowering (partialLocal, lead): an unknown receiver-less name reads an undefined partial local instead of raising NameError";
const L_MISSING = "runtime/support/localize.ts: l(date, format: :unknown) returns the missing-translation text where Rails raises I18n::MissingTranslationData";
const CONTROLLER_RENDERER = "lowering (lead): ApplicationController.renderer (the renderer object and its defaults) is not resolved";
const BROADCAST_STRING = "runtime/app/app.ts: renderBroadcast (ApplicationController.render, which broadcasts use) returns a plain String where Rails returns an html_safe SafeBuffer";
const SIGNED_GLOBAL_ID = "runtime/cable/global-id.ts: SignedGlobalID (to_signed_global_id) is not implemented; nothing in Turbo needs it";
const CLASS_INTROSPECTION = "Ruby class introspection (ActiveSupport::KeyGenerator.hash_digest_class) has no runtime counterpart; the key it yields is checked by the signed stream names";

const ACTIONVIEW: Record<string, string> = {
  "ERB::Util.html_escape(-0.0)": FLOAT,
  "h(1.0 / 3)": FLOAT,
  "h(123456789012345678901234567890)": BIGINT,
  "\"<b>\".html_safe + \"<i>\"": HOOKS,
  "\"<p>\".html_safe << \"<x>\"": HOOKS,
  "\"<p>%s</p>\".html_safe % \"<x>\"": HOOKS,
  "\"<p>%s %s</p>\".html_safe % [\"<x>\", \"<y>\".html_safe]": HOOKS,
  "\"<p>%{a}</p>\".html_safe % { a: \"<x>\" }": HOOKS,
  "\"<a>\".html_safe * 3": HOOKS,
  "\"<b>x</b>\".html_safe[0, 3]": HOOKS,
  "\"<b>\".html_safe.to_s": TO_S,
  "tag.div(class: \"a\", \"class\" => \"b\")": HASH_KEYS,
  "tag.div(data: { float: 1.5, big: BigDecimal(\"1.10\"), time: Time.utc(2024, 2, 15, 13, 0, 0), date: Date.new(2024, 2, 15) })": BIGDECIMAL_DATA,
  "link_to(\"/x\", class: \"c\") { tag.span(\"icon\") + \" Label\" }": HOOKS,
  "link_to \"Back\", :back": BACK,
  "form_with(model: @article) { |f| f.radio_button(:category, \"news\") + f.radio_button(:category, \"blog\") }": HOOKS,
  "form_with(model: @article) { |f| f.select :rating, 1..5 }": HOOKS,
  "form_with(model: @article) { |f| f.button :title }": SYMBOL,
  "form_with(model: @article) { |f| f.number_field :rating, in: 1..10, step: 1 }": HOOKS,
  "form_with(model: @article) { |f| f.range_field :rating, in: 0..10 }": HOOKS,
  "form_with(model: @article) { |f| f.fields_for(:comments, @comment) { |cf| cf.text_field(:body) + cf.hidden_field(:id) } }": HOOKS,
  "form_with(model: @article) { |f| f.text_field(:title) + f.text_area(:body) + f.submit }": HOOKS,
  "form_with(model: @invalid_article) { |f| f.label(:title) + f.text_field(:title) + f.number_field(:rating) + f.text_area(:body) }": HOOKS,
  "form_with(model: @article) { |f| f.object_name + \"|\" + f.object.class.name + \"|\" + f.field_id(:title) + \"|\" + f.field_name(:title) }": FORM_BUILDER_PROPS,
  "select_tag \"count\", options_for_select(1..3), class: \"s\", disabled: true": HOOKS,
  "number_field_tag \"n\", 5, in: 1..10, step: 2": HOOKS,
  "number_field_tag \"n\", 1.5, within: 1...3": HOOKS,
  "Article.model_name.i18n_key": SYMBOL,
  "articles_url(script_name: \"/app\")": SCRIPT_NAME,
  "url_for(:back)": BACK,
  "polymorphic_url(@article)": POLYMORPHIC,
  "polymorphic_url(@article, host: \"h.example\")": POLYMORPHIC,
  "edit_polymorphic_path(@article)": POLYMORPHIC,
  "new_polymorphic_path(Article)": POLYMORPHIC,
  "new_polymorphic_path([@article, Comment])": POLYMORPHIC,
  "truncate(\"x\" * 50)": HOOKS,
  "pluralize(1.0, \"item\")": FLOAT,
  "[cycle(\"a\", \"b\"), current_cycle, cycle(\"a\", \"b\"), (reset_cycle; cycle(\"a\", \"b\"))].join(\",\")": SEQ,
  "I18n.available_locales.first(3).inspect": SYMBOL,
  "number_to_currency(12345678901234567890)": BIGINT,
  "(Date.new(2024, 1, 31) + 1.month).to_s": HOOKS,
  "(Time.utc(2024, 2, 15, 13) - 1.day).to_fs(:db)": HOOKS,
  "(3.days + 2.hours).inspect": HOOKS,
  "(1.year + 2.months + 3.days).iso8601": HOOKS,
  "sanitize('\"quotes\" \\'single\\'')": PARSER_QUOTE,
  "self.class.full_sanitizer.sanitize(\"<b>x</b> &amp; y\")": VIEW_CLASS,
  "self.class.link_sanitizer.sanitize('<a href=\"x\">l</a>')": VIEW_CLASS,
  "self.class.safe_list_sanitizer.sanitize(\"<b>x</b><script>y</script>\")": VIEW_CLASS,
  "self.class.sanitizer_vendor.name": VIEW_CLASS,
  "self.class.sanitized_allowed_tags.to_a.sort.join(\" \")": VIEW_CLASS,
  "self.class.sanitized_allowed_attributes.to_a.sort.join(\" \")": VIEW_CLASS,
  "capture(\"<arg>\") { |a| a }": CAPTURE,
  "concat(\"<x>\"); output_buffer.to_s": BUFFER,
  "safe_concat(\"<x>\"); output_buffer.to_s": BUFFER,
  "{ sym: :abc, float: 1.0 / 3, big: 2**70, int: -5 }.to_json": FLOAT,
  "{ f1: 1.0, f2: 100.0, f3: 1e20, f4: 1.5e-7 }.to_json": FLOAT,
  "{ range: (1..3) }.to_json": HOOKS,
  "{ set: Set[1, 2] }.to_json": HOOKS,
  "{ a: \"<b>\" }.as_json.inspect": SYMBOL,
  "request_forgery_protection_token.to_s": FORGERY_TOKEN,
  "distance_of_time_in_words(Time.current, Time.current + 0)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 1)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 2)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 4)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 5)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 9)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 10)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 14)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 19)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 20)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 29)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 30)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 39)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 40)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 44)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 45)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 59)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 60)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 61)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 89)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 90)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 119)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 120)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 150)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 1769)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 1770)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 2669)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 2670)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 3600)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 5369)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 5370)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 7200)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 82800)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 86369)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 86370)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 151169)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 151170)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 172800)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 2591969)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 2591970)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 3887969)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 3888000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 5183969)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 5184000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 17280000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 31449600)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 31536000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 31622400)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 39398400)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 39484800)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 55123200)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 55209600)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 63072000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 63158400)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 315360000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 3153600000)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 0, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 1, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 4, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 5, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 9, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 10, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 19, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 20, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 39, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 40, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 59, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 60, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 89, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 90, include_seconds: true)": HOOKS,
  "time_ago_in_words(Time.current - 5)": HOOKS,
  "time_ago_in_words(Time.current + 5)": HOOKS,
  "time_ago_in_words(Time.current - 90)": HOOKS,
  "time_ago_in_words(Time.current + 90)": HOOKS,
  "time_ago_in_words(Time.current - 10800)": HOOKS,
  "time_ago_in_words(Time.current + 10800)": HOOKS,
  "time_ago_in_words(Time.current - 259200)": HOOKS,
  "time_ago_in_words(Time.current + 259200)": HOOKS,
  "time_ago_in_words(Time.current - 3456000)": HOOKS,
  "time_ago_in_words(Time.current + 3456000)": HOOKS,
  "time_ago_in_words(Time.current - 34560000)": HOOKS,
  "time_ago_in_words(Time.current + 34560000)": HOOKS,
  "time_ago_in_words(Time.current - 20, include_seconds: true)": HOOKS,
  "distance_of_time_in_words(Time.current + 3600, Time.current)": HOOKS,
  "distance_of_time_in_words(Time.current, 2.years.from_now + 6.months)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 50.minutes, scope: \"datetime.distance_in_words\")": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 1.year + 3.months)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 1.year + 9.months)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 30.5)": HOOKS,
  "distance_of_time_in_words(Time.current, Time.current + 29.99)": HOOKS,
  "<%= form_with model: @article do |f| %>\n  <%= f.collection_check_boxes :tag_ids, [[1, \"Ruby\"], [2, \"Rails\"]], :first, :last do |b| %>\n    <%= b.label { b.check_box + b.text } %>\n  <% end %>\n<% end %>\n": HOOKS,
  "l(Date.new(2024, 2, 5), format: :nonexistent)": L_MISSING,
  "action_cable_meta_tag": NAME_ERROR,
};

const TURBO_RAILS: Record<string, string> = {
  "@message.to_signed_global_id.class.name": SIGNED_GLOBAL_ID,
  "ActiveSupport::KeyGenerator.hash_digest_class.name": CLASS_INTROSPECTION,
  "turbo_stream.append(\"messages\", \"a\") + turbo_stream.remove(\"b\")": HOOKS,
  "ApplicationController.render(partial: \"messages/message\", locals: { message: @message })": BROADCAST_STRING,
  "Turbo::StreamsChannel.broadcast_render_to(@room, partial: \"messages/stream\", locals: { message: @message })": BROADCAST_STRING,
  "ApplicationController.renderer.defaults.inspect": CONTROLLER_RENDERER,
};

export const KNOWN_FAILURES: Record<string, Record<string, string>> = { actionview: ACTIONVIEW, "turbo-rails-2.0.0": TURBO_RAILS };

/** The listed cause for a call of a vector file; the actionview list applies to both load_defaults recordings. */
export function knownFailure(file: string, call: string): string | undefined {
  const family = file.startsWith("actionview") ? "actionview" : file;
  return KNOWN_FAILURES[family]?.[call];
}
