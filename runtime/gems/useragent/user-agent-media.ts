// The useragent gem's families that are not web browsers: game consoles, media players and podcast apps
// (UserAgent::Browsers::PlayStation, PodcastAddict, WindowsMediaPlayer, AppleCoreMedia, Libavformat).
// Each `claims` is the family's `extend?`, asked of the plain token list.
import { ArgumentError } from "../../ruby/args.js";
import { NoMethodError } from "../../active-support/core-ext/core-send.js";
import { commentOs, firstCommented, matches, UserAgentBrowser } from "./user-agent-base.js";
import { rubySplit, UserAgentVersion, type UserAgent } from "./user-agent.js";

export class PlayStationBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::PlayStation";

  static claims(agents: UserAgentBrowser): boolean {
    const first = agents.application()?.comment?.[0];
    return first !== undefined && ["PLAYSTATION 3", "PlayStation Vita", "PlayStation 4"].some((name) => first.includes(name));
  }

  private comment(): string[] {
    return this.application()!.comment!;
  }

  override browser(): string | null {
    if (this.comment()[0]!.includes("PLAYSTATION 3")) return "PS3 Internet Browser";
    if (this.last()!.product === "Silk") return "Silk";
    if (this.comment()[0]!.includes("PlayStation 4")) return "PS4 Internet Browser";
    return null;
  }

  override isMobile(): boolean {
    return this.platform() === "PlayStation Vita";
  }

  override os(): string {
    return this.comment().join(" ");
  }

  override platform(): string | null {
    const os = this.os();
    if (os.includes("PLAYSTATION 3")) return "PlayStation 3";
    if (os.includes("PlayStation 4")) return "PlayStation 4";
    if (os.includes("PlayStation Vita")) return "PlayStation Vita";
    return null;
  }

  /** Silk's own version; otherwise the firmware version after the console's name. */
  override version(): UserAgentVersion | null {
    if (this.browser() === "Silk") return this.last()!.version;
    const name = { "PlayStation 3": "PLAYSTATION 3 ", "PlayStation 4": "PlayStation 4 ", "PlayStation Vita": "PlayStation Vita " }[this.platform() ?? ""];
    return name === undefined ? null : UserAgentVersion.of(rubySplit(this.os(), name).at(-1) ?? null);
  }
}

export class PodcastAddictBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::PodcastAddict";

  static claims(agents: UserAgentBrowser): boolean {
    const a = agents.agents;
    return a.length >= 3 && a[0]!.product === "Podcast" && a[1]!.product === "Addict" && a[2]!.product === "-";
  }

  override browser(): string {
    return "Podcast Addict";
  }

  override isMobile(): boolean {
    return true;
  }

  /** The Android version from the fourth token's comment, when that token is Dalvik's or Mozilla's. */
  override os(): string | null {
    const host = this.agents[3];
    if (!host || (host.product !== "Dalvik" && host.product !== "Mozilla")) return null;
    if (host.comment === null) throw new NoMethodError("undefined method 'length' for nil");
    if (host.comment.length > 3) return host.comment[2]!;
    return host.comment.length === 3 ? "Android" : null;
  }

  override platform(): string | null {
    const os = this.os();
    if (os === null) throw new NoMethodError("undefined method 'include?' for nil");
    return os.includes("Android") ? "Android" : null;
  }

  override version(): null {
    return null;
  }
}

const WMP_PRODUCTS = ["NSPlayer", "Windows-Media-Player", "WMFSDK"];
// NSPlayer versions that libavformat (4.1.0.3856) and VLC (7.10.0.3059, 7.0.0.1956) send.
const IMPERSONATORS = ["4.1.0.3856", "7.10.0.3059", "7.0.0.1956"];

export class WindowsMediaPlayerBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::WindowsMediaPlayer";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => WMP_PRODUCTS.includes(a.product) && IMPERSONATORS.every((v) => !agents.version()!.isEqual(v)));
  }

  override browser(): string {
    return "Windows Media Player";
  }

  override platform(): string {
    return "Windows";
  }

  /** classic?: Windows Media Player 6.4 or older (NSPlayer 4.1 or below). */
  isClassic(): boolean {
    const major = this.version()!.toA()[0];
    if (major === undefined) throw new NoMethodError("undefined method '<=' for nil");
    if (typeof major === "string") throw new ArgumentError("comparison of String with 4 failed");
    return major <= 4;
  }

  override isMobile(): boolean {
    return ["Windows Phone 8", "Windows Phone 8.1"].includes(this.os());
  }

  /** The Windows version its player version ships with. */
  override os(): string {
    const v = this.version()!.toA();
    const pick = (part: unknown, table: Array<[number[], string]>) => table.find(([builds]) => builds.includes(part as number))?.[1] ?? "Windows";
    if (this.isClassic()) return pick(v[3], [[[3564, 3925], "Windows 98"], [[3857], "Windows 9x"], [[3936], "Windows XP"], [[3938], "Windows 2000"]]);
    if (v[0] === 7) return pick(v[3], [[[3055], "Windows 98"]]);
    if (v[0] === 8) return "Windows XP";
    if (v[0] === 9 || v[0] === 10) return pick(v[3], [[[2980], "Windows 98/2000"], [[3268, 3367, 3270], "Windows 2000"], [[3802, 4503], "Windows XP"]]);
    if (v[0] === 11 || v[0] === 12) {
      return pick(v[2], [
        [[9841, 9858, 9860, 9879], "Windows 10"], [[9651], "Windows Phone 8.1"], [[9600], "Windows 8.1"], [[9200], "Windows 8"],
        [[7600, 7601], "Windows 7"], [[6000, 6001, 6002], "Windows Vista"], [[5721], "Windows XP"],
      ]);
    }
    return "Windows";
  }
}

export class AppleCoreMediaBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::AppleCoreMedia";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => a.product === "AppleCoreMedia");
  }

  override browser(): string {
    return "AppleCoreMedia";
  }

  override application(): UserAgent | null {
    return firstCommented(this.agents);
  }

  override platform(): string | null {
    const comment = this.application()?.comment;
    if (!comment) return null;
    return matches(/Windows/, comment[0]) ? "Windows" : comment[0] ?? null;
  }

  override os(): string | null {
    const comment = this.application()?.comment;
    return comment ? commentOs(comment) : null;
  }
}

export class LibavformatBrowser extends UserAgentBrowser {
  static override rubyName = "UserAgent::Browsers::Libavformat";

  static claims(agents: UserAgentBrowser): boolean {
    return agents.agents.some((a) => a.product === "Lavf" || (a.product === "NSPlayer" && agents.version()!.isEqual("4.1.0.3856")));
  }

  override browser(): string {
    return "libavformat";
  }

  override version(): UserAgentVersion | null {
    return this.detectProduct("NSPlayer") ? null : super.version();
  }

  override os(): null {
    return null;
  }

  override platform(): null {
    return null;
  }
}
