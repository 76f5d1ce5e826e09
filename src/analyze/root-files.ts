// The app's own files its code reads at run time through Rails.root, which the emitted project must carry (it is
// the compiled app's Rails.root):
//   Rails.root.join("app/assets/images/default.svg")      that file
//   Rails.root.join("app/assets/images/logos/#{name}")    the directory app/assets/images/logos/
//   Rails.root.join("config", "x.yml")                     config/x.yml
// Only what exists in the app is named, never its run-time state (storage/, tmp/, log/): those the app writes.
import { existsSync } from "node:fs";
import { join, normalize } from "node:path";
import type { ParsedApp } from "../parse/app.js";
import { walk, type Node } from "../parse/ir.js";

const RUNTIME_STATE = /^(storage|tmp|log|node_modules|\.git)(\/|$)/;

/** App-relative paths (files, or directories to copy whole) that `Rails.root.join(...)` calls name. */
export function rootFiles(parsed: ParsedApp): string[] {
  const found = new Set<string>();
  const sources = [...parsed.models, ...parsed.controllers, ...parsed.helpers, ...parsed.channels, ...parsed.lib, ...parsed.config, ...parsed.templates];
  for (const file of sources) {
    for (const stmt of file.body) {
      walk(stmt, (n) => {
        const path = joinedPrefix(n);
        if (path === null) return;
        const rel = normalize(path).replace(/\/$/, "");
        if (!rel || rel === "." || rel.startsWith("..") || rel.startsWith("/") || RUNTIME_STATE.test(rel)) return;
        if (existsSync(join(parsed.root, rel))) found.add(rel);
      });
    }
  }
  return [...found].sort();
}

/** The static part of a `Rails.root.join(args)` path: literal arguments joined, up to an interpolation's directory. */
function joinedPrefix(n: Node): string | null {
  if (n.kind !== "call" || n.method !== "join" || !isRailsRoot(n.receiver)) return null;
  const pieces: string[] = [];
  for (const arg of n.args) {
    if (arg.kind !== "str") break;
    const dynamic = arg.parts.findIndex((p) => typeof p !== "string");
    const text = (dynamic < 0 ? arg.parts : arg.parts.slice(0, dynamic)).join("");
    if (dynamic < 0) {
      pieces.push(text);
      continue;
    }
    // An interpolated part: the directory before it (`logos/#{name}` -> `logos/`).
    const cut = text.lastIndexOf("/");
    if (cut >= 0) pieces.push(text.slice(0, cut + 1));
    return pieces.length ? pieces.join("/") : null;
  }
  return pieces.length ? pieces.join("/") : null;
}

function isRailsRoot(n: Node | null): boolean {
  return n?.kind === "call" && n.method === "root" && n.args.length === 0 && n.receiver?.kind === "const" && n.receiver.name === "Rails" && n.receiver.scope === null;
}
