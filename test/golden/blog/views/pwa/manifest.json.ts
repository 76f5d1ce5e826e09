import { type SafeString, type View } from "rails2ts/runtime";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = view.outputBuffer;
  out.safeAppend(
    '{\n  "name": "Blog",\n  "icons": [\n    {\n      "src": "/icon.png",\n      "type": "image/png",\n      "sizes": "512x512"\n    },\n    {\n      "src": "/icon.png",\n      "type": "image/png",\n      "sizes": "512x512",\n      "purpose": "maskable"\n    }\n  ],\n  "start_url": "/",\n  "display": "standalone",\n  "scope": "/",\n  "description": "Blog.",\n  "theme_color": "red",\n  "background_color": "red"\n}\n',
  );
  return out.toSafeString();
}
