// ERB template -> the Ruby source Rails 7.2 evaluates for it, with a map back to the template.
//
// "The template's Ruby" is exactly what ActionView::Template::Handlers::ERB#call returns (the `src` of
// ActionView's Erubi subclass), in Rails 7.2's default configuration: erb_trim_mode "-" (trim on),
// strip_trailing_newlines false, Template.frozen_string_literal false (literals end in `.freeze`), no
// annotate_rendered_view_with_filenames (production), escape only for text/plain templates. It starts with the
// first statement (the preamble is empty) and ends with the postamble `@output_buffer`. Template#compiled_source
// later wraps it in `def _app_views_…(local_assigns, output_buffer, &_); @virtual_path = "…";<locals>;<src> end`:
// that wrapper is the lowering's business, not part of this string.
//
// Source shapes the output is made of (see erb/buffer-writer.ts): ` @output_buffer.safe_append='…'.freeze;`,
// ` @output_buffer.append=( expr );`, ` @output_buffer.safe_expr_append=( expr );`,
// ` @output_buffer.append=  call do |x| ;` (block forms), the code of `<% %>` tags verbatim, and `@output_buffer`.
import { BufferWriter } from "./erb/buffer-writer.js";
import { encodingTagLength, strictLocalsOf } from "./erb/magic-comments.js";
import { buildPositionMap, type ErbPositionMap } from "./erb/position-map.js";
import { scanErb, type ErbSink } from "./erb/scanner.js";
import { FAULT_SPEC, faultPoint, tag } from "./crash.js";
import type { Span } from "./ir.js";

export type { ErbPosition, ErbPositionMap } from "./erb/position-map.js";

export interface ErbSource {
  ruby: string;
  map: ErbPositionMap;
  /** `<%# locals: (…) %>` as Template#strict_locals! reads it; null when the template declares no strict locals. */
  strictLocals: string | null;
}

export interface ErbOptions {
  /** The handler's escape option; by default true exactly for text/plain templates (format `text`). */
  escape?: boolean;
}

export function compileErb(source: string, file: string, options: ErbOptions = {}): ErbSource {
  const cut = encodingTagLength(source);
  const writer = new BufferWriter(options.escape ?? isPlainTextTemplate(file));
  scanErb(source.slice(cut), tagBoundary(writer, source, cut, file));
  return { ruby: writer.src, map: buildPositionMap(writer.segments, source, cut), strictLocals: strictLocalsOf(source) };
}

/**
 * Rails escapes `<%=` only in templates whose type is in escape_ignore_list (["text/plain"]). The type follows
 * the format in the file name, `name(.locale)(.format)(+variant).erb`, and text/plain is the `text` format.
 */
function isPlainTextTemplate(file: string): boolean {
  const parts = (file.split(/[\\/]/).pop() ?? "").split(".");
  if (parts.length < 3 || parts.at(-1) !== "erb") return false;
  return parts.at(-2)!.replace(/\+.*$/, "") === "text";
}

/**
 * The sink, with each tag a crash boundary: an exception while a tag is written names that tag's position
 * (parse/app.ts then leaves the template on its safe path: it raises when rendered).
 */
function tagBoundary(sink: ErbSink, source: string, cut: number, file: string): ErbSink {
  const at = (offset: number): Span => {
    const before = source.slice(0, cut + offset).split("\n");
    const line = before.length;
    const column = before[before.length - 1]!.length + 1;
    return { file, line, column, endLine: line, endColumn: column };
  };
  // Positions are computed only on a crash (or under fault injection): a 5 MB view scans in linear time.
  const tagged = <T>(offset: number, fn: () => T): T => {
    try {
      if (FAULT_SPEC) faultPoint("parse", "erb_tag", at(offset));
      return fn();
    } catch (err) {
      tag(err, at(offset), null);
      throw err;
    }
  };
  return {
    addText: (text, offset) => sink.addText(text, offset),
    addExpression: (indicator, code, tagAt) => tagged(tagAt, () => sink.addExpression(indicator, code, tagAt)),
    addCode: (pieces, tagAt) => tagged(tagAt, () => sink.addCode(pieces, tagAt)),
    finish: (offset) => sink.finish(offset),
  };
}
