// Erubi::Engine's scanning loop (erubi 1.13.1, lib/erubi.rb, Engine#initialize), ported statement by statement:
// it splits the template into text and tags and decides, per tag, which whitespace around it belongs to the code
// (the "trim" of lines that hold only a code tag). What each piece turns into is the sink's business
// (BufferWriter = ActionView's Erubi subclass), exactly as Erubi leaves it to add_text/add_code/add_expression.
//
//   <%= x %>  <%== x %>   add_expression(indicator, code)    `-%>`/`=%>` drop the newline that follows
//   <% x %>   <%- x %>    add_code(lspace + code + rspace)   when the tag is alone on its line, else text
//   <%# x %>              add_code("\n" * newlines)          keeps Ruby line numbers in step with the .erb
//   <%% x %>              add_text("<% x %>")                a literal tag

/** A run of the template's characters: `at` is its offset in the scanned input. */
export interface Piece {
  text: string;
  at: number;
  /** true when `text` is copied verbatim from the input at `at` (so positions inside it map exactly). */
  exact: boolean;
}

/** The add_* hooks of Erubi::Engine, each told where in the input the tag or text began. */
export interface ErbSink {
  addText(text: string, at: number): void;
  addExpression(indicator: "=" | "==", code: Piece, tagAt: number): void;
  addCode(pieces: Piece[], tagAt: number): void;
  /** `src << "\n" unless src ends with "\n"`, then add_postamble. */
  finish(at: number): void;
}

// Erubi::Engine::DEFAULT_REGEXP; Ruby's /m (dot matches newline) is [\s\S] here. Both engines backtrack in the
// same leftmost, priority order, so the lazy code group stops at the same `%>`.
const TAG = /<%(={1,2}|-|#|%)?([\s\S]*?)([-=])?%>([ \t]*\r?\n)?/g;
const BLANK = /^[ \t]*$/;

export function scanErb(input: string, sink: ErbSink, trim = true): void {
  let pos = 0;
  let isBol = true;
  for (const m of input.matchAll(TAG)) {
    const [whole, indicator, code = "", tailch, rspaceMatched] = m;
    const start = m.index;
    const textAt = pos;
    pos = start + whole.length;
    const ch = indicator?.[0];
    const { text, lspace } = ch === "=" ? { text: input.slice(textAt, start), lspace: undefined } : splitLeadingSpace(input.slice(textAt, start), isBol);
    const lspaceAt = start - (lspace?.length ?? 0);
    let rspace: string | undefined = rspaceMatched;
    const rspaceAt = pos - (rspace?.length ?? 0);
    const codePiece: Piece = { text: code, at: start + 2 + (indicator?.length ?? 0), exact: true };
    isBol = rspace !== undefined;
    sink.addText(text, textAt);
    if (ch === "=") {
      if (tailch) rspace = undefined;
      sink.addExpression(indicator as "=" | "==", codePiece, start);
      if (rspace !== undefined) sink.addText(rspace, rspaceAt);
    } else if (ch === "%") {
      const literal = `${lspace ?? ""}<%${code}${tailch ?? ""}%>${rspace ?? ""}`;
      sink.addText(literal, lspace !== undefined ? lspaceAt : start);
    } else {
      // Code and comment tags share the trim rule; a comment's code is only its newlines.
      const body: Piece =
        ch === "#" ? { text: "\n".repeat(countNewlines(code) + (rspace !== undefined ? 1 : 0)), at: start, exact: false } : codePiece;
      if (trim && lspace !== undefined && rspace !== undefined) {
        const pieces = ch === "#" ? [body] : [{ text: lspace, at: lspaceAt, exact: true }, body, { text: rspace, at: rspaceAt, exact: true }];
        sink.addCode(pieces, start);
      } else {
        if (lspace !== undefined) sink.addText(lspace, lspaceAt);
        sink.addCode([body], start);
        if (rspace !== undefined) sink.addText(rspace, rspaceAt);
      }
    }
  }
  sink.addText(input.slice(pos), pos);
  sink.finish(input.length);
}

/**
 * The `lspace` computation for non-`=` tags: the blanks between the last newline (or the start of the template,
 * when the previous tag ended its line) and the tag. `lspace` undefined means the tag shares its line with text,
 * so it is not trimmed; "" means it starts its line.
 */
function splitLeadingSpace(text: string, isBol: boolean): { text: string; lspace: string | undefined } {
  if (text === "") return { text, lspace: isBol ? "" : undefined };
  if (text.endsWith("\n")) return { text, lspace: "" };
  const rindex = text.lastIndexOf("\n");
  if (rindex >= 0) {
    const tail = text.slice(rindex + 1);
    return BLANK.test(tail) ? { text: text.slice(0, rindex + 1), lspace: tail } : { text, lspace: undefined };
  }
  return isBol && BLANK.test(text) ? { text: "", lspace: text } : { text, lspace: undefined };
}

function countNewlines(s: string): number {
  let n = 0;
  for (const c of s) if (c === "\n") n++;
  return n;
}
