// A browser's cookie jar, reduced to what a replay against one host needs: name -> value, deletions honoured.
// Paths and domains are ignored because every scenario request goes to the same host under "/".

import type { CookieTamper } from "./scenario.js";
import { tamperCookieValue } from "./tamper.js";

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Applies the Set-Cookie headers of one response. */
  store(setCookie: string[] | undefined): void {
    for (const header of setCookie ?? []) {
      const [pair, ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (isExpired(attributes)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A copy of the jar with one cookie altered (scenario steps' `cookie`, see tamper.ts); the jar is unchanged. */
  tampered(change: CookieTamper): CookieJar {
    const copy = new CookieJar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    const current = change.from !== undefined ? this.cookies.get(change.from) : this.cookies.get(change.name);
    const value = current === undefined ? null : change.from !== undefined ? current : tamperCookieValue(current, change.tamper!);
    if (value === null) copy.cookies.delete(change.name);
    else copy.cookies.set(change.name, value);
    return copy;
  }

  /** The Cookie request header, or null when the jar is empty. */
  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The names of the cookies Set-Cookie headers set, in order; a deletion as `name (deleted)`. */
export function setCookieNames(setCookie: string[] | undefined): string[] {
  return (setCookie ?? []).map((header) => {
    const [pair, ...attributes] = header.split(";");
    const name = pair.slice(0, Math.max(0, pair.indexOf("="))).trim();
    return isExpired(attributes) ? `${name} (deleted)` : name;
  });
}

// Rails deletes a cookie with max-age=0 and an expiry in 1970.
function isExpired(attributes: string[]): boolean {
  for (const attribute of attributes) {
    const [key, value = ""] = attribute.split("=", 2).map((s) => s.trim());
    if (/^max-age$/i.test(key) && Number(value) <= 0) return true;
    if (/^expires$/i.test(key) && Date.parse(value) <= Date.now()) return true;
  }
  return false;
}
