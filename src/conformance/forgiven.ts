// The ONE list of divergences from Rails that conformance forgives. Each entry blanks a value on both sides
// before comparing; anything not listed here that differs is a bug or a non-deterministic fixture.
//
// Only per-request CSRF tokens qualify: Rails masks the session's token with a fresh random pad on every
// render, so no two responses carry the same 86 characters, not even two Rails runs.

/** What a forgiven value becomes; the same whatever the original length. */
export const FORGIVEN_PLACEHOLDER = "[forgiven]";

export interface Forgiven {
  name: string;
  why: string;
  /** Replaces the forgiven values in a body decoded as latin1 (one char per byte, so nothing else moves). */
  normalize(body: string): string;
}

// `"` in HTML; `\"` when the HTML sits inside a JSON string.
const Q = String.raw`\\?"`;
// `<`/`>` in HTML; `\u003c`/`\u003e` as Rails' JSON encoder escapes them.
const LT = String.raw`(?:<|\\u003c)`;
const GT = String.raw`(?:>|\\u003e)`;

/** Blanks `valueAttr` in every `tag` whose `name` attribute is `name`, in any attribute order. */
function blankTagAttribute(tag: string, name: string, valueAttr: string): (body: string) => string {
  const tagPattern = new RegExp(`${LT}${tag}\\b(?:(?!${GT}).)*${GT}`, "gs");
  const namePattern = new RegExp(`\\sname=${Q}${name}${Q}`);
  const valuePattern = new RegExp(`(\\s${valueAttr}=${Q})[^"\\\\]*(${Q})`, "g");
  return (body) =>
    body.replace(tagPattern, (whole) =>
      namePattern.test(whole) ? whole.replace(valuePattern, `$1${FORGIVEN_PLACEHOLDER}$2`) : whole,
    );
}

export const FORGIVEN: readonly Forgiven[] = [
  {
    name: "csrf-meta-token",
    why: "csrf_meta_tags renders a freshly masked token per request",
    normalize: blankTagAttribute("meta", "csrf-token", "content"),
  },
  {
    name: "authenticity-token-input",
    why: "form_with/button_to hidden authenticity_token inputs carry a freshly masked token per form",
    normalize: blankTagAttribute("input", "authenticity_token", "value"),
  },
  {
    name: "authenticity-token-json",
    why: "the same token when an app hands it out as a JSON member",
    normalize: (body) => body.replace(/("authenticity_token"\s*:\s*")[^"\\]*(")/g, `$1${FORGIVEN_PLACEHOLDER}$2`),
  },
];

/** The body with every forgiven value replaced, byte for byte otherwise. */
export function normalizeForgiven(body: Buffer): Buffer {
  let text = body.toString("latin1");
  for (const entry of FORGIVEN) text = entry.normalize(text);
  return Buffer.from(text, "latin1");
}
