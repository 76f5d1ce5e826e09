// What a declined model declaration does at run time: the code Rails would have run raises where it is reached,
// naming the .rb file:line and the diagnostic (test/fixtures/declined-models). A declined validation raises on
// valid?/save, a declined callback when its event fires, a declined association option on the association's use
// (and on destroy for dependent:), an unknown macro on instantiation, a declined scope when called; a plain class
// (ActiveModel::Model) whose body holds a declined statement raises when instantiated; one whose superclass is
// missing raises on new and on the class methods it would inherit.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";

const app = join(import.meta.dirname, "fixtures/declined-models");
const out = mkdtempSync(join(tmpdir(), "rails2ts-declined-"));
const compiled = await compile(app, { out });
process.env.DATABASE_PATH = join(out, "declined.sqlite3");
process.env.SECRET_KEY_BASE ??= "0".repeat(64);
await import(pathToFileURL(join(out, "dist/app.js")).href);
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const model = async (file: string, name: string) => ((await import(pathToFileURL(join(out, `dist/models/${file}.js`)).href)) as Dyn)[name] as Dyn;
const linked = (path: string) => import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime", path)).href);
const rescue = (await linked("ruby/rescue.js")) as Dyn;
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The error `fn` raises, as [name, message]; whether a bare `rescue` would take it. */
function raised(fn: () => unknown): [string, string, boolean] | "no error" {
  try {
    fn();
  } catch (e) {
    return [(e as Error).name, (e as Error).message, rescue.rescues(e, ["StandardError"])];
  }
  return "no error";
}
const declined = (site: string, diagnostic: string): [string, string, boolean] => ["NotLowered", `rails2ts: declined at ${site}: ${diagnostic}`, false];

describe("declined model declarations", () => {
  it("are diagnostics at their position", () => {
    expect(compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
      "app/models/checker.rb:3:28 unsupported_construct: construct not lowered: validates format: regexp /\\Gx/ has no exact JS equivalent",
      "app/models/checker.rb:4:52 unsupported_option: option not supported: validates strict:",
      "app/models/checker.rb:5:28 unsupported_option: option not supported: validates format: with a non-literal value",
      "app/models/doohickey.rb:2:28 unsupported_option: option not supported: validates format: a regexp with multiline anchors (^ or $) and no multiline: true (Rails raises ArgumentError when the model loads)",
      "app/models/gadget.rb:2:35 unsupported_option: option not supported: has_many counter_cache:",
      "app/models/gadget.rb:3:52 unsupported_option: option not supported: has_many dependent: :destroy_async",
      "app/models/hook.rb:3:27 unsupported_option: option not supported: before_save if: with a String condition",
      "app/models/hook.rb:4:45 unsupported_option: option not supported: after_commit delay:",
      "app/models/thing_scope.rb:3:3 unsupported_construct: construct not lowered: scope without a name and a lambda",
      "app/models/thing_scope.rb:5:5 unsupported_construct: construct not lowered: include in a scope extension block",
      "app/models/widget.rb:2:3 unsupported_construct: construct not lowered: model macro acts_as_list",
      "app/models/appender.rb:100:5 unsupported_construct: construct not lowered: `@buf << ...`: `@buf` is read at line 99 before it changes (that reference would keep the String as it was); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:113:5 unsupported_construct: construct not lowered: `@line << ...`: `@line` is read at line 118 in another method (that reference may keep the String as it was); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:9:5 unsupported_construct: construct not lowered: `buf << ...`: `buf` is a parameter (the caller's String would not change); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:13:25 unsupported_construct: construct not lowered: `name << ...`: `name` is a block's parameter (the String may be another's too); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:19:5 unsupported_construct: construct not lowered: `copy << ...`: `copy` is assigned at line 18 a String that may be another's too; a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:26:5 unsupported_construct: construct not lowered: `s << ...`: `s` is read at line 25 before it changes (that reference would keep the String as it was); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:39:5 unsupported_construct: construct not lowered: `.concat` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/appender.rb:44:5 unsupported_construct: construct not lowered: `buf.prepend(...)`: `buf` is a parameter (the caller's String would not change); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:48:5 unsupported_construct: construct not lowered: `list.clear(...)`: `list` is a parameter (the caller's String would not change); a String cannot change in place, so the other reference would not see the change",
      "app/models/appender.rb:52:5 unsupported_construct: construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/appender.rb:57:5 unsupported_construct: construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/appender.rb:62:5 unsupported_construct: construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/appender.rb:79:25 unsupported_construct: construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/appender.rb:131:5 unsupported_construct: construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/appender.rb:142:5 unsupported_construct: construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change",
      "app/models/chunker.rb:3:5 unsupported_construct: construct not lowered: tap's block appends to its parameter `body` with <<: a String cannot grow in place, so tap would answer it unchanged",
      "app/models/frozen_appender.rb:6:5 unsupported_construct: construct not lowered: `s << ...`: `s` is assigned at line 5 a String literal the file's `frozen_string_literal: true` freezes (Ruby raises FrozenError)",
      "app/models/notifier.rb:1:1 unsupported_construct: construct not lowered: superclass Noticed::Base of a plain class",
      "app/models/signup_form.rb:4:3 unsupported_construct: construct not lowered: validates_each in a plain class body",
      "app/models/tagger.rb:3:11 unsupported_construct: construct not lowered: include Comparable in a plain class",
    ]);
  });

  it("a tap whose block appends to its String parameter raises where reached (tap would answer the String unchanged); an Array's grows", async () => {
    const Chunker = await model("chunker", "Chunker");
    const error = raised(() => Chunker.joined(["a", "b"]));
    expect(error).not.toBe("no error");
    const [name, message, rescued] = error as [string, string, boolean];
    expect([name, rescued]).toEqual(["NotLowered", false]);
    expect(message).toContain("tap's block appends to its parameter `body` with <<");
    // Ruby: Chunker.collected(%w[a b]) => ["a", "b"]
    expect(Chunker.collected(["a", "b"])).toEqual(["a", "b"]);
  });

  it("a `<<` on a local that may share its String (a parameter, a block's parameter, a copy, one read before it grows) raises where reached as a String; one on a String built there answers as Ruby", async () => {
    const Appender = await model("appender", "Appender");
    const FrozenAppender = await model("frozen_appender", "FrozenAppender");
    const notLowered = (fn: () => unknown, what: string) => {
      const error = raised(fn);
      expect(error).not.toBe("no error");
      expect(((error as [string, string, boolean])[0])).toBe("NotLowered");
      expect((error as [string, string, boolean])[1]).toContain(what);
    };
    // Ruby 3.3 (chroot): Appender.built(%w[a b]) => "a,b,"; FrozenAppender.interpolated("n") => "n:x";
    // Appender.added([1], 2) => [1, 2]
    expect(Appender.built(["a", "b"])).toBe("a,b,");
    expect(FrozenAppender.interpolated("n")).toBe("n:x");
    expect(Appender.added([1], 2)).toEqual([1, 2]);
    // Ruby: t = +"t"; Appender.added(t, "x") grows t to "tx"; Appender.banged([+"a", +"b"]) => ["a!", "b!"];
    // Appender.copied(title) grows title too; Appender.listed => ["ab"]; FrozenAppender.literal raises FrozenError.
    notLowered(() => Appender.added("t", "x"), "`buf` is a parameter");
    notLowered(() => Appender.banged(["a", "b"]), "`name` is a block's parameter");
    notLowered(() => Appender.copied("T"), "`copy` is assigned at line 18");
    notLowered(() => Appender.listed(), "`s` is read at line 25 before it changes");
    notLowered(() => FrozenAppender.literal(), "freezes (Ruby raises FrozenError)");
    // Ruby: Appender.concatenated(%w[a b]) => "[a;b;]"; Appender.cleared([1, 2]) => []
    expect(Appender.concatenated(["a", "b"])).toBe("[a;b;]");
    expect(Appender.cleared([1, 2])).toEqual([]);
    // Ruby: Appender.first_concat([+"a"]) => ["a!"]; b = +"b"; Appender.prefixed(b) grows b to ">b"
    notLowered(() => Appender.firstConcat(["a"]), "`.concat` on a value no variable holds");
    notLowered(() => Appender.prefixed("b"), "`buf` is a parameter");
  });

  it("a `<<` on a value no variable holds raises where it reaches a String (the String would not grow); an Array, or a slot of a local Hash of Arrays, grows as Ruby's", async () => {
    const Appender = await model("appender", "Appender");
    const notLowered = (fn: () => unknown) => {
      const error = raised(fn);
      expect(error).not.toBe("no error");
      expect((error as [string, string, boolean]).slice(0, 2)).toEqual(["NotLowered", `rails2ts: not lowered: unsupported_construct: ${"construct not lowered: `<<` on a value no variable holds: a String cannot change in place, so its other references would not see the change"}`]);
    };
    const pairs = () => [["a", 1], ["b", 2], ["a", 3]];
    // Ruby 3.3 (chroot): Appender.stored({ a: +"x" }) => {:a=>"xy"}; Appender.titled(Struct.new(:title).new(+"T")).title
    // => "T!"; Appender.leaked([[:s, "x"], [:a, 1]]) => {:s=>"sx", :a=>[1]} (fill stored a String into the Hash)
    // Ruby 3.3: Appender.logged_const("a") => 1 (LOG = [] grows in place); Appender.named_const("x") grows NAME
    expect(Appender.loggedConst("a")).toBe(1);
    notLowered(() => Appender.namedConst("x"), "`<<` on a value no variable holds");
    notLowered(() => Appender.stored({ a: "x" }));
    notLowered(() => Appender.titled({ title: "T" }));
    notLowered(() => Appender.leaked([["s", "x"], ["a", 1]]));
    // Ruby: Appender.stored({ a: "x".html_safe }) => {:a=>"xy"} (a SafeBuffer is a String that grows in place too)
    const { SafeString } = (await linked("active-support/safe.js")) as Dyn;
    notLowered(() => Appender.stored({ a: new SafeString("x") }));
    // Ruby: Appender.stored({ a: [1] }) => {:a=>[1, "y"]}; Appender.bucketed / defaulted([[:a, 1], [:b, 2], [:a, 3]])
    // => {:a=>[1, 3], :b=>[2]}; Appender.fresh_grown("n") => "n:y"
    expect(Appender.stored({ a: [1] })).toEqual({ a: [1, "y"] });
    const entries = (h: unknown) => (h instanceof Map ? [...h] : Object.entries(h as object));
    expect(entries(Appender.bucketed(pairs()))).toEqual([["a", [1, 3]], ["b", [2]]]);
    expect(entries(Appender.defaulted(pairs()))).toEqual([["a", [1, 3]], ["b", [2]]]);
    expect(Appender.freshGrown("n")).toBe("n:y");
    // Ruby: Appender.slotted({}) => {:k=>"a"}; Appender.grouped(...) => {:a=>[1, 3], :b=>[2]}: `(h[k] ||= x)` as a value
    // is Ruby's ||= on the element, then << on what it answers: a String there (a parameter's Hash, a String stored)
    // is declined as any `<<` on a value no variable holds; a local Hash whose every store is an Array grows in place.
    notLowered(() => Appender.slotted({}));
    expect(entries(Appender.grouped(pairs()))).toEqual([["a", [1, 3]], ["b", [2]]]);
  });

  it("a `<<` on an ivar whose String another reference may hold raises where it reaches a String; one built in the method and read only after it grows answers as Ruby", async () => {
    const Appender = await model("appender", "Appender");
    // Ruby 3.3 (chroot): Appender.new.aliased("b") => "ab"; Appender.new.logged(%w[a b]) => "a;b;"
    const error = raised(() => new Appender().aliased("b"));
    expect(error).not.toBe("no error");
    expect((error as [string, string, boolean]).slice(0, 2)).toEqual(["NotLowered", `rails2ts: not lowered: unsupported_construct: construct not lowered: \`@buf << ...\`: \`@buf\` is read at line 99 before it changes (that reference would keep the String as it was); a String cannot change in place, so the other reference would not see the change`]);
    expect(new Appender().logged(["a", "b"])).toBe("a;b;");
    // Ruby: Appender.new.held => "xy" (snapshot answered the String @line then grew)
    expect(raised(() => new Appender().held())).toEqual(["NotLowered", expect.stringContaining("`@line` is read at line 118 in another method"), false]);
  });

  it("a plain class whose body holds a declined statement raises when instantiated (its validation is never skipped)", async () => {
    const SignupForm = await model("signup_form", "SignupForm");
    expect(raised(() => SignupForm.build({ email: "" }))).toEqual(
      declined("app/models/signup_form.rb:4", "unsupported_construct: construct not lowered: validates_each in a plain class body"),
    );
  });

  it("a plain class that includes a module the compiler does not know raises when instantiated (never an object without the module's methods)", async () => {
    const Tagger = await model("tagger", "Tagger");
    expect(raised(() => Tagger.build({ name: "x" }))).toEqual(declined("app/models/tagger.rb:3", "unsupported_construct: construct not lowered: include Comparable in a plain class"));
  });

  it("a declined validation raises on valid? and save, after the validations declared before it", async () => {
    const Checker = await model("checker", "Checker");
    const c = Checker.build({ code: "x" });
    const site = declined("app/models/checker.rb:3", "unsupported_construct: construct not lowered: validates format: regexp /\\Gx/ has no exact JS equivalent");
    expect([raised(() => c.isValid()), c.errors.fullMessages(), raised(() => c.save()), raised(() => Checker.createBang({ name: "ok" })), Checker.count()])
      .toEqual([site, ["Name can't be blank"], site, site, 0]);
  });

  it("a declined callback raises when its event fires, not before", async () => {
    const Hook = await model("hook", "Hook");
    const h = Hook.build({});
    expect([h.isValid(), raised(() => Hook.build({ name: "a" }).save()), Hook.count()]).toEqual([
      false, declined("app/models/hook.rb:3", "unsupported_option: option not supported: before_save if: with a String condition"), 0,
    ]);
  });

  it("a declined association option raises on the association's use, and dependent: on destroy", async () => {
    const Gadget = await model("gadget", "Gadget");
    const g = Gadget.createBang({ name: "g" });
    const counter = declined("app/models/gadget.rb:2", "unsupported_option: option not supported: has_many counter_cache:");
    const dependent = declined("app/models/gadget.rb:3", "unsupported_option: option not supported: has_many dependent: :destroy_async");
    expect([raised(() => g.parts.size()), raised(() => g.partIds()), raised(() => g.spares.toA()), raised(() => g.destroy()), Gadget.count()])
      .toEqual([counter, counter, dependent, dependent, 1]);
  });

  it("an unknown macro raises when a record is made (new or loaded)", async () => {
    const Widget = await model("widget", "Widget");
    const site = declined("app/models/widget.rb:2", "unsupported_construct: construct not lowered: model macro acts_as_list");
    const db = ((await linked("active-record/connection/index.js")) as Dyn).connection();
    db.execute(`INSERT INTO widgets (name, created_at, updated_at) VALUES ('w', '2024-01-01', '2024-01-01')`);
    expect([raised(() => Widget.build({ name: "w" })), Widget.count(), raised(() => Widget.first())]).toEqual([site, 1, site]);
  });

  it("a format regexp Rails refuses (multiline anchors) raises as the class would fail to load", async () => {
    const Doohickey = await model("doohickey", "Doohickey");
    expect(raised(() => Doohickey.build({ name: "x" }))).toEqual(declined("app/models/doohickey.rb:2",
      "unsupported_option: option not supported: validates format: a regexp with multiline anchors (^ or $) and no multiline: true (Rails raises ArgumentError when the model loads)"));
  });

  it("a class whose superclass is missing raises where it is used, naming the decline: the class methods it would inherit, and new", async () => {
    const Notifier = await model("notifier", "Notifier");
    const { send } = (await linked("active-support/core-ext/ops.js")) as Dyn;
    const missing = declined("app/models/notifier.rb:1", "unsupported_construct: construct not lowered: superclass Noticed::Base of a plain class");
    expect(raised(() => send(Notifier, "with", { to: "x" }))).toEqual(missing);
    expect(raised(() => send(Notifier, "new"))).toEqual(missing);
  });

  it("a declined scope raises when called", async () => {
    const ThingScope = await model("thing_scope", "ThingScope");
    expect(raised(() => ThingScope.odd())).toEqual(declined("app/models/thing_scope.rb:3", "unsupported_construct: construct not lowered: scope without a name and a lambda"));
    // A scope whose extension block holds more than defs: the scope itself raises (never a relation without them).
    expect(raised(() => ThingScope.even())).toEqual(declined("app/models/thing_scope.rb:5", "unsupported_construct: construct not lowered: include in a scope extension block"));
  });
});
