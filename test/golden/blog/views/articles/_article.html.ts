import { readLocal, type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend('<div id="');
  out.append(view.domId(readLocal(locals, "article") as Article));
  out.safeAppend('">\n  <p>\n    <strong>Title:</strong>\n    ');
  out.append((readLocal(locals, "article") as Article).title);
  out.safeAppend("\n  </p>\n\n  <p>\n    <strong>Body:</strong>\n    ");
  out.append((readLocal(locals, "article") as Article).body);
  out.safeAppend("\n  </p>\n\n</div>\n");
  return out.toSafeString();
}
