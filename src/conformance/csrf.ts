// Reading the CSRF token a page hands to the browser, as the browser (or a JS client) sends it back.
// Rails 7.2 renders per-form tokens (per_form_csrf_tokens, on since load_defaults 5.0): a form's hidden token
// is valid only for that form's action and method, so a submission must take the token of the form it
// submits. The <meta name="csrf-token"> token is the session-wide one, valid for any request.

/** The form a step submits: its action path and effective method (`_method` when present). */
export interface FormTarget {
  path: string;
  method: string;
}

const FORM_BLOCK = /<form\b[^>]*>[\s\S]*?<\/form>/g;
const INPUT_TAG = /<input\b[^>]*>/g;
const META_TAG = /<meta\b[^>]*>/g;

/**
 * For a form submission: the hidden authenticity_token of the page's form with that action and method,
 * else the meta token. Without a target (JSON and header clients): the meta token, else the first form token.
 */
export function extractCsrfToken(html: string, target: FormTarget | null): string | null {
  if (target !== null) {
    for (const form of html.match(FORM_BLOCK) ?? []) {
      if (formMatches(form, target)) return hiddenInput(form, "authenticity_token");
    }
    return metaToken(html);
  }
  return metaToken(html) ?? hiddenInput(html, "authenticity_token");
}

function formMatches(form: string, target: FormTarget): boolean {
  const openTag = /^<form\b[^>]*>/.exec(form)![0];
  if (attribute(openTag, "action") !== target.path) return false;
  const method = hiddenInput(form, "_method") ?? attribute(openTag, "method") ?? "get";
  return method.toLowerCase() === target.method.toLowerCase();
}

function hiddenInput(html: string, name: string): string | null {
  for (const tag of html.match(INPUT_TAG) ?? []) {
    if (attribute(tag, "name") === name) return attribute(tag, "value");
  }
  return null;
}

function metaToken(html: string): string | null {
  for (const tag of html.match(META_TAG) ?? []) {
    if (attribute(tag, "name") === "csrf-token") return attribute(tag, "content");
  }
  return null;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]) : null;
}

// Attribute values reach the browser HTML-escaped; it sends them back decoded.
function decodeEntities(s: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (whole, entity: string) => named[entity] ?? whole);
}
