// Journey path specs (`/posts/:id(.:format)`): parsed once into parts, then matched with the regexp
// Journey::Path::Pattern::AnchoredRegexp builds and formatted back into paths as Journey::Format does
// (a group renders only when every parameter inside it has a value).
import { isUtf8 } from "node:buffer";
import { escapePath, escapeSegment } from "./url.js";

export type PathPart =
  | { type: "literal"; text: string }
  | { type: "symbol"; name: string }
  | { type: "star"; name: string }
  | { type: "group"; parts: PathPart[] };

export interface CompiledPath {
  spec: string;
  parts: PathPart[];
  /** Segment names in order, as Route#segment_keys (duplicates removed). */
  names: string[];
  /** Names outside optional groups: generation fails without them. */
  requiredNames: string[];
  regexp: RegExp;
  /** Capture names, in capture-group order. */
  captures: string[];
}

// Journey::Scanner's token rules: `/ ( ) | .` are their own tokens, `:name`/`*name` are parameters.
export function parseSpec(spec: string): PathPart[] {
  let pos = 0;
  const parseSeq = (inGroup: boolean): PathPart[] => {
    const out: PathPart[] = [];
    while (pos < spec.length) {
      const rest = spec.slice(pos);
      if (rest[0] === "(") {
        pos++;
        out.push({ type: "group", parts: parseSeq(true) });
      } else if (rest[0] === ")") {
        if (!inGroup) throw new Error(`unbalanced ) in route ${spec}`);
        pos++;
        return out;
      } else if (/^[:*]\w/.test(rest)) {
        const m = /^([:*])(\w+)/.exec(rest)!;
        out.push({ type: m[1] === ":" ? "symbol" : "star", name: m[2] });
        pos += m[0].length;
      } else {
        const m = /^(?:[\w%\-~!$&'*+,;=@]|\\[:()])+/.exec(rest);
        const text = m ? m[0] : rest[0];
        out.push({ type: "literal", text: m ? text.replace(/\\/g, "") : text });
        pos += text.length;
      }
    }
    if (inGroup) throw new Error(`unbalanced ( in route ${spec}`);
    return out;
  };
  return parseSeq(false);
}

/** Compiles a spec with its requirements (regexp sources by segment name) into matcher and formatter data. */
export function compilePath(spec: string, requirements: Record<string, string>): CompiledPath {
  const parts = parseSpec(spec);
  const captures: string[] = [];
  const toRe = (list: PathPart[]): string =>
    list.map((part) => {
      switch (part.type) {
        case "literal": return part.text === "/" ? "/" : escapeRe(part.text);
        case "group": return `(?:${toRe(part.parts)})?`;
        case "symbol":
          captures.push(part.name);
          return requirements[part.name] !== undefined ? `(${nonCapturing(requirements[part.name])})` : "([^/.?]+)";
        case "star":
          captures.push(part.name);
          return requirements[part.name] !== undefined ? `(${nonCapturing(requirements[part.name])})` : "(.+)";
      }
    }).join("");
  const regexp = new RegExp(`^${toRe(parts)}$`, "s");
  const names = [...new Set(captures)];
  const optional = new Set<string>();
  const collectOptional = (list: PathPart[], inGroup: boolean) => {
    for (const p of list) {
      if (p.type === "group") collectOptional(p.parts, true);
      else if (inGroup && p.type !== "literal") optional.add(p.name);
    }
  };
  collectOptional(parts, false);
  return { spec, parts, names, requiredNames: names.filter((n) => !optional.has(n)), regexp, captures };
}

/** Matches a normalized path; returns decoded parameters (and whether all are valid UTF-8), or null. */
export function matchPath(path: CompiledPath, pathInfo: string): { params: Record<string, string>; validEncoding: boolean } | null {
  const m = path.regexp.exec(pathInfo);
  if (!m) return null;
  const params: Record<string, string> = {};
  let validEncoding = true;
  path.captures.forEach((name, i) => {
    if (m[i + 1] === undefined) return;
    const bytes = unescapeBytes(m[i + 1]);
    params[name] = bytes.toString("utf8");
    if (!isUtf8(bytes)) validEncoding = false;
  });
  return { params, validEncoding };
}

/** Journey::Format#evaluate: parameters are escaped (globs keep their slashes); a group with a missing one is dropped. */
export function formatPath(parts: PathPart[], values: Record<string, string>): string {
  let out = "";
  for (const part of parts) {
    if (part.type === "literal") out += part.text;
    else if (part.type === "group") out += formatPath(part.parts, values);
    else {
      const value = values[part.name];
      if (value === undefined || value === null) return "";
      out += part.type === "star" ? escapePath(value) : escapeSegment(value);
    }
  }
  return out;
}

/** Utils.unescape_uri: %XX to bytes (a `+` stays a plus), read as UTF-8. */
export function unescapeUri(s: string): string {
  return unescapeBytes(s).toString("utf8");
}

function unescapeBytes(s: string): Buffer {
  if (!s.includes("%")) return Buffer.from(s, "utf8");
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "%" && /^[a-zA-Z0-9]{2}$/.test(s.slice(i + 1, i + 3))) {
      // String#hex reads the leading hex digits only ("%1z" is byte 1, "%zz" byte 0), as Rails does.
      const hex = /^[0-9a-fA-F]*/.exec(s.slice(i + 1, i + 3))![0];
      bytes.push(hex ? parseInt(hex, 16) : 0);
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i], "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

// Offsets of Journey's MatchData assume a requirement adds no capture groups of its own; keep it that way.
function nonCapturing(source: string): string {
  return source.replace(/(?<!\\)\((?!\?)/g, "(?:");
}
