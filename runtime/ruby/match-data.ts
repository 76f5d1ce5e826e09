// Ruby's MatchData, for String#match / Regexp#match: `m[1]`, `m[:name]`, captures, named_captures, pre/post_match.
import { RubySymbol, toS } from "./ruby.js";

export class MatchData {
  static readonly rubyName = "MatchData";
  constructor(private readonly m: RegExpExecArray, readonly string: string) {}

  /** m[i] / m[:name] / m["name"]. */
  "[]"(key: unknown): string | null {
    if (typeof key === "number") return this.m[key < 0 ? this.m.length + key : key] ?? null;
    const name = key instanceof RubySymbol ? key.name : toS(key);
    if (!this.m.groups || !(name in this.m.groups)) throw new Error(`undefined group name reference: ${name}`);
    return this.m.groups[name] ?? null;
  }

  get captures(): Array<string | null> {
    return this.m.slice(1).map((c) => c ?? null);
  }

  get namedCaptures(): Record<string, string | null> {
    return Object.fromEntries(Object.entries(this.m.groups ?? {}).map(([k, v]) => [k, v ?? null]));
  }

  get names(): string[] {
    return Object.keys(this.m.groups ?? {});
  }

  get preMatch(): string {
    return this.string.slice(0, this.m.index);
  }

  get postMatch(): string {
    return this.string.slice(this.m.index + this.m[0].length);
  }

  toA(): Array<string | null> {
    return [...this.m].map((c) => c ?? null);
  }

  toS(): string {
    return this.m[0];
  }

  toString(): string {
    return this.m[0];
  }

  begin(n: number): number {
    return n === 0 ? this.m.index : this.string.indexOf(this.m[n] ?? "", this.m.index);
  }
}

/** String#match(pattern, pos = 0) { |m| ... }: the MatchData (or the block's value with it), nil when no match. */
export function stringMatch(str: unknown, pattern: unknown, ...rest: unknown[]): unknown {
  const block = typeof rest[rest.length - 1] === "function" ? (rest.pop() as (m: MatchData) => unknown) : null;
  const pos = rest.length ? Number(rest[0]) : 0;
  const s = String(str);
  const re = pattern instanceof RegExp ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, "") + "g") : new RegExp(toS(pattern), "g");
  re.lastIndex = pos;
  const m = re.exec(s);
  if (!m) return null;
  const data = new MatchData(m, s);
  return block ? block(data) : data;
}
