// platform_agent: PlatformAgent over a parsed user agent (an app subclasses it).
export { PlatformAgent } from "./platform-agent.js";
