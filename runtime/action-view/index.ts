// The public surface of the view runtime: what lowered templates import (re-exported by runtime/index.ts).
//
// Lowering contract (how Ruby values reach these helpers):
// - String/Symbol -> string, nil -> null, Integer/Float -> number (bigint past 2**53), true/false, Array -> array,
//   Hash -> plain object (insertion order), Range -> RubyRange, Time -> Date, Date -> RubyDate,
//   TimeWithZone/DateTime -> ZonedTime, durations -> Duration (or seconds). html_safe strings are SafeString.
// - Keyword arguments and option hashes are a trailing plain object; a block is the last argument, a function.
// - A block writes template text to the render's one OutputBuffer (`view.outputBuffer`, installed per template
//   render) and returns its Ruby value; helpers that take a block call capture(block), which takes what the block
//   wrote out of the buffer, or the block's value when that is blank (CaptureHelper#capture).
// - Helpers that need the request take the ViewHost first (linkTo(view, ...)); the rest take their arguments.
// - Values Ruby tells apart but the lowering cannot: `:back` as a URL is BACK; a Symbol `default:` of t() is
//   i18nKey("..."); records are objects implementing ViewRecord (host.ts), model classes ModelClass.
export * from "../active-support/safe.js";
export * from "../active-model/host.js";
export * from "./tag-options.js";
export * from "./tag.js";
export * from "./javascript.js";
export * from "./csrf.js";
export * from "./url.js";
export * from "./button-to.js";
export * from "./mail-to.js";
export * from "./record-identifier.js";
export * from "./config.js";
export * from "./form-tag.js";
export * from "./field-tags.js";
export * from "./form-options.js";
export * from "./form/instance-tag.js";
export * from "./form/fields.js";
export * from "./form/label.js";
export * from "./form/select.js";
export * from "./form/collection.js";
export * from "./form/builder.js";
export * from "./form/form-with.js";
export * from "./number.js";
export * from "./asset-url.js";
export * from "./asset-tag.js";
export * from "./date.js";
export * from "./sanitize.js";
export * from "./text.js";
export * from "./translation.js";
export * from "./date-select.js";
export { ActionViewBase } from "./view-class.js";
export * from "./cache/index.js";
