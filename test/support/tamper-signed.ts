// The runtime's answers to test/fixtures/tamper/signed.json's cases (tampered, expired, foreign and wrong-purpose
// signed ids and signed global ids), in the shape signed.rb records Rails' answers in, so the two compare whole.
// Used by test/tamper.test.ts and by `npm run reliability -- --only tamper` (through the test).
import { join } from "node:path";
import { Connection, loadSchema, setConnection } from "../../runtime/active-record/connection/index.js";
import { Base, configureSignedIds, defineModel, setClock } from "../../runtime/active-record/index.js";
import { globalIdConfig } from "../../runtime/gems/globalid/global-id.js";
import { configureSignedGlobalIds, locateSignedGlobalId, parseSignedGlobalId, SignedGlobalID } from "../../runtime/gems/globalid/signed-global-id.js";
import { rubyAncestry } from "../../runtime/ruby/rescue.js";
import { names } from "./record-models.js";
import { scratchDir } from "./scratch.js";

export interface SignedCase {
  call: "find_signed" | "find_signed!" | "locate_signed" | "SignedGlobalID.parse";
  name: string;
  input: unknown;
  options: { purpose?: string; for?: string; only?: string };
  at: string;
  result: Record<string, unknown>;
}

class User extends Base {
  declare id: number;
}
class Post extends Base {
  declare id: number;
}

/** The recorder's schema and rows (users 7 and 8, post 7), its secret and its GlobalID.app. */
export function setUpSignedCases(secretKeyBase: string, app: string): void {
  defineModel(User, { name: "User", table: "users", names: names("User", "user", "users"), columns: [{ name: "id", type: "integer", null: false }, { name: "name", type: "string" }] });
  defineModel(Post, { name: "Post", table: "posts", names: names("Post", "post", "posts"), columns: [{ name: "id", type: "integer", null: false }, { name: "title", type: "string" }] });
  const conn = new Connection(join(scratchDir("tamper-signed"), "s.sqlite3"));
  loadSchema(conn, { tables: [{ name: "users", columns: [{ name: "name", type: "string" }] }, { name: "posts", columns: [{ name: "title", type: "string" }] }] });
  setConnection(conn);
  configureSignedIds(secretKeyBase);
  configureSignedGlobalIds({ secretKeyBase });
  globalIdConfig.app = app;
  globalIdConfig.modelClass = (name: string) => {
    const model = { User, Post }[name];
    if (!model) throw new Error(`uninitialized constant ${name}`);
    return model;
  };
  User.createBang({ id: 7, name: "seven" });
  User.createBang({ id: 8, name: "eight" });
  Post.createBang({ id: 7, title: "post seven" });
}

export function tearDownSignedCases(): void {
  setClock(null);
}

/** What the runtime answers to one case, as signed.rb writes Rails' answer. */
export function runSignedCase(c: SignedCase): Record<string, unknown> {
  setClock(() => new Date(c.at));
  try {
    return describe(call(c));
  } catch (error) {
    const e = error as Error;
    return { error: rubyAncestry(e)[0], message: e.message };
  }
}

function call(c: SignedCase): unknown {
  const input = c.input as string;
  switch (c.call) {
    case "find_signed":
      return User.findSigned(input, { purpose: c.options.purpose });
    case "find_signed!":
      return User.findSignedBang(input, { purpose: c.options.purpose });
    case "locate_signed":
      return locateSignedGlobalId(input, { ...(c.options.for ? { for: c.options.for } : {}), ...(c.options.only ? { only: { User, Post }[c.options.only] } : {}) });
    case "SignedGlobalID.parse":
      return parseSignedGlobalId(input, c.options.for ? { for: c.options.for } : {});
  }
}

function describe(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return { value: null };
  if (value instanceof Base) return { record: `${value.constructor.name}#${(value as User).id}` };
  if (value instanceof SignedGlobalID) {
    return { sgid: value.toRubyString(), uri: value.uri, purpose: value.purpose, expires_at: value.expiresAt?.toISOString() ?? null };
  }
  return { value: String(value) };
}

/** Ruby's class names by their last segment: the runtime's errors carry `RecordNotFound`, Rails says `ActiveRecord::RecordNotFound`. */
export function comparableSigned(result: Record<string, unknown>): Record<string, unknown> {
  return typeof result.error === "string" ? { ...result, error: result.error.split("::").pop() } : result;
}
