// The session as ActionDispatch::Request::Session loads it: reading (`session[:user_id]`, `key?`, `delete`, `to_hash`)
// loads only a session the request brought (load_for_read!: `load! if !loaded? && exists?`), so a page that merely
// asks whether someone is signed in writes no session cookie; writing loads it and the response carries the cookie.
// And the request's flash in a view is FlashHash itself: `flash.each { |type, message| }` yields the pairs in the
// order they were set.
import { describe, expect, it } from "vitest";
import { CookieJar } from "../runtime/action-pack/cookies.js";
import { Flash } from "../runtime/action-pack/flash.js";
import { CookieSessionStore } from "../runtime/action-pack/session.js";
import { KeyGenerator } from "../runtime/active-support/messages.js";
import { SECRET_KEY_BASE } from "../src/conformance/secret.js";

const keyGenerator = new KeyGenerator(SECRET_KEY_BASE);
const store = new CookieSessionStore({ key: "_app_session" }, (n) => Buffer.alloc(n, 7));

describe("a request without a session cookie", () => {
  it("reads nil and writes no cookie", () => {
    const jar = new CookieJar(undefined, { keyGenerator });
    const session = store.sessionFor(jar);
    expect([session.get("user_id"), session.has("user_id"), session.delete("user_id"), session.toHash()]).toEqual([null, false, null, {}]);
    expect(session.loaded).toBe(false);
    store.commit(session, jar);
    expect(jar.setCookieHeaders()).toEqual([]);
  });

  it("writes the cookie once something is stored", () => {
    const jar = new CookieJar(undefined, { keyGenerator });
    const session = store.sessionFor(jar);
    session.set("user_id", 7);
    store.commit(session, jar);
    expect(jar.setCookieHeaders().map((h) => h.replace(/=[^;]*/, "=…"))).toEqual(["_app_session=…; path=/; httponly; samesite=lax"]);
  });
});

describe("a request with one", () => {
  it("loads it on read, and the response writes it back", () => {
    const first = new CookieJar(undefined, { keyGenerator });
    const s1 = store.sessionFor(first);
    s1.set("user_id", 7);
    store.commit(s1, first);
    const cookie = first.setCookieHeaders()[0]!.split(";")[0]!;
    const jar = new CookieJar(cookie, { keyGenerator });
    const session = store.sessionFor(jar);
    expect(session.get("user_id")).toBe(7);
    expect(session.loaded).toBe(true);
    store.commit(session, jar);
    expect(jar.setCookieHeaders()).toHaveLength(1);
  });
});

describe("flash.each", () => {
  it("yields [type, message] in the order set", () => {
    const flash = new Flash();
    flash.set("alert", "Invalid email or password");
    flash.now.set("notice", "Signed in");
    expect([...flash]).toEqual([["alert", "Invalid email or password"], ["notice", "Signed in"]]);
  });
});
