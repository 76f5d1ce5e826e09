import { each, readLocal, type ErrorEntry, type FormBuilder, type SafeString, type View } from "rails2ts/runtime";
import { type Article } from "../../models/article.js";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.append(
    view.formWith({ model: readLocal(locals, "article") as Article }, (form: FormBuilder) => {
      out.safeAppend("\n");
      if ((readLocal(locals, "article") as Article).errors.isAny()) {
        out.safeAppend('    <div style="color: red">\n      <h2>');
        out.append(view.pluralize((readLocal(locals, "article") as Article).errors.count(), "error"));
        out.safeAppend(" prohibited this article from being saved:</h2>\n\n      <ul>\n");
        for (const error of each<ErrorEntry>((readLocal(locals, "article") as Article).errors)) {
          out.safeAppend("          <li>");
          out.append(error.fullMessage());
          out.safeAppend("</li>\n");
        }
        out.safeAppend("      </ul>\n    </div>\n");
      }
      out.safeAppend("\n  <div>\n    ");
      out.append(form.label("title", { style: "display: block" }));
      out.safeAppend("\n    ");
      out.append(form.textField("title"));
      out.safeAppend("\n  </div>\n\n  <div>\n    ");
      out.append(form.label("body", { style: "display: block" }));
      out.safeAppend("\n    ");
      out.append(form.textArea("body"));
      out.safeAppend("\n  </div>\n\n  <div>\n    ");
      out.append(form.submit());
      const written1 = "\n  </div>\n";
      out.safeAppend(written1);
      return written1;
    }),
  );
  return out.toSafeString();
}
