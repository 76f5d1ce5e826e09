// ActionView::Template::Handlers::ERB::Erubi (actionview 7.2.4, template/handlers/erb/erubi.rb) on top of
// Erubi::Engine's private writers: turns the scanner's pieces into the Ruby source Rails evaluates, and records
// for every piece of that source where in the template it came from.
//
//   text                 " @output_buffer.safe_append='…'.freeze;"    ' and \ escaped; lone "\n"s held back
//   <%= expr %>          " @output_buffer.append=( expr );"           (`.safe_expr_append=` for <%== or escape)
//   <%= call do |f| %>   " @output_buffer.append=  call do |f| ;"     BLOCK_EXPR: no parentheses
//   <% code %>           " code ;" or "code\n" (the trimmed line's own newline ends the statement)
//   end of template      "\n" unless already there, then "@output_buffer"
import type { ErbSink, Piece } from "./scanner.js";

/** A stretch of the generated Ruby and the template offset it maps to. */
export interface Segment {
  rubyStart: number;
  rubyEnd: number;
  erbStart: number;
  /** Verbatim copy: offset k into the stretch is offset k into the template. Otherwise all of it maps to erbStart. */
  exact: boolean;
}

const BUFVAR = "@output_buffer";
// Template.frozen_string_literal is false by default, so Erubi suffixes every literal with .freeze.
const TEXT_END = "'.freeze";
// Rails' BLOCK_EXPR /((\s|\))do|\{)(\s*\|[^|]*\|)?\s*\Z/ with Ruby's ASCII-only \s spelled out.
const BLOCK_EXPR = /(([ \t\n\v\f\r]|\))do|\{)([ \t\n\v\f\r]*\|[^|]*\|)?[ \t\n\v\f\r]*$/;

export class BufferWriter implements ErbSink {
  src = "";
  readonly segments: Segment[] = [];
  private newlinePending = 0;
  private pendingAt = 0;

  /** `escape` is the handler's escape option: true for text/plain templates, where `<%=` does not escape. */
  constructor(private readonly escape: boolean) {}

  addText(text: string, at: number): void {
    if (text === "") return;
    // A text that is one newline is held back and merged into the next literal (fewer appends).
    if (text === "\n") {
      if (this.newlinePending === 0) this.pendingAt = at;
      this.newlinePending++;
      return;
    }
    const from = this.newlinePending > 0 ? this.pendingAt : at;
    this.withBuffer(from, () => {
      this.emit(".safe_append='", from);
      this.emit("\n".repeat(this.newlinePending), this.pendingAt);
      this.emit(text.replace(/['\\]/g, "\\$&"), at);
      this.emit(TEXT_END, at);
    });
    this.newlinePending = 0;
  }

  addExpression(indicator: "=" | "==", code: Piece, tagAt: number): void {
    this.flushNewlinePending();
    this.withBuffer(tagAt, () => {
      this.emit(indicator === "==" || this.escape ? ".safe_expr_append=" : ".append=", tagAt);
      const block = BLOCK_EXPR.test(code.text);
      this.emit(block ? " " : "(", tagAt);
      this.emitPiece(code);
      if (!block) this.emit(")", tagAt);
    });
  }

  addCode(pieces: Piece[], tagAt: number): void {
    this.flushNewlinePending();
    for (const piece of pieces) this.emitPiece(piece);
    const code = pieces.map((p) => p.text).join("");
    if (!code.endsWith("\n")) this.emit(";", tagAt);
  }

  finish(at: number): void {
    if (!this.src.endsWith("\n")) this.emit("\n", at);
    this.flushNewlinePending();
    this.emit(BUFVAR, at);
  }

  private flushNewlinePending(): void {
    if (this.newlinePending === 0) return;
    const at = this.pendingAt;
    this.withBuffer(at, () => this.emit(`.safe_append='${"\n".repeat(this.newlinePending)}${TEXT_END}`, at));
    this.newlinePending = 0;
  }

  /** Erubi's with_buffer without chain_appends: " @output_buffer" + body + ";". */
  private withBuffer(at: number, body: () => void): void {
    this.emit(` ${BUFVAR}`, at);
    body();
    this.emit(";", at);
  }

  private emitPiece(piece: Piece): void {
    this.emit(piece.text, piece.at, piece.exact);
  }

  private emit(text: string, at: number, exact = false): void {
    if (text === "") return;
    const last = this.segments.at(-1);
    // Consecutive generated text for the same template offset is one segment.
    if (last && !exact && !last.exact && last.erbStart === at && last.rubyEnd === this.src.length) {
      last.rubyEnd += text.length;
    } else {
      this.segments.push({ rubyStart: this.src.length, rubyEnd: this.src.length + text.length, erbStart: at, exact });
    }
    this.src += text;
  }
}
