// ActiveRecord::SignedId against real Rails 7.2.4 (fixtures/record/signed_ids.rb, secret_key_base "0" * 64): the
// same ids for plain, purposed and expiring signatures, and find_signed's answers.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, configureSignedIds, defineModel, setClock, Time } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

class User extends Base {
  declare id: number;
}
defineModel(User, { name: "User", table: "users", names: names("User", "user", "users"), columns: [{ name: "id", type: "integer", null: false }, { name: "name", type: "string" }] });

const expected = JSON.parse(readFileSync(new URL("./fixtures/record/signed_ids.json", import.meta.url), "utf8")) as Record<string, unknown>;
const conn = new Connection(join(scratchDir("signed"), "s.sqlite3"));
loadSchema(conn, { tables: [{ name: "users", columns: [{ name: "name", type: "string" }] }] });
setConnection(conn);
configureSignedIds("0".repeat(64));
afterAll(() => setClock(null));

it("signs and finds as Rails does", () => {
  setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
  User.createBang({ id: 7, name: "seven" });
  const u = User.find(7);
  const avatar = u.signedId({ purpose: "avatar" });
  const transfer = u.signedId({ purpose: "transfer", expiresIn: 4 * 3600 });
  const out: Record<string, unknown> = {
    plain: u.signedId(), avatar, transfer, at: u.signedId({ expiresAt: Time.utc(2024, 3, 1) }),
    "find avatar": User.findSigned(avatar, { purpose: "avatar" })?.id ?? null,
    "find avatar without purpose": User.findSigned(avatar)?.id ?? null,
    "find transfer as avatar": User.findSigned(transfer, { purpose: "avatar" })?.id ?? null,
    "find tampered": User.findSigned(avatar.replace(/.$/, "0"), { purpose: "avatar" })?.id ?? null,
    "find transfer in time": User.findSigned(transfer, { purpose: "transfer" })?.id ?? null,
  };
  setClock(() => Time.utc(2024, 2, 15, 16, 0, 1));
  out["find transfer expired"] = User.findSigned(transfer, { purpose: "transfer" })?.id ?? null;
  try {
    User.findSignedBang("x--y", { purpose: "avatar" });
  } catch (e) {
    out["find! tampered"] = [(e as { rubyClass: string }).rubyClass, (e as Error).message];
  }
  expect(out).toEqual(expected);
});
