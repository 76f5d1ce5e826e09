// The platform_agent gem (1.0.1) as a library base class: an app's `class DevicePlatform < PlatformAgent`
// lowers to `class DevicePlatform extends PlatformAgent` (runtime/ruby/library-bases.ts), and its self calls
// of the gem's methods to these members (the compiler reads this prototype).
//   DevicePlatform.new(request.user_agent)          DevicePlatform.build(request.userAgent)
//   match? /iPhone/ ; user_agent.browser            this.isMatch(/iPhone/) ; this.userAgent().browser()
//   mobile? / desktop? / ios_app? / to_s            isMobile() / isDesktop() / isIosApp() / toS()
//   delegate :browser, :version, :product, :os      browser() / version() / product() / os()  (UserAgent.parse's)
// The gem's answers are Ruby values: `a || b` is the first truthy one, so an app's override answering a match
// index or nil flows through as Ruby would pass it. The private methods (match?, user_agent, user_agent_string)
// are ordinary members here.
import { ArgumentError } from "../../ruby/args.js";
import { NoMethodError } from "../../active-support/core-ext/core-send.js";
import { registerLibraryBase } from "../../ruby/library-bases.js";
import { RubyObject } from "../../ruby/ruby-object.js";
import { toS } from "../../ruby/ruby.js";
import type { UserAgentBrowser } from "../useragent/user-agent-base.js";
import { parseUserAgent } from "../useragent/user-agent-browsers.js";

const truthy = (v: unknown): boolean => v !== null && v !== undefined && v !== false;
/** Ruby's `a || b || ...` over thunks: the first truthy answer, else the last. */
const either = (...answers: Array<() => unknown>): unknown => {
  let value: unknown = null;
  for (const answer of answers) if (truthy((value = answer()))) return value;
  return value;
};
/** Ruby's `a && b`. */
const both = (a: () => unknown, b: () => unknown): unknown => {
  const value = a();
  return truthy(value) ? b() : value;
};

export class PlatformAgent extends RubyObject {
  static override rubyName = "PlatformAgent";

  /** initialize(user_agent_string): the header as given (nil when the request sent none). */
  override initialize(...args: unknown[]): unknown {
    if (args.length !== 1) throw new ArgumentError(`wrong number of arguments (given ${args.length}, expected 1)`);
    this.setUserAgentString(args[0]);
    return null;
  }

  userAgentString(): unknown {
    return this.ivars.user_agent_string ?? null;
  }

  setUserAgentString(value: unknown): unknown {
    this.ivars.user_agent_string = value;
    return value;
  }

  /** match?(pattern): the header (nil as "") against a Regexp, or a String read as one. */
  isMatch(pattern: unknown): boolean {
    const re = pattern instanceof RegExp ? pattern : new RegExp(toS(pattern));
    return toS(this.userAgentString()).search(re) !== -1;
  }

  userAgent(): UserAgentBrowser {
    return (this.ivars.user_agent ??= parseUserAgent(this.userAgentString())) as UserAgentBrowser;
  }

  browser(): string | null {
    return this.userAgent().browser();
  }

  version(): unknown {
    return this.userAgent().version();
  }

  /** Delegated to the parsed agents, an Array: Array#product. */
  product(...others: unknown[][]): unknown {
    return this.userAgent().product(...others);
  }

  os(): string | null {
    return this.userAgent().os();
  }

  isDesktop(): unknown {
    return !truthy(this.isMobile());
  }

  isMobile(): unknown {
    return either(() => this.isPhone(), () => this.isTablet(), () => this.isMobileApp());
  }

  isPhone(): unknown {
    return either(() => this.isIphone(), () => this.isAndroid(), () => this.isOtherPhones());
  }

  isIphone(): unknown {
    return this.isMatch(/iPhone/);
  }

  isAndroidPhone(): unknown {
    return both(() => !truthy(this.isAndroidApp()), () => this.isAndroid());
  }

  isOtherPhones(): unknown {
    return this.isMatch(/(iPod|Windows Phone|BlackBerry|BB10[^\n]*Mobile|Mobile[^\n]*Firefox)/);
  }

  isTablet(): unknown {
    return either(() => this.isIpad(), () => this.isMatch(/(Kindle|Silk)/));
  }

  isIpad(): unknown {
    return this.isMatch(/iPad/);
  }

  isAndroid(): unknown {
    return this.isMatch(/Android/);
  }

  isNativeApp(): unknown {
    return either(() => this.isMobileApp(), () => this.isDesktopApp());
  }

  isMobileApp(): unknown {
    return either(() => this.isIosApp(), () => this.isAndroidApp());
  }

  isIphoneApp(): unknown {
    return both(() => this.isIphone(), () => this.isIosApp());
  }

  isIpadApp(): unknown {
    return both(() => this.isIpad(), () => this.isIosApp());
  }

  /** The app's own native-app matches: the gem answers false until a subclass says otherwise. */
  isIosApp(): unknown {
    return false;
  }

  isAndroidApp(): unknown {
    return false;
  }

  isDesktopApp(): unknown {
    return either(() => this.isMacApp(), () => this.isWindowsApp());
  }

  isMacApp(): unknown {
    return false;
  }

  isWindowsApp(): unknown {
    return false;
  }

  isMissing(): unknown {
    return this.userAgentString() === null || this.userAgentString() === undefined;
  }

  /** A native app's version: the last token's (its own product, after the web view's). */
  appVersion(): unknown {
    if (!truthy(this.isNativeApp())) return null;
    const last = this.userAgent().last();
    if (!last) throw new NoMethodError("undefined method 'version' for nil");
    return last.version;
  }

  /** to_s: what kind of client this is. */
  toS(): unknown {
    const kinds: Array<[() => unknown, string]> = [
      [() => this.isIpadApp(), "iPad app"], [() => this.isIphoneApp(), "iPhone app"], [() => this.isAndroidApp(), "Android app"],
      [() => this.isMacApp(), "Mac app"], [() => this.isWindowsApp(), "Windows app"], [() => this.isTablet(), "tablet"],
      [() => this.isPhone(), "phone"], [() => this.isMissing(), "missing"],
    ];
    return kinds.find(([test]) => truthy(test()))?.[1] ?? "web";
  }

  override toRubyString(): string {
    return toS(this.toS());
  }
}

registerLibraryBase("PlatformAgent", "PlatformAgent", PlatformAgent);
