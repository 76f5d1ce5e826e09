// Compares one response of ours with Rails' recorded one: status, Location, Content-Type, and the body byte for
// byte after the forgiven CSRF values are blanked on both sides. Reports a unified diff for bodies.
import { normalizeForgiven } from "./forgiven.js";
import { unifiedDiff } from "./unified.js";

/** What is compared: a replayed response or a recorded reference one. */
export interface ComparableResponse {
  name: string;
  status: number;
  location: string | null;
  contentType: string | null;
  body: Buffer;
  /** SQL statements the server reported for this request through the SQL log; null when it reported none. */
  sqlCount: number | null;
  /** The names of the cookies the response set, for steps that ask (scenario `setCookies`). */
  setCookies?: string[];
}

export interface Comparison {
  name: string;
  identical: boolean;
  /** One line per differing header field, e.g. `status: rails 302, ours 200`. */
  fieldDifferences: string[];
  /** Unified diff of the normalized bodies (rails first), "" when the bodies match. */
  bodyDiff: string;
}

export function compareResponses(rails: ComparableResponse, ours: ComparableResponse): Comparison {
  const fieldDifferences: string[] = [];
  const field = (label: string, expected: unknown, actual: unknown): void => {
    if (expected !== actual) {
      fieldDifferences.push(`${label}: rails ${JSON.stringify(expected)}, ours ${JSON.stringify(actual)}`);
    }
  };
  field("status", rails.status, ours.status);
  field("location", rails.location, ours.location);
  field("content-type", rails.contentType, ours.contentType);
  if (rails.setCookies !== undefined || ours.setCookies !== undefined) field("set-cookie", rails.setCookies?.join(", "), ours.setCookies?.join(", "));
  const bodyDiff = diffBodies(rails.body, ours.body, rails.name);
  return { name: rails.name, identical: fieldDifferences.length === 0 && bodyDiff === "", fieldDifferences, bodyDiff };
}

/** "" when the bodies are equal once forgiven values are blanked; else a unified diff. */
export function diffBodies(rails: Buffer, ours: Buffer, name: string): string {
  const a = normalizeForgiven(rails);
  const b = normalizeForgiven(ours);
  if (a.equals(b)) return "";
  const text = unifiedDiff(a.toString("utf8"), b.toString("utf8"), `rails/${name}`, `ours/${name}`);
  // Bytes that differ but decode to the same text (invalid UTF-8) still must not pass silently.
  return text !== "" ? text : `Binary bodies rails/${name} and ours/${name} differ\n`;
}
