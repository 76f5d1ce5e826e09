// The compiler's model lowering against real Rails 7.2.4: test/fixtures/record/lowered/ is a small Rails app whose
// model files both sides run: Rails loads them in fixtures/record/lowered.rb, this test compiles them with the
// compiler and replays the same steps on the emitted classes (association extension blocks, callback forms and
// conditions, enum options, scopes with left_joins, endless ranges and binds, to_param, touch and counter caches).
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { replaySteps } from "./support/record-replay.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/record/lowered");
const out = scratchDir("lowered");
const compiled = await compile(app, { out });
process.env.DATABASE_PATH = join(out, "lowered.sqlite3");
process.env.SECRET_KEY_BASE ??= "0".repeat(64);
// The emitted models and the runtime they import ("rails2ts/runtime", linked from the output directory).
await import(pathToFileURL(join(out, "dist/app.js")).href);
// Through its real path, so this test and the emitted modules share one instance of it.
const linked = (path: string) => import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime", path)).href);
const runtime = { ...(await linked("active-record/index.js")), ...(await linked("active-record/connection/index.js")) } as Dyn;
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = async (name: string) => ((await import(pathToFileURL(join(out, `dist/models/${name}.js`)).href)) as Dyn);
const Crew = (await load("crew")).Crew as Dyn;
const Member = (await load("member")).Member as Dyn;
const Ship = (await load("ship")).Ship as Dyn;
const Frigate = (await load("ships/frigate")).Ships_Frigate as Dyn;
const Sloop = (await load("ships/sloop")).Ships_Sloop as Dyn;
const Note = (await load("note")).Note as Dyn;
const Current = (await load("current")).Current as Dyn;
const Voyage = (await load("voyage")).Voyage as Dyn;
const className = (r: Dyn | null) => (r ? r.constructor.modelName.name : null);
// The recorder's stand-ins for SecureRandom.base58 and BCrypt's salt (and its minimum cost).
let tokens = 0;
runtime.setTokenGenerator((n: number) => `tok${++tokens}`.padEnd(n, "x"));
runtime.setSaltGenerator(() => "abcdefghijklmnopqrstuu");
runtime.setBcryptCost(4);
runtime.setClock(() => runtime.Time.utc(2024, 2, 15, 12, 0, 0));
afterAll(() => {
  runtime.setClock(null);
  runtime.setTokenGenerator(null);
  runtime.setSaltGenerator(null);
  runtime.setBcryptCost(12);
});

describe("compile test/fixtures/record/lowered", () => {
  it("lowers every model construct it uses (no diagnostics)", () => {
    expect(compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([]);
  });
});

const steps: Array<[string, () => unknown]> = [
  ["create runs the callback forms", () => {
    const c = Crew.createBang({ name: "Alpha", size: 2 });
    return [c.id, c.status, c.isCrewDrafted(), c.toParam()];
  }],
  ["a proc condition and a lambda unless", () => Crew.createBang({ name: "Big", size: 12 }).toParam()],
  ["update with an array condition", () => {
    const c = Crew.find(1);
    return [c.update({ size: 4 }), c.update({ size: 5 }), c.update({ name: "Alpha" })];
  }],
  ["extension methods", () => {
    const c = Crew.find(1);
    const ids = c.members.enlist("zed", "amy").map((m: Dyn) => m.id);
    return [ids, c.members.captainOf(), c.members.map((m: Dyn) => m.name), Crew.find(1).members_count];
  }],
  ["extension with an optional parameter and an endless range", () => {
    Member.findBy({ name: "amy" }).updateBang({ rank: 3 });
    const c = Crew.find(1);
    return [c.members.senior(), c.members.senior(4), c.members.pluck("name")];
  }],
  ["extension destroy_by touches and counts", () => {
    const c = Crew.find(1);
    return [c.members.discharge("zed").map((m: Dyn) => m.name), Crew.find(1).members_count];
  }],
  ["enum with prefix and string values", () => {
    const c = Crew.find(2);
    c.crewActiveBang();
    return [c.status, c.isCrewActive(), c.isCrewRetired(), Crew.crewActive().pluck("id"), Crew.notCrewDrafted().count(), Crew.statuses,
      c.statusBeforeTypeCast()];
  }],
  ["scopes with left_joins and binds", () => [Crew.unmanned().pluck("name"), Crew.namedLike("lph").pluck("id"), Crew.unmanned().namedLike("B").count()]],
  ["rollback", () => {
    Crew.transaction(() => {
      Crew.createBang({ name: "Gone", size: 1 });
      throw new runtime.Rollback();
    });
    return Crew.count();
  }],
  ["destroy", () => {
    const c = Crew.find(1);
    c.destroy();
    return [c.isDestroyed(), Member.count()];
  }],
  ["current attributes default and touch with a column", () => {
    const now = runtime.Time.utc(2024, 2, 15, 12, 30, 0);
    runtime.setClock(() => now);
    Current.crew = Crew.find(2);
    const f = Frigate.createBang({ name: "Swift" });
    const s = Sloop.createBang({ name: "Dart" });
    Current.reset();
    const c = Crew.find(2);
    return [className(f), f.crew_id, s.crew_id, c.refitted_at.asJson(), c.updated_at.asJson()];
  }],
  ["concern included and class_methods", () => {
    const n = Ship.build({ crew_id: 2 });
    return [Ship.alphabetical().pluck("name"), Ship.findNamed("Swift").id, Sloop.findNamed("Swift"), Ship.find(1).shout(), n.isValid(), n.errors.fullMessages()];
  }],
  ["STI becomes and a to_key override", () => {
    const s = Ship.find(2);
    const b = s.becomes(Ship);
    return [className(s), s.toKey(), s.toParam(), className(b), b.toKey(), Ship.where({ type: "Ships::Sloop" }).count(), Frigate.count()];
  }],
  ["scoped has_many and through with source", () => {
    const c = Crew.find(2);
    Ship.find(1).notes.createBang({ body: "hull" });
    c.notes.createBang({ body: "crew note" });
    return [c.frigates.pluck("name"), c.ship_notes.pluck("body"), c.notes.pluck("body"),
      Note.order("id").toA().map((n: Dyn) => [n.notable_type, n.notable.name])];
  }],
  ["validations", () => {
    const c = Crew.find(2);
    const a = c.members.create({ name: "x" });
    const m = c.members.createBang({ name: "Kim" });
    const dup = c.members.build({ name: "Kim" });
    m.rank = 12;
    return [a.errors.fullMessages(), dup.isValid(), dup.errors.fullMessages(), m.isValid(), m.errors.fullMessages(), m.isValid("create")];
  }],
  ["relation forms", () => [
    Crew.where({ size: { begin: null, end: 5, exclusive: false } }).or(Crew.where({ name: "Big" })).reorder({ id: "desc" }).pluck("id"),
    Crew.order("id").pick("name"), Crew.none().pluck("id"), Ship.order("id").first(2).map((s: Dyn) => s.id),
    Ship.order("id").last(1).map((s: Dyn) => s.id), Ship.where({ id: { begin: 2, end: null, exclusive: false } }).pluck("id"),
    Ship.where({ id: { begin: null, end: 2, exclusive: true } }).pluck("id"),
  ]],
  ["find_each and cache keys", () => {
    const names: string[] = [];
    Ship.findEach({ batch_size: 1 }, (s: Dyn) => void names.push(s.name));
    const c = Crew.find(2);
    return [names, c.cacheKey(), c.cacheKeyWithVersion(), Ship.find(2).cacheKey(), Ship.find(2).cacheKeyWithVersion()];
  }],
  ["validators in their lowered form", () => {
    const v = Voyage.build({ title: "", code: "ab", distance: 2.5, notes: "x", state: "lost" });
    const w = Voyage.build({ title: "Titanic", code: "ABC", code_confirmation: "ABD", distance: 1001 });
    return [v.isValid(), v.errors.fullMessages(), w.isValid(), w.errors.fullMessages(), Voyage.build({ title: "Ok", distance: 7 }).isValid()];
  }],
  ["create with around_create, a secure token and a password", () => {
    const v = Voyage.createBang({ title: "First", code: "ABC", code_confirmation: "ABC", distance: 10, password: "secret", crew_id: 2 });
    return [v.id, v.token, v.state, v.isPlannedState(), v.authenticate("nope"), v.authenticate("secret") === v, Voyage.find(v.id).password_digest];
  }],
  ["update with around_update and an enum with suffix", () => {
    const v = Voyage.find(1);
    v.updateBang({ state: "sailing", distance: 20 });
    return [v.isSailingState(), v.stateBeforeTypeCast(), Voyage.sailingState().count(), Voyage.notPlannedState().count(), v.update({ notes: "later" })];
  }],
  ["throw :abort in a prepended before_destroy, then a destroy", () => {
    const v = Voyage.find(1);
    const first = [v.destroy(), v.isDestroyed(), Voyage.exists(1)];
    v.dockedStateBang();
    return [...first, v.destroy() === v, v.isDestroyed(), Voyage.exists(1)];
  }],
  ["a touch cascade through a polymorphic belongs_to", () => {
    const now = runtime.Time.utc(2024, 2, 15, 13, 0, 0);
    runtime.setClock(() => now);
    Ship.find(2).notes.createBang({ body: "mast" });
    const c = Crew.find(2);
    return [Ship.find(2).updated_at.asJson(), c.refitted_at.asJson(), c.updated_at.asJson()];
  }],
  ["autosave of new children", () => {
    const c = Crew.build({ name: "Nova", size: 3 });
    c.members.build({ name: "Al" });
    c.members.build({ name: "Bo" });
    return [c.save(), c.members.toA().map((m: Dyn) => m.isPersisted()), Crew.find(c.id).members_count, c.members.count()];
  }],
  ["reload", () => {
    const m = Member.findBy({ name: "Al" });
    Member.where({ id: m.id }).updateAll({ rank: 5 });
    return [m.rank, m.reload().rank, Crew.findByBang({ name: "Nova" }).members.reload().toA().map((x: Dyn) => x.rank)];
  }],
  ["includes preload eager_load", () => [
    Crew.includes("members").order("id").toA().map((c: Dyn) => c.members.toA().map((m: Dyn) => m.name)),
    Crew.preload("ships").order("id").toA().map((c: Dyn) => c.ships.size()),
    Crew.eagerLoad("ships").where({ ships: { name: "Swift" } }).toA().map((c: Dyn) => c.name),
  ]],
  ["a scoped has_one and its builders", () => {
    const c = Crew.findByBang({ name: "Nova" });
    const before = c.flagship;
    const s = c.createFlagshipBang({ name: "Orca", type: "Ships::Frigate" });
    return [before, className(s), c.flagship.name, Crew.find(c.id).flagship.name, Crew.build({ name: "Tmp" }).buildFlagship({ name: "Tern" }).isNewRecord()];
  }],
  ["find_by! exists? and group counts", () => {
    let missing: unknown;
    try {
      Crew.findByBang({ name: "Nobody" });
    } catch (e) {
      missing = [`ActiveRecord::${(e as Error).name}`, (e as Error).message];
    }
    return [missing, Crew.exists({ name: "Nova" }), Ship.group("type").count(), Member.where({ rank: 0 }).exists()];
  }],
  ["STI new with a type", () => {
    const errors = [{ type: "Ships::Sloop" }, { type: "Nope" }].map((attrs) => {
      try {
        return Frigate.build(attrs);
      } catch (e) {
        return [`ActiveRecord::${(e as Error).name}`, (e as Error).message];
      }
    });
    return [className(Ship.build({ type: "Ships::Sloop" })), className(Ship.build({ type: "" })),
      className(Crew.find(2).ships.build({ type: "Ships::Sloop", name: "x" })), ...errors];
  }],
];

replaySteps("lowered", () => runtime.connection(), steps, Crew.TRACE as string[]);
