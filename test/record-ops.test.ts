// Replays test/fixtures/record/ops.rb step by step against the model runtime: every step must send the same
// statements (name, SQL text, binds) as real Rails 7.2.4 did, return the same value and trace the same callbacks.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { inOrder } from "./support/sequence.js";
import { Rollback } from "../runtime/active-record/connection/index.js";
import { toJson } from "../runtime/active-support/json-encode.js";
import { setClock, Time, type ErrorEntry, type Base } from "../runtime/active-record/index.js";
import { inspect } from "../runtime/ruby/ruby.js";
import { freshDatabase, Label, Project, Tag, Task, trace } from "./support/record-models.js";

type Step = { name: string; sql: Array<[string, string, unknown[]]>; value: unknown; trace: string[] };
const recorded = JSON.parse(readFileSync(new URL("./fixtures/record/ops.json", import.meta.url), "utf8")) as Step[];

const conn = freshDatabase();
const frozen = () => Time.utc(2024, 2, 15, 12, 0, 0);
setClock(frozen);
afterAll(() => setClock(null));

const errorsOf = (r: Base) => r.errors.toA().map((e: ErrorEntry) => [e.attribute(), e.message(), e.fullMessage()]);
const rescue = (fn: () => unknown) => {
  try {
    return fn();
  } catch (e) {
    return [`ActiveRecord::${(e as Error).name}`, (e as Error).message];
  }
};
const rollback = (): never => {
  throw new Rollback();
};
const ids = (records: Base[]) => records.map((r) => r.id);

// The same steps, in the same order, as ops.rb (each returns what the Ruby block returned).
const steps: Array<[string, () => unknown]> = [
  ["create valid", () => { const p = Project.create({ title: "Alpha", description: "Long enough text" }); return [p.isPersisted(), p.asJson()]; }],
  ["create invalid", () => { const p = Project.create({ title: " ", description: "short" }); return [p.isPersisted(), p.isNewRecord(), errorsOf(p)]; }],
  ["create! invalid", () => rescue(() => Project.createBang({ title: "", description: "x" }))],
  ["create with explicit id and times", () => Project.createBang({ id: 7, title: "Seeded", description: "Seeded with fixed times", created_at: "2024-01-10 09:00:00", updated_at: "2024-01-10 09:30:00.25" }).asJson()],
  ["find", () => Project.find(1).asJson()],
  ["find string id", () => Project.find("7").title],
  ["find missing", () => rescue(() => Project.find(42))],
  ["find_by", () => Project.findBy({ title: "Seeded" })?.id],
  ["find_by missing", () => Project.findBy({ title: "Nope" })],
  ["where order limit", () => ids(Project.where({ title: "Alpha" }).order({ created_at: "desc" }).limit(2).toA())],
  ["where nil", () => Project.where({ description: null }).toA().length],
  ["where in", () => Project.where({ id: [1, 7] }).order("title").map((p) => p.title)],
  ["order string", () => ids(Project.order("created_at DESC").toA())],
  ["all", () => ids(Project.all().toA())],
  ["first last", () => [Project.first()!.id, Project.last()!.id, (Project.order("title").last() as Project).title]],
  ["count exists", () => [Project.count(), Project.where({ title: "Alpha" }).count(), Project.exists(), Project.where({ title: "Zed" }).exists()]],
  ["update valid", () => { const p = Project.find(1); return [p.update({ title: "Alpha 2" }), p.asJson()]; }],
  ["update unchanged", () => { const p = Project.find(1); return [p.update({ title: "Alpha 2" }), p.updated_at.asJson()]; }],
  ["update at a later time", () => {
    setClock(() => Time.utc(2024, 2, 16, 8, 30, 0, 250000));
    try {
      const p = Project.find(1);
      return [p.update({ description: "Updated later on" }), p.asJson()];
    } finally {
      setClock(frozen);
    }
  }],
  ["json order after reading only", () => { const p = Project.find(1); void p.title; return Object.keys(p.asJson()); }],
  ["json order after write without save", () => { const p = Project.find(1); p.description = "Unsaved change"; return Object.keys(p.asJson()); }],
  ["json order after changed? then save", () => { const p = Project.find(1); p.isChanged(); p.update({ title: "Alpha 2" }); return Object.keys(p.asJson()); }],
  ["update invalid", () => { const p = Project.find(1); return [p.update({ title: "" }), errorsOf(p), p.title]; }],
  ["dirty tracking", () => {
    const p = Project.find(1);
    const before = p.isChanged();
    p.title = "Changed";
    return [before, p.isChanged(), p.changed(), p.isAttributeChanged("title"), p.attributeWas("title"), p.changes()];
  }],
  ["save new", () => { const p = Project.build({ title: "Beta", description: "Beta description" }); return [p.isNewRecord(), p.save(), p.isNewRecord(), p.id]; }],
  ["task create checks parent", () => { const t = Task.create({ project_id: 1, name: "First", position: 1 }); return [t.isPersisted(), t.asJson()]; }],
  ["task create without parent", () => { const t = Task.create({ name: "Orphan" }); return [t.isPersisted(), errorsOf(t)]; }],
  ["task create missing parent", () => { const t = Task.create({ project_id: 999, name: "Lost" }); return [t.isPersisted(), errorsOf(t)]; }],
  ["task create too short", () => errorsOf(Task.create({ project_id: 1, name: "x" }))],
  ["association create", () => { const p = Project.find(1); const t = p.tasks.create({ name: "Second", position: 2 }); return [t.isPersisted(), t.project_id]; }],
  ["association build then save parent", () => {
    const p = Project.find(8);
    const t = p.tasks.build({ name: "Built", position: 3 });
    return [t.isNewRecord(), p.save(), t.isPersisted(), t.project_id];
  }],
  ["association load", () => Project.find(1).tasks.map((t) => t.name)],
  ["association order", () => Project.find(1).tasks.order({ position: "desc" }).map((t) => t.name)],
  ["association count size empty", () => {
    const p = Project.find(1);
    return [p.tasks.count(), p.tasks.size(), p.tasks.isEmpty(), p.tasks.isAny(), p.tasks.toA().length, p.tasks.size(), p.tasks.isEmpty()];
  }],
  ["association build merges on load", () => {
    const p = Project.find(1);
    p.tasks.build({ name: "Unsaved" });
    return p.tasks.map((t) => [t.name, t.isNewRecord()]);
  }],
  ["belongs_to load", () => { const t = Task.find(1); return [t.project!.title, t.project!.id]; }],
  ["task update keeps parent unchecked", () => { const t = Task.find(1); return [t.update({ name: "Renamed" }), t.name]; }],
  ["task update changes parent", () => { const t = Task.find(1); return [t.update({ project_id: 7 }), t.project_id]; }],
  ["reload", () => { const p = Project.find(1); p.title = "Dirty"; p.reload(); return [p.title, p.isChanged()]; }],
  ["label optional parent", () => { const l = Label.create({ code: "abc", note: "hi" }); return [l.isPersisted(), l.project_id]; }],
  ["label optional parent given", () => { const l = Label.create({ code: "abd", project_id: 1 }); return [l.isPersisted(), l.project_id]; }],
  ["label errors", () => {
    const l = Label.create({ code: "", note: "far too long" });
    const e = l.errors;
    return [errorsOf(l), e.count(), e.fullMessages(), e.get("code"), e.get("note"), e.get("weight"), e.fullMessagesFor("code"), e.attributeNames()];
  }],
  ["label wrong length", () => errorsOf(Label.create({ code: "abcd" }))],
  ["casting", () => {
    const l = Label.build();
    const out: Record<string, unknown> = {};
    for (const v of ["2.5", "", " 3 ", "abc", 4, null, "1e3"]) { l.weight = v as never; out[`weight ${inspect(v)}`] = l.weight; }
    for (const v of ["2024-02-29", "2024-02-30", "", "garbage", "2024/03/01"]) { l.due_on = v as never; out[`due_on ${inspect(v)}`] = l.due_on?.toRubyString() ?? null; }
    const t = Task.build();
    for (const v of ["12", "12abc", "abc", "", " 7 ", 3.7, "3.7", true, false, null]) { t.position = v as never; out[`position ${inspect(v)}`] = t.position; }
    for (const v of ["1", "0", "true", "false", "f", "t", "off", "on", "", "yes", null, 0, 1]) { t.done = v as never; out[`done ${inspect(v)}`] = t.done; }
    for (const v of [123, 1.5, true, null, "x"]) { t.name = v as never; out[`name ${inspect(v)}`] = t.name; }
    for (const v of ["2024-02-15 13:14:15", "2024-02-15T13:14:15.5+02:00", "2024-02-15 13:14:15.1234567", "2024-02-15", "nope", ""]) {
      t.created_at = v as never;
      out[`created_at ${inspect(v)}`] = t.created_at?.asJson() ?? null;
    }
    return out;
  }],
  ["human attribute names", () => ["title", "project_id", "due_on", "created_at", "id"].map((a) => Label.humanAttributeName(a))],
  ["new defaults", () => { const t = Task.build(); return [t.asJson(), t.toParam(), t.toKey(), t.isPersisted(), t.isNewRecord()]; }],
  ["persisted keys", () => { const t = Task.find(1); return [t.toParam(), t.toKey(), t.isPersisted(), t.isNewRecord()]; }],
  ["destroy with dependents", () => { const p = Project.find(1); p.destroy(); return [p.isDestroyed(), p.isPersisted(), Task.where({ project_id: 1 }).count()]; }],
  ["destroy returns", () => { const p = Project.find(7); return p.destroy() === p; }],
  ["transaction joins", () => {
    Project.transaction(() => {
      Project.createBang({ title: "T1", description: "Transaction one" });
      Project.transaction(() => Project.createBang({ title: "T2", description: "Transaction two" }));
    });
    return Project.count();
  }],
  ["transaction savepoint rollback", () => {
    Project.transaction(() => {
      Project.createBang({ title: "S1", description: "Savepoint outer" });
      Project.transaction(() => { Project.createBang({ title: "S2", description: "Savepoint inner" }); rollback(); }, { requiresNew: true });
    });
    return Project.where({ title: ["S1", "S2"] }).map((p) => p.title);
  }],
  ["transaction rollback", () => {
    Project.transaction(() => { Project.createBang({ title: "R1", description: "Rolled back one" }); rollback(); });
    return Project.exists({ title: "R1" });
  }],
  ["transaction unused", () => Project.transaction(() => 1)],
  ["count with order", () => Project.order("title").count()],
  ["count with limit", () => Project.limit(2).count()],
  ["count where nil and in", () => Project.where({ description: null, id: [8, 9] }).count()],
  ["exists with order", () => Project.order({ title: "desc" }).exists()],
  ["pluck ids", () => [Project.order("id").pluck("title"), Project.where({ title: "T1" }).pluck("id", "title"), Project.order({ id: "desc" }).ids()]],
  ["first with limit and offset", () => [
    ids(Project.order("id").limit(2).offset(1).toA()), ids(Project.order("id").first(2) as Project[]), ids(Project.order("id").last(2) as Project[]),
  ]],
  ["find_by ordered", () => Project.order({ id: "desc" }).findBy({ description: "Transaction one" })?.title],
  ["where by association", () => { const p = Project.find(8); return Task.where({ project: p }).map((t) => t.name); }],
  ["where chained", () => Task.where({ done: false }).where({ position: 3 }).order("id").order({ name: "desc" }).map((t) => t.name)],
  ["empty in", () => Project.where({ id: [] }).toA().length],
  ["loaded relation", () => {
    const r = Project.order("id");
    r.toA();
    return [r.size(), r.isEmpty(), r.isAny(), (r.first() as Project).id, (r.last() as Project).id, r.count()];
  }],
  ["unloaded relation predicates", () => { const r = Project.where({ title: "T1" }); return [r.size(), r.isEmpty(), r.isAny(), r.exists()]; }],
  ["find_by!", () => rescue(() => Project.findByBang({ title: "Nope" }))],
  ["find many ids missing", () => rescue(() => Project.find([8, 999]))],
  ["find with string that is not a number", () => rescue(() => Project.find("abc"))],
  ["destroy_all and delete_all", () => [Task.where({ project_id: 8 }).destroyAll().length, Label.deleteAll()]],
  ["update! invalid", () => rescue(() => Project.find(8).updateBang({ title: "" }))],
  ["save! valid", () => { const p = Project.find(8); p.title = "Beta 2"; return p.saveBang(); }],
  ["touch", () => {
    setClock(() => Time.utc(2024, 3, 1, 9, 0, 0));
    const p = Project.find(8);
    return [p.touch(), p.updated_at.asJson()];
  }],
  ["preload setup", () => ([[9, "P9a"], [9, "P9b"], [10, "P10a"]] as const).map(([pid, name]) => Task.createBang({ project_id: pid, name }).id)],
  ["includes has_many", () => Project.includes("tasks").order("id").map((p) => [p.id, p.tasks.map((t) => t.name), p.tasks.size()])],
  ["includes belongs_to", () => Task.includes("project").order("id").map((t) => t.project!.title)],
  ["includes one owner", () => Project.where({ id: 9 }).includes("tasks").map((p) => p.tasks.map((t) => t.name))],
  ["preloaded children know their parent", () => (Project.includes("tasks").where({ id: 10 }).first() as Project).tasks.map((t) => t.project!.title)],
  ["tag valid", () => { const t = Tag.create({ name: "ruby", kind: "topic", count: 3 }); return [t.isPersisted(), errorsOf(t)]; }],
  ["tag invalid", () => { const t = Tag.create({ name: "ruby", kind: "place", count: "2.5" }); return [t.isPersisted(), errorsOf(t)]; }],
  ["tag more invalid", () => { const t = Tag.build({ name: "Ruby 3", count: "abc" }); return [t.isValid(), errorsOf(t)]; }],
  ["tag numericality bounds", () => { const t = Tag.build({ name: "rails", count: 0 }); return [t.isValid(), errorsOf(t)]; }],
  ["tag uniqueness on update", () => { const t = Tag.findBy({ name: "ruby" })!; t.count = 4; return [t.save(), errorsOf(t)]; }],
];

describe("model operations against recorded Rails SQL", () => {
  it("replays exactly the recorded steps, in order", () => {
    expect(steps.map(([name]) => name)).toEqual(recorded.map((s) => s.name));
  });

  const prepare = inOrder(steps);
  steps.forEach(([name, run], i) => {
    it(name, () => {
      prepare(i);
      const sql: Array<[string, string, unknown[]]> = [];
      const off = conn.onSql((e) => sql.push([e.name, e.sql, e.binds]));
      trace.length = 0;
      conn.resetStatementCount();
      let value: unknown;
      try {
        value = JSON.parse(toJson(run() ?? null));
      } finally {
        off();
      }
      const expected = recorded[i]!;
      expect({ name, sql, value, trace: [...trace] }).toEqual(expected);
      expect(conn.statementCount).toBe(expected.sql.length);
    });
  });
});
