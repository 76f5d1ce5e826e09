// useragent: UserAgent.parse and the browser and platform tables behind it.
export { UserAgentClass, parseUserAgent } from "./user-agent-browsers.js";
export type { UserAgentBrowser } from "./user-agent-base.js";
