// Vectors the harness does not run, each with the reason (test support for view-helpers.test.ts).
// An entry is a limit of the value lowering or a feature owned elsewhere, never a helper bug left unfixed.
const LOWERING = "lowering: ";
const ELSEWHERE = "owned elsewhere: ";

export const KNOWN_GAPS: Record<string, string> = {
  // A Ruby Hash may hold both :class and "class"; a JS object cannot.
  'tag.div(class: "a", "class" => "b")': LOWERING + "symbol and string keys collapse into one object key",
  // Symbols are lowered to strings, so f.button :title (a field name) reads as the caption "title".
  "form_with(model: @article) { |f| f.button :title }": LOWERING + "Symbol argument indistinguishable from a String",
  // Floats with an integral value and BigDecimals are JS numbers: 1.0 prints as 1.
  'pluralize(1.0, "item")': LOWERING + "Float 1.0 arrives as the number 1",
  'pluralize(BigDecimal("1"), "unit")': LOWERING + "BigDecimal arrives as a number",
  '{ bd: BigDecimal("1.10") }.to_json': LOWERING + "BigDecimal arrives as a number (record decimals use runtime/ruby/big-decimal.ts)",
  "{ f1: 1.0, f2: 100.0, f3: 1e20, f4: 1.5e-7 }.to_json": LOWERING + "Float 1.0 arrives as the number 1",
  '{ a: "<b>" }.as_json.inspect': LOWERING + "string keys of as_json print as symbols (keys are untyped strings)",
  "I18n.available_locales.first(3).inspect": LOWERING + "Symbols inspect as strings",
  "self.class.sanitizer_vendor.name": "Ruby class introspection (the vendor is fixed: Rails::HTML5)",
  // content_for/provide are View methods (runtime/app/view.ts); concat writes to the template's buffer.
  'content_for(:title, "T <1>"); content_for(:title)': ELSEWHERE + "runtime/app/view.ts contentFor",
  'content_for(:x, "<a>"); content_for(:x, "<b>".html_safe); content_for(:x)': ELSEWHERE + "runtime/app/view.ts contentFor",
  'content_for(:x) { "block <c>" }; content_for(:x)': ELSEWHERE + "runtime/app/view.ts contentFor",
  "content_for?(:nothing)": ELSEWHERE + "runtime/app/view.ts isContentFor",
  "content_for(:nothing)": ELSEWHERE + "runtime/app/view.ts contentFor",
  'provide(:title, "P <1>"); content_for(:title)': ELSEWHERE + "runtime/app/view.ts provide",
  'concat("<x>"); output_buffer.to_s': ELSEWHERE + "the compiled template's OutputBuffer (append)",
  'safe_concat("<x>"); output_buffer.to_s': ELSEWHERE + "the compiled template's OutputBuffer (safeAppend)",
};
