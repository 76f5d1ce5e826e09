// Callback order against real Rails 7.2.4 (fixtures/record/callbacks.rb): every chain, symbol / lambda / block /
// around forms, if:/unless:/on:/prepend:, throw :abort, inherited chains and the after_commit family. The models
// are declared as the compiler emits them: methods on the class, Ruby blocks as functions in the descriptor.
import { join } from "node:path";
import { afterAll } from "vitest";
import { Connection, loadSchema, Rollback, setConnection } from "../runtime/active-record/connection/index.js";
import { abort, Base, defineModel, setClock, Time, type CallbackDescriptor } from "../runtime/active-record/index.js";
import { inspect } from "../runtime/ruby/ruby.js";
import { names } from "./support/record-models.js";
import { replaySteps, rescue, type Divergence } from "./support/record-replay.js";
import { scratchDir } from "./support/scratch.js";

const trace: string[] = [];
const log = (line: string) => void trace.push(line);

class Widget extends Base {
  declare id: number;
  declare name: string | null;
  declare kind: string | null;
  declare size: number | null;
  isNamed() {
    return (this.name ?? "").trim() !== "";
  }
  traceFind() {
    log(`after_find ${this.id}`);
  }
  traceBeforeValidation() {
    log(`before_validation ${inspect(this.name)}`);
  }
  checkSize() {
    log("validate check_size");
    if ((this.size ?? 0) > 1000) this.errors.add("size", "is too big");
    if (this.name === "abort in validate") abort();
  }
  traceBeforeSave() {
    log(`before_save ${this.name ?? ""}`);
    if (this.name === "abort before save") abort();
  }
  firstOfAll() {
    log("before_save prepended");
  }
  aroundSaveMethod(proceed: () => unknown) {
    log("around_save before");
    if (this.name === "no yield") return;
    proceed();
    log(`around_save after ${this.isNewRecord()}`);
  }
  traceBeforeCreate() {
    log("before_create");
  }
  traceAfterCreate() {
    log(`after_create ${this.id}`);
  }
  traceBeforeUpdate() {
    log(`before_update size ${this.attributeWas("size")}->${this.size}`);
  }
  traceAfterSave() {
    log(`after_save ${this.isPreviouslyNewRecord()}`);
    if (this.name === "rollback after save") throw new Rollback();
  }
  traceBeforeDestroy() {
    log("before_destroy");
    if (this.kind === "keep") abort();
  }
  aroundDestroyMethod(proceed: () => unknown) {
    log("around_destroy before");
    proceed();
    log(`around_destroy after ${this.isDestroyed()}`);
  }
  traceCommitOnCreate() {
    log("after_commit on create");
  }
  traceCommitOnSave() {
    log("after_commit on create/update");
  }
  traceDup() {
    log("trace_dup (create or update?)");
  }
}

const callbacks: CallbackDescriptor[] = [
  { event: "after_initialize", fn(this: Widget) { log(`after_initialize ${inspect(this.name)} new=${this.isNewRecord()}`); } },
  { event: "after_find", method: "traceFind" },
  { event: "before_validation", method: "traceBeforeValidation" },
  { event: "before_validation", fn: () => log("before_validation on create"), options: { on: "create" } },
  { event: "before_validation", fn: (w: Widget) => log(`before_validation lambda(w) ${w.name}`), options: { if: "named?" } },
  { event: "validate", method: "checkSize" },
  { event: "validate", fn: () => log("validate on update"), options: { on: "update" } },
  { event: "after_validation", fn(this: Widget) { log(`after_validation lambda ${this.errors.count()}`); } },
  { event: "before_save", method: "traceBeforeSave", options: { unless: function (this: Widget) { return this.kind === "quiet"; } } },
  { event: "before_save", fn: (w: Widget) => log(`before_save block ${w.name ?? ""}`) },
  { event: "around_save", method: "aroundSaveMethod" },
  { event: "before_save", method: "firstOfAll", options: { prepend: true } },
  { event: "before_create", method: "traceBeforeCreate", options: { if: ["isNamed", function (this: Widget) { return (this.size ?? 0) < 100; }] } },
  {
    event: "around_create",
    fn: (w: Widget, block: () => unknown) => {
      log("around_create lambda before");
      block();
      log(`around_create lambda after ${w.id}`);
    },
  },
  { event: "after_create", method: "traceAfterCreate" },
  { event: "before_update", method: "traceBeforeUpdate", options: { if: (w: Widget) => w.isAttributeChanged("size") } },
  { event: "after_update", fn(this: Widget) { log(`after_update changes=${Object.keys(this.savedChanges()).sort().join(",")}`); } },
  { event: "after_save", method: "traceAfterSave" },
  { event: "before_destroy", method: "traceBeforeDestroy" },
  { event: "around_destroy", method: "aroundDestroyMethod" },
  { event: "after_destroy", fn(this: Widget) { log(`after_destroy ${this.isDestroyed()}`); } },
  { event: "after_touch", fn(this: Widget) { log(`after_touch ${this.name ?? ""}`); } },
  { event: "after_commit", fn: () => log("after_commit plain") },
  { event: "after_commit", method: "traceCommitOnCreate", options: { on: "create" } },
  { event: "after_commit", method: "traceCommitOnSave", options: { on: ["create", "update"] } },
  { event: "after_create_commit", method: "traceDup" },
  { event: "after_update_commit", method: "traceDup" },
  { event: "after_destroy_commit", fn: () => log("after_destroy_commit") },
  { event: "after_save_commit", fn: () => log("after_save_commit") },
  { event: "after_rollback", fn(this: Widget) { log(`after_rollback ${this.name ?? ""}`); } },
];

const columns = [
  { name: "id", type: "integer" as const, null: false },
  { name: "name", type: "string" as const },
  { name: "kind", type: "string" as const },
  { name: "size", type: "integer" as const },
  { name: "created_at", type: "datetime" as const, null: false },
  { name: "updated_at", type: "datetime" as const, null: false },
];
defineModel(Widget, { name: "Widget", table: "widgets", names: names("Widget", "widget", "widgets"), columns, callbacks });

class Gadget extends Widget {}
defineModel(Gadget, {
  name: "Gadget", table: "widgets", names: names("Gadget", "gadget", "gadgets"), columns,
  callbacks: [
    { event: "before_save", fn: () => log("Gadget before_save") },
    { event: "after_save", fn: () => log("Gadget after_save") },
    { event: "after_commit", fn: () => log("Gadget after_commit") },
  ],
});

const conn = new Connection(join(scratchDir("callbacks"), "t.sqlite3"));
loadSchema(conn, { tables: [{ name: "widgets", columns: columns.slice(1) }] });
setConnection(conn);
setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
afterAll(() => setClock(null));

const steps: Array<[string, () => unknown]> = [
  ["new", () => Widget.build({ name: "a" }).name],
  ["create", () => { const w = Widget.create({ name: "First", size: 5 }); return [w.isPersisted(), w.id]; }],
  ["create unnamed", () => { const w = Widget.create({ size: 7 }); return [w.isPersisted(), w.id]; }],
  ["create quiet", () => Widget.create({ name: "Q", kind: "quiet", size: 1 }).id],
  ["create big size skips before_create", () => Widget.create({ name: "Big", size: 500 }).id],
  ["find", () => Widget.find(1).name],
  ["where", () => Widget.where({ id: [1, 2] }).order("id").map((w) => w.id)],
  ["update size", () => { const w = Widget.find(1); return [w.update({ size: 6 }), w.size]; }],
  ["update name only", () => Widget.find(1).update({ name: "First!" })],
  ["save unchanged", () => Widget.find(1).save()],
  ["invalid", () => { const w = Widget.find(1); return [w.update({ size: 5000 }), w.errors.fullMessages()]; }],
  ["valid? on new", () => { const w = Widget.build({ name: "v" }); return [w.isValid(), w.errors.count()]; }],
  ["abort in validate", () => { const w = Widget.build({ name: "abort in validate" }); return [w.save(), w.isNewRecord()]; }],
  ["abort before save", () => { const w = Widget.build({ name: "abort before save" }); return [w.save(), w.isNewRecord()]; }],
  ["around without yield", () => { const w = Widget.build({ name: "no yield" }); return [w.save(), w.isNewRecord(), w.id]; }],
  ["rollback after save", () => { const w = Widget.build({ name: "rollback after save" }); return [w.save(), w.isNewRecord(), w.id, Widget.count()]; }],
  ["save! raises on abort", () => rescue(() => Widget.build({ name: "abort before save" }).saveBang())],
  ["touch", () => Widget.find(1).touch()],
  ["destroy", () => { const w = Widget.find(2); return [w.destroy() === w, w.isDestroyed()]; }],
  ["destroy aborted", () => { const w = Widget.createBang({ name: "Keeper", kind: "keep" }); return [w.destroy(), w.isDestroyed(), Widget.exists(w.id)]; }],
  ["destroy! aborted", () => rescue(() => Widget.findBy({ kind: "keep" })!.destroyBang())],
  ["transaction groups commits", () => {
    Widget.transaction(() => {
      Widget.createBang({ name: "T1", size: 1 });
      Widget.find(1).updateBang({ size: 8 });
      log("-- end of block");
    });
    return Widget.count();
  }],
  ["transaction rolled back", () => {
    Widget.transaction(() => {
      Widget.createBang({ name: "R1", size: 1 });
      throw new Rollback();
    });
    return Widget.count();
  }],
  ["subclass create", () => { const g = Gadget.create({ name: "G", size: 2 }); return [g.id, g.constructor.name]; }],
  ["subclass update", () => Gadget.find(1).update({ size: 9 })],
];

// `save` returns nil in Ruby when an around callback does not yield or a callback raises Rollback; our save is
// typed boolean (the compiler's contract) and returns false, which is falsy in the same places.
const divergences: Divergence[] = [
  { step: "around without yield", rails: [null, true, null], ours: [false, true, null], why: "save returns nil" },
  { step: "rollback after save", rails: [null, true, null, 5], ours: [false, true, null, 5], why: "save returns nil" },
];

replaySteps("callbacks", () => conn, steps, trace, divergences);
