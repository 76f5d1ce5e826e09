// Validations and callbacks the compiler lowers from test/fixtures/record/checks/, against real Rails 7.2.4 (the same
// .rb files, run by fixtures/record/checks.rb): format validations over Ruby stdlib and app constants and regexp
// flags, if:/unless: as lambdas, procs, symbols and arrays on every validation kind and on callbacks, and the
// uniqueness queries Rails skips on update (UniquenessValidator#validation_needed?).
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { replaySteps } from "./support/record-replay.js";

const app = join(import.meta.dirname, "fixtures/record/checks");
const out = mkdtempSync(join(tmpdir(), "rails2ts-checks-"));
const compiled = await compile(app, { out });
process.env.DATABASE_PATH = join(out, "checks.sqlite3");
process.env.SECRET_KEY_BASE ??= "0".repeat(64);
await import(pathToFileURL(join(out, "dist/app.js")).href);
const linked = (path: string) => import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime", path)).href);
const runtime = { ...(await linked("active-record/index.js")), ...(await linked("active-record/connection/index.js")) } as Dyn;
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = async (name: string) => ((await import(pathToFileURL(join(out, `dist/models/${name}.js`)).href)) as Dyn);
const Account = (await load("account")).Account as Dyn;
const Team = (await load("team")).Team as Dyn;
runtime.setClock(() => runtime.Time.utc(2024, 2, 15, 12, 0, 0));
afterAll(() => {
  runtime.setClock(null);
  rmSync(out, { recursive: true, force: true });
});

describe("compile test/fixtures/record/checks", () => {
  it("lowers every validation and callback it uses (no diagnostics)", () => {
    expect(compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([]);
  });
});

const errorsOf = (attrs: Record<string, unknown>) => {
  const a = Account.build(attrs);
  return [a.isValid(), a.errors.fullMessages()];
};
const byRegexp = { email: "a@x.io", code: "ABC-1" };

const steps: Array<[string, () => unknown]> = [
  ["format validations over constants and flags", () =>
    errorsOf({ email: "bad", backup_email: "no at", handle: "Ab_c9", code: "ab-1", bio: "<script\nx>", digits: "x\n12", slug: "a b", nick: "al" })],
  ["a valid create runs the conditioned callbacks", () => {
    const a = Account.createBang({ email: "a@b.co", backup_email: "x@y", handle: "Al_B", code: "ABC-12", slug: "a-b", nick: "alx", bio: "hi" });
    return [a.id, a.isPersisted()];
  }],
  ["update leaving covered attributes unchanged skips their queries", () => Account.find(1).update({ bio: "short" })],
  ["update changing the handle queries it", () => Account.find(1).update({ handle: "Al_C" })],
  ["update setting the scope queries the scoped attribute", () => {
    const t = Team.createBang({ name: "T" });
    return Account.find(1).update({ team_id: t.id });
  }],
  ["update with attribute and scope unchanged and covered", () => Account.find(1).update({ bio: "quiet" })],
  ["update to a nil scope queries again", () => Account.find(1).update({ team_id: null, bio: "x" })],
  ["conditions as lambdas, procs and arrays", () => [
    errorsOf({ email: "c@d.co", draft: true, nick: "ab", bio: "a long bio here" }),
    errorsOf({ email: "c@d.co", draft: true, nick: "skip", bio: "a long bio here", code: "ABC-1" }),
    errorsOf({ email: "a@b.co", draft: true, nick: "nocode" }),
    errorsOf({ email: "c@d.co", draft: false, nick: "nocode" }),
  ]],
  ["a draft save runs the array-conditioned after_save", () => {
    const a = Account.createBang({ email: "e@f.co", draft: true, nick: "alx", code: "XYZ-9", handle: "zed", team_id: 1 });
    a.updateBang({ bio: "b" });
    return a.id;
  }],
  ["the stdlib email regexp", () =>
    ["a@b", "a@-b.com", "a.b+c@d-e.fg", "x@y\n", "\u00fc@x.com", "a@b.c_d", "a b@c.d", "#!$%&'*+/=?^_`{|}~-@x.io"].map((e) => {
      const a = Account.build({ email: e, code: "ABC-1" });
      a.isValid();
      return a.errors.get("email");
    })],
  ["case folding and extended mode", () => [
    errorsOf({ ...byRegexp, handle: "\u017F\u212A_x" }),
    errorsOf({ ...byRegexp, slug: "ab-cd-ef" }),
    errorsOf({ ...byRegexp, slug: "ab-" }),
    errorsOf({ ...byRegexp, digits: "12\r\n" }),
    errorsOf({ ...byRegexp, backup_email: "a@b\u00a0c" }),
  ]],
];

replaySteps("checks", () => runtime.connection(), steps, Account.TRACE as string[]);
