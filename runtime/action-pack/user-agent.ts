// ActionController::AllowBrowser (Rails 7.2): `allow_browser versions: :modern` blocks a request whose User-Agent
// names a guarded browser below its minimum version (bots pass). The user agent is parsed by the useragent gem's
// rules (runtime/gems/useragent/user-agent*.ts, recorded against the gem), as BrowserBlocker#parsed_user_agent does.
import { parseUserAgent } from "../gems/useragent/user-agent-browsers.js";
import { UserAgentVersion } from "../gems/useragent/user-agent.js";
import { BoundedMemo } from "../active-support/bounded-memo.js";

/** AllowBrowser::SETS[:modern]: Safari 17.2+, Chrome 120+, Firefox 121+, Opera 106+, no IE. */
export const MODERN_BROWSERS: Record<string, number | false> = { safari: 17.2, chrome: 120, firefox: 121, opera: 106, ie: false };

/**
 * Answers per distinct User-Agent header and versions table: the answer depends on nothing else, and parsing by the
 * gem's rules is most of the cost of a request that passes. Bounded: a client sending a new header each time only
 * empties the table now and then.
 */
const answers = new WeakMap<Record<string, number | false>, BoundedMemo<string, boolean>>();
const ANSWERS_KEPT = 1000;

/** ActionController::AllowBrowser::BrowserBlocker#blocked?. */
export function browserBlocked(userAgent: string | undefined, versions: Record<string, number | false> = MODERN_BROWSERS): boolean {
  if (!userAgent) return false;
  let known = answers.get(versions);
  if (!known) answers.set(versions, (known = new BoundedMemo(ANSWERS_KEPT)));
  return known.get(userAgent) ?? known.set(userAgent, parseBlocked(userAgent, versions));
}

function parseBlocked(userAgent: string, versions: Record<string, number | false>): boolean {
  if (!/\S/.test(userAgent)) return false;
  const parsed = parseUserAgent(userAgent);
  const version = parsed.version();
  // user_agent_version_reported?: the parsed version's to_s is present.
  if (version === null || !/\S/.test(version.toS())) return false;
  const name = (parsed.browser() ?? "").toLowerCase();
  const minimum = versions[name === "internet explorer" ? "ie" : name];
  if (minimum === undefined || minimum === null) return false;
  const below = minimum === false || version.compare(UserAgentVersion.of(String(minimum))) === -1;
  return below && !parsed.isBot();
}
