// A browser's cookie jar, reduced to what a replay against one host needs: name -> value, deletions honoured.
// Paths and domains are ignored because every scenario request goes to the same host under "/".

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

  /** The Cookie request header, or null when the jar is empty. */
  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
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
