// The request every lane is measured with, in one place: the headers a browser's first visit sends (the
// conformance lane's User-Agent, which Rails 7.2's `allow_browser versions: :modern` requires, and its Host, so
// URLs inside pages are the same bytes on every lane). No cookie: each request is a first visit, which mints a
// session and a CSRF token on Rails and on the emitted app alike. Apps that need a signed-in user add the Cookie
// header of a sign-in per lane (lib/sign-in.js).
import { request } from "node:http";
import { USER_AGENT } from "../../dist/src/conformance/replay.js";

export const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** @param {string} host the scenario's Host header */
export function benchHeaders(host) {
  return { Host: host, "User-Agent": USER_AGENT, Accept: BROWSER_ACCEPT };
}

/** @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>} */
export function get(baseUrl, path, headers) {
  return send(baseUrl, path, { method: "GET", headers });
}

/**
 * One request, on a fresh connection unless `agent` (a keep-alive Agent) is given.
 * @param {{ method: string, headers: Record<string,string>, body?: Buffer | string, agent?: import("node:http").Agent }} o
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>}
 */
export function send(baseUrl, path, o) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { method: o.method, headers: o.headers, agent: o.agent ?? false }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(o.body);
  });
}
