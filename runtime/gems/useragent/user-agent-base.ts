// The useragent gem's UserAgent::Browsers::Base: the list of a header's product tokens (a Ruby Array subclass),
// with what every browser answers. The browser families override parts of it (user-agent-browsers.ts,
// user-agent-media.ts); UserAgent.parse picks the family.
//   agents.browser / version / platform / os         agents.browser() / version() / platform() / os()
//   agents.mobile? / bot? / to_h / to_s              agents.isMobile() / isBot() / toH() / toS()
//   agents.first / last / length / product           agents.first() / last() / length() / product()   (Array's)
//   agents.chrome (method_missing: a token by name)  agents.productNamed("chrome")
import { rubyToTs } from "../../ruby/names.js";
import { NoMethodError } from "../../active-support/core-ext/core-send.js";
import { AgentComparable, normalizeOs, UserAgent, UserAgentVersion } from "./user-agent.js";

/** `re =~ s` where s may be nil (nil never matches). */
export function matches(re: RegExp, s: string | null | undefined): boolean {
  return typeof s === "string" && re.test(s);
}

/** The `application` of the WebKit-based families: the first token that has a non-empty comment. */
export function firstCommented(agents: readonly UserAgent[]): UserAgent | null {
  return agents.find((a) => a.comment !== null && a.comment.length > 0) ?? null;
}

/** The `os` the Chrome-like families share: Windows NT from the first part, else the second or third part. */
export function commentOs(comment: string[]): string | null {
  if (matches(/Windows NT/, comment[0])) return normalizeOs(comment[0]);
  if (comment[2] === undefined) return normalizeOs(comment[1]);
  if (matches(/Android/, comment[1])) return normalizeOs(comment[1]);
  return normalizeOs(comment[2]);
}

const IE_MOBILE = /(?<![^\n])IEMobile/;
const BOT = /bot/iu;

export class UserAgentBrowser extends AgentComparable {
  static rubyName = "UserAgent::Browsers::Base";

  constructor(readonly agents: readonly UserAgent[]) {
    super();
  }

  first(): UserAgent | null {
    return this.agents[0] ?? null;
  }

  last(): UserAgent | null {
    return this.agents[this.agents.length - 1] ?? null;
  }

  length(): number {
    return this.agents.length;
  }

  size(): number {
    return this.agents.length;
  }

  isEmpty(): boolean {
    return this.agents.length === 0;
  }

  toA(): UserAgent[] {
    return [...this.agents];
  }

  /** Array#product (PlatformAgent delegates `product` here): the cartesian product with the given arrays. */
  product(...others: unknown[][]): unknown[][] {
    let rows: unknown[][] = this.agents.map((a) => [a]);
    for (const other of others) rows = rows.flatMap((row) => other.map((x) => [...row, x]));
    return rows;
  }

  application(): UserAgent | null {
    return this.first();
  }

  browser(): string | null {
    return this.application()?.product ?? null;
  }

  version(): UserAgentVersion | null {
    return this.application()?.version ?? null;
  }

  platform(): string | null {
    return null;
  }

  os(): string | null {
    return null;
  }

  isMobile(): boolean {
    if (this.detectProduct("Mobile") || this.detectComment("Mobile")) return true;
    if (matches(/Android/, this.os())) return true;
    return Boolean(this.application()?.detectComment((c) => IE_MOBILE.test(c)));
  }

  isBot(): boolean {
    const application = this.application();
    if (!application) return true;
    if (this.detectCommentMatch(BOT)) return true;
    if (this.detectProduct("Chrome-Lighthouse")) return true;
    return application.product.includes("bot");
  }

  toH(): Record<string, unknown> | null {
    const application = this.application();
    if (!application) return null;
    const hash: Record<string, unknown> = { browser: this.browser(), platform: this.platform(), os: this.os(), mobile: this.isMobile(), bot: this.isBot() };
    hash.version = this.version()?.toA() ?? null;
    hash.comment = application.comment ? [...application.comment] : null;
    return hash;
  }

  toS(): string {
    return this.toStr();
  }

  toStr(): string {
    return this.agents.map((a) => a.toStr()).join(" ");
  }

  toRubyString(): string {
    return this.toStr();
  }

  /** <=>: the same browser compares by version; different browsers answer false. */
  compare(other: unknown): number | false | null {
    const o = other as { browser?: unknown; version?: unknown };
    if (typeof o?.browser !== "function" || this.browser() !== (o.browser as () => unknown).call(o)) return false;
    const version = this.version();
    const theirs = UserAgentVersion.of((o.version as () => unknown).call(o));
    return version === null ? null : version.compare(theirs);
  }

  isEql(other: unknown): boolean {
    return this.isEqual(other);
  }

  /** respond_to?: a token of that product name answers, as method_missing makes it one. */
  respondTo(name: string): boolean {
    return this.detectProduct(name) !== null || rubyToTs(name) in this;
  }

  /** method_missing: the token of that product name (case-insensitive), or NoMethodError. */
  productNamed(name: string): UserAgent {
    const agent = this.detectProduct(name);
    if (!agent) throw new NoMethodError(`undefined method '${name}' for an instance of ${(this.constructor as typeof UserAgentBrowser).rubyName}`);
    return agent;
  }

  detectProduct(product: string): UserAgent | null {
    const name = product.toLowerCase();
    return this.agents.find((a) => a.product.toLowerCase() === name) ?? null;
  }

  detectComment(comment: string): UserAgent | null {
    return this.agents.find((a) => a.detectComment((c) => c === comment)) ?? null;
  }

  /** The match of the first comment part (of any token) the pattern matches. */
  detectCommentMatch(re: RegExp): RegExpExecArray | null {
    let match: RegExpExecArray | null = null;
    this.agents.find((a) => a.detectComment((c) => (match = re.exec(c))));
    return match;
  }
}
