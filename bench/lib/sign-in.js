// Signing a lane in as a browser does: GET /session/new (a session cookie and the form's authenticity_token),
// POST /session with the token, the email and the password (the form's fields), and the cookies of both
// answers kept. The result is the Cookie header the lane's timed requests send (wrk -H), and sockets connect with.
import { CookieJar } from "../../dist/src/conformance/cookies.js";
import { extractCsrfToken } from "../../dist/src/conformance/csrf.js";
import { get, send } from "./http-get.js";

/**
 * @param {string} baseUrl
 * @param {Record<string,string>} headers the bench request headers (Host, User-Agent, Accept)
 * @param {{ email: string, password: string, cookie?: string, newPath?: string, createPath?: string }} user
 *   cookie: the name of the cookie a successful sign-in must set
 * @returns {Promise<{ cookie: string, jar: CookieJar, location: string | null }>}
 */
export async function signIn(baseUrl, headers, user) {
  const newPath = user.newPath ?? "/session/new";
  const createPath = user.createPath ?? "/session";
  const jar = new CookieJar();
  const form = await get(baseUrl, newPath, headers);
  if (form.status !== 200) throw new Error(`sign-in: GET ${newPath} answered ${form.status}`);
  jar.store(form.headers["set-cookie"]);
  const token = extractCsrfToken(form.body.toString("utf8"), { path: createPath, method: "post" });
  if (token === null) throw new Error(`sign-in: no authenticity_token on ${newPath}`);
  const body = new URLSearchParams({ authenticity_token: token, email_address: user.email, password: user.password }).toString();
  const res = await send(baseUrl, createPath, {
    method: "POST",
    headers: { ...headers, Cookie: jar.header() ?? "", "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
    body,
  });
  jar.store(res.headers["set-cookie"]);
  if (res.status !== 302 && res.status !== 303) throw new Error(`sign-in as ${user.email}: POST ${createPath} answered ${res.status}`);
  const cookie = jar.header();
  const wanted = user.cookie ?? null;
  if (cookie === null || (wanted && !cookie.split("; ").some((c) => c.startsWith(`${wanted}=`)))) throw new Error(`sign-in as ${user.email}: no ${wanted ?? ""} cookie`);
  return { cookie, jar, location: res.headers.location ?? null };
}

/** The token a page's form for ACTION (method post) carries, for a later submission from that page. */
export function formToken(html, action) {
  const token = extractCsrfToken(html, { path: action, method: "post" });
  if (token === null) throw new Error(`no authenticity_token for a form to ${action}`);
  return token;
}
