import { or, type SafeString, type View } from "rails2ts/runtime";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend("<!DOCTYPE html>\n<html>\n  <head>\n    <title>");
  out.append(or(view.contentFor("title"), () => "Blog"));
  out.safeAppend(
    '</title>\n    <meta name="viewport" content="width=device-width,initial-scale=1">\n    <meta name="apple-mobile-web-app-capable" content="yes">\n    ',
  );
  out.append(view.csrfMetaTags());
  out.safeAppend("\n    ");
  out.append(view.cspMetaTag());
  out.safeAppend("\n\n    ");
  out.append(view.yieldContentFor("head"));
  out.safeAppend(
    '\n\n    <link rel="manifest" href="/manifest.json">\n    <link rel="icon" href="/icon.png" type="image/png">\n    <link rel="icon" href="/icon.svg" type="image/svg+xml">\n    <link rel="apple-touch-icon" href="/icon.png">\n    ',
  );
  out.append(view.stylesheetLinkTag("application"));
  out.safeAppend("\n  </head>\n\n  <body>\n    ");
  out.append(view.yieldContent());
  out.safeAppend("\n  </body>\n</html>\n");
  return out.toSafeString();
}
