// The two magic comments Rails reads from an ERB template before compiling it.
//
//   <%# encoding: utf-8 %>   ERB handler's ENCODING_TAG: removed (with the blanks after it) from the start of the
//                            source the handler compiles; our sources are UTF-8 strings, so only the cut matters
//   <%# locals: (a:, b: 1) %> Template#strict_locals!: the compiled method's keyword signature. Rails' sub! of it
//                            works on a fresh read of the file, so the comment stays in what the handler compiles
//                            (it compiles as an ordinary ERB comment); we only report the signature.

// ENCODING_TAG = /\A(<%#{ENCODING_FLAG}-?%>)[ \t]*/ with ENCODING_FLAG '#.*coding[:=]\s*(\S+)[ \t]*', matched on
// the binary source without /m: `.` stops at "\n" only, and \s / \S are ASCII.
const ENCODING_TAG = /^(<%#[^\n]*coding[:=][ \t\n\v\f\r]*([^ \t\n\v\f\r]+)[ \t]*-?%>)[ \t]*/;

// STRICT_LOCALS_REGEX = /\#\s+locals:\s+\((.*?)\)(?=\s*-?%>|\s*$)/m; Ruby's `$` is "before \n or at the end".
const STRICT_LOCALS = /#[ \t\n\v\f\r]+locals:[ \t\n\v\f\r]+\(([\s\S]*?)\)(?=[ \t\n\v\f\r]*-?%>|[ \t\n\v\f\r]*(?:\n|(?![\s\S])))/;

/** The length of the leading encoding tag Rails' ERB handler cuts off (0 when there is none). */
export function encodingTagLength(source: string): number {
  return ENCODING_TAG.exec(source)?.[0].length ?? 0;
}

/**
 * The strict-locals signature as Template#strict_locals! returns it: the text inside `locals: (…)` with trailing
 * blanks removed, `**nil` when empty (no locals allowed), null when the template declares none.
 */
export function strictLocalsOf(source: string): string | null {
  const m = STRICT_LOCALS.exec(source);
  if (!m) return null;
  const signature = (m[1] ?? "").replace(/[\0\t\n\v\f\r ]+$/, "");
  return /^\s*$/.test(signature) ? "**nil" : signature;
}
