import { OutputBuffer, unsupported, type SafeString, type View } from "rails2ts/runtime";
export default function render(view: View, locals: Record<string, unknown>): SafeString {
  const out = new OutputBuffer();
  out.append(unsupported("form_with"));
  return out.toSafeString();
}
