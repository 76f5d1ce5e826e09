// The files of a view path (app/views) as the digestor reads them: every file, by its path under the directory,
// with its raw bytes (Rails digests Template::Sources::File#to_s, which is File.binread).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ViewFile } from "./view-paths.js";

/** Every file under `dir` (Dir.glob("**\/*") skips dotfiles, so do we), sorted by path. */
export function readViewFiles(dir: string): ViewFile[] {
  const out: ViewFile[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push({ path, source: readFileSync(join(dir, path)) });
    }
  };
  walk("");
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
