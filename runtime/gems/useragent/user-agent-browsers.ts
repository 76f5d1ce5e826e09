// The useragent gem's web browser families and UserAgent.parse, which splits a header into product tokens and
// hands them to the first family (in the gem's order, ALL) that claims them.
//   UserAgent.parse(request.user_agent)         UserAgentClass.parse(userAgent)        -> a UserAgentBrowser
//   UserAgent.parse(ua).browser / .platform     parsed.browser() / parsed.platform()
//   Mozilla/5.0 (Macintosh; ...) Chrome/120 ... ChromeBrowser: "Chrome", 120.0.0.0, "Macintosh", "OS X 10.15.7"
// A modern Edge (`Edg/120`) is Chrome to the gem; only the legacy `Edge/18` token makes Edge.
import { NoMethodError } from "../../active-support/core-ext/core-send.js";
import { toS } from "../../ruby/ruby.js";
import { commentOs, firstCommented, matches, UserAgentBrowser } from "./user-agent-base.js";
import { AppleCoreMediaBrowser, LibavformatBrowser, PlayStationBrowser, PodcastAddictBrowser, WindowsMediaPlayerBrowser } from "./user-agent-media.js";
import { IOS_VERSION, normalizeOs, rubyStrip, UserAgent, UserAgentVersion, WS } from "./user-agent.js";

export class EdgeBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::Edge";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.last()?.product === "Edge";
  }

  override browser() {
    return "Edge";
  }

  override version() {
    return this.last()!.version;
  }

  override platform() {
    return "Windows";
  }

  override os() {
    return normalizeOs(this.detectCommentMatch(WINDOWS_OS)?.[0] ?? "");
  }
}

const WINDOWS_OS = /Windows NT [\d.]+|Windows Phone (OS )?[\d.]+/;
const IE_VERSION = new RegExp(`(MSIE${WS}|rv:)([\\d.]+)`);

export class InternetExplorerBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::InternetExplorer";

  static claims(agents: UserAgentBrowser): boolean {
    const comment = agents.application()?.comment;
    return Boolean(comment && (matches(/MSIE/, comment[1]) || /Trident[^\n]+rv:/.test(comment.join("; "))));
  }

  private joined() {
    return this.application()!.comment!.join("; ");
  }

  override browser() {
    return "Internet Explorer";
  }

  override version() {
    return UserAgentVersion.of(IE_VERSION.exec(this.joined())?.[2] ?? null);
  }

  override platform() {
    return "Windows";
  }

  override os() {
    return normalizeOs(WINDOWS_OS.exec(this.joined())?.[0] ?? "");
  }
}

export class OperaBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::Opera";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.first()?.product === "Opera" || agents.application()?.product === "Opera" || agents.last()?.product === "OPR";
  }

  override browser() {
    return "Opera";
  }

  private isMini() {
    return /Opera Mini/.test(this.application()!.toStr());
  }

  override version(): UserAgentVersion | null {
    if (this.isMini()) {
      const part = this.application()!.comment?.find((c) => /Opera Mini/.test(c));
      return UserAgentVersion.of((part && /Opera Mini\/([\d.]+)/.exec(part)?.[1]) ?? null);
    }
    const product = this.detectProduct("Version") ?? this.detectProduct("OPR");
    return product ? product.version : super.version();
  }

  override platform(): string | null {
    const comment = this.application()!.comment;
    if (!comment) return null;
    return matches(/Windows/, comment[0]) ? "Windows" : comment[0] ?? null;
  }

  override isMobile() {
    return this.isMini();
  }

  override os(): string | null {
    const comment = this.application()!.comment;
    if (!comment) return null;
    return matches(/Windows/, comment[0]) ? normalizeOs(comment[0]) : comment[1] ?? null;
  }
}

export class WechatBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::WechatBrowser";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => /MicroMessenger/iu.test(a.product));
  }

  override browser() {
    return "Wechat Browser";
  }

  override version() {
    return UserAgentVersion.of(this.productNamed("MicroMessenger").version);
  }

  override platform(): string | null {
    const comment = this.application()?.comment;
    if (!comment) return null;
    if (matches(/iPhone/, comment[0])) return "iPhone";
    return comment.some((c) => /Android/.test(c)) ? "Android" : comment[0] ?? null;
  }

  override os(): string | null {
    const comment = this.application()?.comment;
    return comment ? commentOs(comment) : null;
  }
}

/** What Chrome and Vivaldi (each its own class in the gem, with the same three methods) read from the first comment. */
abstract class ChromiumBrowser extends UserAgentBrowser {
  override application() {
    return firstCommented(this.agents);
  }

  /** Windows, ChromeOS, Android, else the comment's first part. */
  override platform() {
    const comment = this.application()?.comment;
    if (!comment) return null;
    if (matches(/Windows/, comment[0])) return "Windows";
    if (comment.some((c) => /CrOS/.test(c))) return "ChromeOS";
    return comment.some((c) => /Android/.test(c)) ? "Android" : comment[0] ?? null;
  }

  override os() {
    const application = this.application();
    return application ? commentOs(application.comment!) : null;
  }
}

export class VivaldiBrowser extends ChromiumBrowser {
  static override rubyName = "UserAgent::Browsers::Vivaldi";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => a.product === "Vivaldi");
  }

  override browser() {
    return "Vivaldi";
  }

  override version() {
    return this.last()!.version;
  }
}

export class ChromeBrowser extends ChromiumBrowser {
  static override rubyName = "UserAgent::Browsers::Chrome";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => a.product === "Chrome" || a.product === "CriOS");
  }

  override browser() {
    return this.respondTo("Iron") ? "Iron" : "Chrome";
  }

  override version() {
    return UserAgentVersion.of(this.productNamed(this.detectProduct("CriOs") ? "crios" : "chrome").version);
  }
}

const WEBKIT_PRODUCT = /^AppleWebKit$/iu;
const WEBKIT_VERSION = /^(AppleWebKit)\/([\d.]+)/iu;

export class WebkitBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::Webkit";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => WEBKIT_PRODUCT.test(a.product) || a.detectComment((c) => WEBKIT_VERSION.test(c)));
  }

  override browser(): string | null {
    if (matches(/Android/, this.os())) return "Android";
    return this.platform() === "BlackBerry" ? "BlackBerry" : "Safari";
  }

  build(): UserAgentVersion {
    const webkit = this.webkit();
    if (!webkit) throw new NoMethodError("undefined method 'version' for nil");
    return webkit.version;
  }

  /** Safari before 3 sent no version: then iOS's, else the one its WebKit build shipped in. */
  override version(): UserAgentVersion | null {
    const product = this.detectProduct("Version");
    if (product) return product.version;
    const os = this.os();
    const ios = os === null ? null : /iOS ([\d.]+)/.exec(os);
    if (ios && this.browser() === "Safari") return UserAgentVersion.of(ios[1]!.replace(/_/g, "."));
    return UserAgentVersion.of(BUILD_VERSIONS[this.build().toS()] ?? null);
  }

  override application() {
    return firstCommented(this.agents);
  }

  override platform(): string | null {
    const comment = this.application()?.comment;
    if (!comment) return null;
    if (matches(/Windows/, comment[0])) return "Windows";
    if (comment[0] === "BB10") return "BlackBerry";
    return comment.some((c) => /Android/.test(c)) ? "Android" : comment[0] ?? null;
  }

  webkit(): UserAgent | null {
    const product = this.agents.find((a) => WEBKIT_PRODUCT.test(a.product));
    if (product) return product;
    const m = this.detectCommentMatch(WEBKIT_VERSION);
    return m ? new UserAgent(m[1]!, m[2]!) : null;
  }

  override os(): string | null {
    const comment = this.application()?.comment;
    if (!comment) return null;
    if (matches(/Windows NT/, comment[0]) || comment[2] === undefined || matches(/Android/, comment[1])) return commentOs(comment);
    return normalizeOs(comment.find((c) => IOS_VERSION.test(c)) ?? comment[2]);
  }
}

// Webkit::BuildVersions: the Safari versions of WebKit builds that sent no `Version/`.
const BUILD_VERSIONS: Record<string, string> = {
  "85.7": "1.0", "85.8.5": "1.0.3", "85.8.2": "1.0.3", "124": "1.2", "125.2": "1.2.2", "125.4": "1.2.3",
  "125.5.5": "1.2.4", "125.5.6": "1.2.4", "125.5.7": "1.2.4", "312.1.1": "1.3", "312.1": "1.3", "312.5": "1.3.1",
  "312.5.1": "1.3.1", "312.5.2": "1.3.1", "312.8": "1.3.2", "312.8.1": "1.3.2", "412": "2.0", "412.6": "2.0",
  "412.6.2": "2.0", "412.7": "2.0.1", "416.11": "2.0.2", "416.12": "2.0.2", "417.9": "2.0.3", "418": "2.0.3",
  "418.8": "2.0.4", "418.9": "2.0.4", "418.9.1": "2.0.4", "419": "2.0.4", "425.13": "2.2", "534.52.7": "5.1.2",
};

export class ITunesBrowser extends WebkitBrowser {
  static override rubyName = "UserAgent::Browsers::ITunes";

  static override claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => a.product === "iTunes");
  }

  override browser() {
    return "iTunes";
  }

  override version() {
    return this.productNamed("iTunes").version;
  }

  override os(): string | null {
    const full = this.fullOs();
    if (!matches(/Windows/, this.application()?.comment?.[0])) return super.os();
    const names = ["Windows 8.1", "Windows 8", "Windows 7", "Windows Vista", "Windows XP"];
    return names.find((name) => matches(new RegExp(name.replace(".", "\\.")), full)) ?? "Windows";
  }

  /** The comment's second part, with the ")" the token pattern cut off a trailing "(Build 7601" put back. */
  fullOs(): string | null {
    const comment = this.application()?.comment;
    if (!comment || comment.length <= 1) return null;
    return /\(Build [0-9]{4}$/.test(comment[1]!) ? `${comment[1]})` : comment[1]!;
  }
}

const GECKO_BROWSERS = ["PaleMoon", "Firefox", "Camino", "Iceweasel", "Seamonkey"];
const LINE_WINDOWS = /(?<![^\n])Windows /;
const LINE_ANDROID = /(?<![^\n])Android/;

export class GeckoBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::Gecko";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.application()?.product === "Mozilla";
  }

  override browser(): string | null {
    return GECKO_BROWSERS.find((name) => this.respondTo(name)) ?? super.browser();
  }

  override version(): UserAgentVersion | null {
    const own = this.productNamed(this.browser()!).version;
    return own.isNil() ? super.version() : own;
  }

  override platform(): string | null {
    const comment = this.application()!.comment;
    if (!comment) return null;
    if (comment[0] === "compatible" || comment[0] === "Mobile") return null;
    return matches(LINE_WINDOWS, comment[0]) ? "Windows" : comment[0] ?? null;
  }

  override os(): string | null {
    const comment = this.application()!.comment;
    if (!comment) return null;
    if (comment[1] === "U") return normalizeOs(comment[2]);
    if (matches(LINE_WINDOWS, comment[0]) || matches(LINE_ANDROID, comment[0])) return normalizeOs(comment[0]);
    return comment[0] === "Mobile" ? null : normalizeOs(comment[1]);
  }
}

/** Browsers::ALL: the families in the order the gem asks them. */
const FAMILIES: Array<{ claims(agents: UserAgentBrowser): boolean; new (agents: readonly UserAgent[]): UserAgentBrowser }> = [
  EdgeBrowser, InternetExplorerBrowser, OperaBrowser, WechatBrowser, VivaldiBrowser, ChromeBrowser, ITunesBrowser, PlayStationBrowser,
  PodcastAddictBrowser, WebkitBrowser, GeckoBrowser, WindowsMediaPlayerBrowser, AppleCoreMediaBrowser, LibavformatBrowser,
];

export const DEFAULT_USER_AGENT = "Mozilla/4.0 (compatible)";
const TOKEN = new RegExp(`['"]*([^/ \\t\\n\\v\\f\\r]+)/?([^ \\t\\n\\v\\f\\r,]*)(${WS}\\(([^)]*)\\)|,gzip\\(gfe\\))?`, "y");

/** The gem's MATCHER, whose `^` is Ruby's: the start of the string or of any line. */
function matchToken(s: string): RegExpExecArray | null {
  for (let at = 0; at !== -1 && at < s.length; at = s.indexOf("\n", at) + 1 || -1) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(s);
    if (m) return m;
  }

  return null;
}

/** UserAgent.parse: the tokens left to right (a blank or missing header reads as DEFAULT_USER_AGENT). */
export function parseUserAgent(input: unknown): UserAgentBrowser {
  let s = input === null || input === undefined ? DEFAULT_USER_AGENT : toS(input);
  if (rubyStrip(s) === "") s = DEFAULT_USER_AGENT;
  const agents: UserAgent[] = [];
  for (let m = matchToken(s); m; m = matchToken(s)) {
    agents.push(new UserAgent(m[1]!, m[2]!, m[4] ?? null));
    // The rest is cut by the match's length in characters from the string's start (where the match began).
    s = rubyStrip(m.index === 0 ? s.slice(m[0].length) : Array.from(s).slice(Array.from(m[0]).length).join(""));
  }

  const base = new UserAgentBrowser(agents);
  const family = FAMILIES.find((f) => f.claims(base));
  return family ? new family(agents) : base;
}

/** The UserAgent constant: `UserAgent.parse(s)`, `UserAgent.new(product, version, comment)`. */
export const UserAgentClass = {
  parse: parseUserAgent,
  new: (product: string, version: string | null = null, comment: string | null = null) => new UserAgent(product, version, comment),
  DEFAULT_USER_AGENT,
};
