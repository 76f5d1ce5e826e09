import {
  OutputBuffer,
  each,
  readLocal,
  type ErrorEntry,
  type FormBuilder,
  type SafeString,
  type View,
} from "rails2ts/runtime";
import { type Comment } from "../../models/comment.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = new OutputBuffer();
  out.append(
    view.formWith(
      { model: [(readLocal(locals, "comment") as Comment).article, readLocal(locals, "comment") as Comment] },
      (form: FormBuilder) => {
        const out1 = new OutputBuffer();
        out1.safeAppend("\n");
        if ((readLocal(locals, "comment") as Comment).errors.isAny()) {
          out1.safeAppend('    <div style="color: red">\n      <h2>');
          out1.append(view.pluralize((readLocal(locals, "comment") as Comment).errors.count(), "error"));
          out1.safeAppend(" prohibited this comment from being saved:</h2>\n\n      <ul>\n");
          for (const error of each<ErrorEntry>((readLocal(locals, "comment") as Comment).errors)) {
            out1.safeAppend("          <li>");
            out1.append(error.fullMessage());
            out1.safeAppend("</li>\n");
          }
          out1.safeAppend("      </ul>\n    </div>\n");
        }
        out1.safeAppend("\n  <div>\n    ");
        out1.append(form.label("commenter", { style: "display: block" }));
        out1.safeAppend("\n    ");
        out1.append(form.textField("commenter"));
        out1.safeAppend("\n  </div>\n\n  <div>\n    ");
        out1.append(form.label("body", { style: "display: block" }));
        out1.safeAppend("\n    ");
        out1.append(form.textArea("body"));
        out1.safeAppend("\n  </div>\n\n  <div>\n    ");
        out1.append(form.submit());
        out1.safeAppend("\n  </div>\n");
        return out1.toSafeString();
      },
    ),
  );
  return out.toSafeString();
}
