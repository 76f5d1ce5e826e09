import { readLocal, type SafeString, type View } from "rails2ts/runtime";
import { type Comment } from "../../models/comment.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend('<div id="');
  out.append(view.domId(readLocal(locals, "comment") as Comment));
  out.safeAppend('">\n  <p>\n    <strong>Article:</strong>\n    ');
  out.append((readLocal(locals, "comment") as Comment).article_id);
  out.safeAppend("\n  </p>\n\n  <p>\n    <strong>Commenter:</strong>\n    ");
  out.append((readLocal(locals, "comment") as Comment).commenter);
  out.safeAppend("\n  </p>\n\n  <p>\n    <strong>Body:</strong>\n    ");
  out.append((readLocal(locals, "comment") as Comment).body);
  out.safeAppend("\n  </p>\n\n</div>\n");
  return out.toSafeString();
}
