// allow_browser (ActionController::AllowBrowser, in every Rails 7.2 app's ApplicationController) and the part of
// the `useragent` gem (0.16) it relies on: product tokens, the browser each detector claims in the gem's order,
// its version, and bot detection. `versions: :modern` blocks Safari < 17.2, Chrome < 120, Firefox < 121,
// Opera < 106 and every Internet Explorer, unless the agent reports no version or is a bot.

interface Agent {
  product: string;
  version: string;
  comment: string[] | null;
}

export const MODERN_BROWSERS: Record<string, number | false> = { safari: 17.2, chrome: 120, firefox: 121, opera: 106, ie: false };

/** UserAgent.parse: `Product/version (comment; parts)` tokens, left to right. */
export function parseAgents(input: string | undefined): Agent[] {
  let s = input && input.trim() ? input : "Mozilla/4.0 (compatible)";
  const agents: Agent[] = [];
  for (;;) {
    const m = /^['"]*([^/\s]+)\/?([^\s,]*)(\s\(([^)]*)\)|,gzip\(gfe\))?/.exec(s);
    if (!m) return agents;
    agents.push({ product: m[1], version: m[2], comment: m[4] === undefined ? null : m[4].split("; ") });
    s = s.slice(m[0].length).trim();
  }
}

const find = (agents: Agent[], product: string) => agents.find((a) => a.product.toLowerCase() === product.toLowerCase());
const withComment = (agents: Agent[]) => agents.find((a) => a.comment && a.comment.length > 0);
const agentString = (a: Agent) => (a.comment ? `${a.product}/${a.version} (${a.comment.join("; ")})` : a.version ? `${a.product}/${a.version}` : a.product);

export interface Browser {
  browser: string | null;
  version: string | null;
  bot: boolean;
}

/** Browsers.extend: the first detector that claims the agent decides its browser and version. */
export function detectBrowser(agents: Agent[]): Browser {
  const first = agents[0];
  const last = agents[agents.length - 1];
  const result = (browser: string | null, version: string | null, application = first): Browser =>
    ({ browser, version, bot: isBot(agents, application) });
  if (last?.product === "Edge") return result("Edge", last.version);
  const comment = first?.comment;
  if (comment && (/MSIE/.test(comment[1] ?? "") || /Trident.+rv:/.test(comment.join("; ")))) {
    return result("Internet Explorer", /(MSIE\s|rv:)([\d.]+)/.exec(comment.join("; "))?.[2] ?? "");
  }
  if (first?.product === "Opera" || last?.product === "OPR") return result("Opera", operaVersion(agents));
  if (agents.some((a) => /MicroMessenger/i.test(a.product))) return result("Wechat Browser", find(agents, "MicroMessenger")!.version);
  if (agents.some((a) => a.product === "Vivaldi")) return result("Vivaldi", last.version, withComment(agents));
  if (agents.some((a) => a.product === "Chrome" || a.product === "CriOS")) {
    const version = (find(agents, "CriOs") ?? find(agents, "chrome"))!.version;
    return result(find(agents, "Iron") ? "Iron" : "Chrome", version, withComment(agents));
  }
  return otherBrowsers(agents, result);
}

function otherBrowsers(agents: Agent[], result: (b: string | null, v: string | null, app?: Agent) => Browser): Browser {
  const first = agents[0];
  if (agents.some((a) => a.product === "iTunes")) return result("iTunes", first?.version ?? null);
  const c0 = first?.comment?.[0] ?? "";
  if (first?.comment?.length && /PLAYSTATION 3|PlayStation Vita|PlayStation 4/.test(c0)) return result("PlayStation", first.version);
  if (agents.length >= 3 && agents[0].product === "Podcast" && agents[1].product === "Addict" && agents[2].product === "-") {
    return result("Podcast Addict", null);
  }
  const webkit = agents.some((a) => /^AppleWebKit$/i.test(a.product) || a.comment?.some((c) => /^AppleWebKit\/[\d.]+/i.test(c)));
  if (webkit) return webkitBrowser(agents, result);
  if (first?.product === "Mozilla") {
    const name = ["PaleMoon", "Firefox", "Camino", "Iceweasel", "Seamonkey"].find((b) => find(agents, b)) ?? first.product;
    const v = find(agents, name)?.version ?? "";
    return result(name, v === "" ? first.version : v);
  }
  return result(first?.product ?? null, first?.version ?? null);
}

// Browsers::Webkit: Safari unless Android/BlackBerry; the version from `Version/x`, else iOS, else the build table.
function webkitBrowser(agents: Agent[], result: (b: string | null, v: string | null, app?: Agent) => Browser): Browser {
  const app = withComment(agents);
  const comment = app?.comment ?? [];
  const os = webkitOs(comment);
  const platform = /Windows/.test(comment[0] ?? "") ? "Windows" : comment[0] === "BB10" ? "BlackBerry" : comment[0];
  const browser = /Android/.test(os ?? "") ? "Android" : platform === "BlackBerry" ? "BlackBerry" : "Safari";
  let version = find(agents, "Version")?.version ?? null;
  const ios = /iOS ([\d.]+)/.exec(os ?? "");
  if (version === null && ios && browser === "Safari") version = ios[1];
  const build = agents.find((a) => /^AppleWebKit$/i.test(a.product))?.version
    ?? agents.flatMap((a) => a.comment ?? []).map((c) => /^AppleWebKit\/([\d.]+)/i.exec(c)?.[1]).find(Boolean);
  version ??= WEBKIT_BUILDS[build ?? ""] ?? "";
  return result(browser, version, app);
}

// Browsers::Webkit::BuildVersions: Safari versions of WebKit builds that did not send `Version/`.
const WEBKIT_BUILDS: Record<string, string> = {
  "85.7": "1.0", "85.8.5": "1.0.3", "85.8.2": "1.0.3", "124": "1.2", "125.2": "1.2.2", "125.4": "1.2.3",
  "125.5.5": "1.2.4", "125.5.6": "1.2.4", "125.5.7": "1.2.4", "312.1.1": "1.3", "312.1": "1.3", "312.5": "1.3.1",
  "312.5.1": "1.3.1", "312.5.2": "1.3.1", "312.8": "1.3.2", "312.8.1": "1.3.2", "412": "2.0", "412.6": "2.0",
  "412.6.2": "2.0", "412.7": "2.0.1", "416.11": "2.0.2", "416.12": "2.0.2", "417.9": "2.0.3", "418": "2.0.3",
  "418.8": "2.0.4", "418.9": "2.0.4", "418.9.1": "2.0.4", "419": "2.0.4", "425.13": "2.2", "534.52.7": "5.1.2",
};

function webkitOs(comment: string[]): string | null {
  if (comment.length === 0) return null;
  if (/Windows NT/.test(comment[0])) return normalizeOs(comment[0]);
  if (comment[2] === undefined) return normalizeOs(comment[1]);
  if (/Android/.test(comment[1])) return normalizeOs(comment[1]);
  const ios = comment.find((c) => IOS_VERSION.test(c));
  return normalizeOs(ios ?? comment[2]);
}

const IOS_VERSION = /CPU (?:iPhone |iPod )?OS ([\d_]+) like Mac OS X/;

function normalizeOs(os: string | undefined): string | null {
  if (os === undefined) return null;
  const ios = IOS_VERSION.exec(os);
  return ios ? `iOS ${ios[1].replace(/_/g, ".")}` : os;
}

function operaVersion(agents: Agent[]): string {
  const app = agents[0];
  if (/Opera Mini/.test(agentString(app))) return /Opera Mini\/([\d.]+)/.exec(app.comment?.find((c) => /Opera Mini/.test(c)) ?? "")?.[1] ?? "";
  return (find(agents, "Version") ?? find(agents, "OPR") ?? app).version;
}

function isBot(agents: Agent[], application: Agent | undefined): boolean {
  if (!application) return true;
  if (agents.some((a) => a.comment?.some((c) => /bot/i.test(c)))) return true;
  if (find(agents, "Chrome-Lighthouse")) return true;
  return application.product.includes("bot");
}

// UserAgent::Version#<=>: numeric sequences compare element by element (six at most); anything else only equals.
function versionCompare(a: string, b: string): number {
  const comparable = /^\d+$/.test(a) || /^\d+\./.test(a);
  if (!comparable) return a === b ? 0 : -1;
  const seq = (s: string) => (s.match(/\d+|[A-Za-z][0-9A-Za-z-]*$/g) ?? []).map((x) => (/^\d+$/.test(x) ? Number(x) : x));
  const [x, y] = [seq(a), seq(b)];
  for (let i = 0; i < 6; i++) {
    const p = x[i] ?? 0;
    const q = y[i] ?? 0;
    if (typeof p === "string" && typeof q === "number") return -1;
    if (typeof p === "number" && typeof q === "string") return 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

/** ActionController::AllowBrowser::BrowserBlocker#blocked?. */
export function browserBlocked(userAgent: string | undefined, versions: Record<string, number | false> = MODERN_BROWSERS): boolean {
  const parsed = detectBrowser(parseAgents(userAgent));
  if (!userAgent || !/\S/.test(userAgent) || !parsed.version) return false;
  const name = (parsed.browser ?? "").toLowerCase();
  const minimum = versions[name === "internet explorer" ? "ie" : name];
  if (minimum === undefined || minimum === null) return false;
  const below = minimum === false || versionCompare(parsed.version, String(minimum)) < 0;
  return below && !parsed.bot;
}
