// Where the conformance lane finds things outside the fixture: the repository root (for the Ruby hooks in
// src/conformance/rails/) and the shared folder with the Rails chroot script.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The rails2ts checkout, found upward from this file so it works from src/ (vitest) and dist/ (tsc) alike. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "rails2ts") return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("rails2ts: package.json of the checkout not found above " + import.meta.url);
    dir = parent;
  }
}

/** env RAILS2TS_SHARED, else ../shared next to the checkout. */
export function sharedDir(): string {
  return resolve(process.env.RAILS2TS_SHARED ?? join(repoRoot(), "..", "shared"));
}

export function chrootScript(): string {
  const script = join(sharedDir(), "rails", "chroot.sh");
  if (!existsSync(script)) throw new Error(`Rails chroot script not found: ${script} (set RAILS2TS_SHARED)`);
  return script;
}

/** The Ruby side of the SQL-count protocol and the Puma wrapper. */
export function railsHooksDir(): string {
  return join(repoRoot(), "src", "conformance", "rails");
}

/** Where chroot.sh keeps the chroot (its own default), to undo our bind mount afterwards. */
export function chrootRoot(): string {
  return process.env.RAILS_CHROOT ?? "/opt/rails-chroot";
}
