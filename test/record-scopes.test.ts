// ActiveRecord::Scoping::Named, the one scope mechanism (runtime/active-record/scoping.ts): a scope from the model
// descriptor is callable on the class, on any relation of the class and by its Ruby name through `scope()` (what
// the compiler emits where the receiver's TS type is unknown). Rails 7.2 rules checked here:
//   scoping/named.rb `scope`: the class method is `all._exec_scope(*args, &body)`
//   relation.rb `_exec_scope`: `instance_exec(...) || self`: a nil or false body gives the relation unchanged
//   relation/delegation.rb GeneratedRelationMethods: a relation's scope is `scoping { klass.name(...) }`, so it
//     chains onto the relation's own conditions; a subclass inherits its parent's scopes (singleton methods)
// Each expectation is the equivalent query written without the scope.
import { describe, expect, it } from "vitest";
import { Base, defineModel, scope, type ColumnMeta, type Relation } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";

const columns: ColumnMeta[] = [
  { name: "id", type: "integer", null: false }, { name: "type", type: "string" }, { name: "active", type: "boolean" }, { name: "rank", type: "integer" },
];

class Gadget extends Base {}
defineModel(Gadget, {
  name: "Gadget", table: "gadgets", names: names("Gadget", "gadget", "gadgets"), columns,
  scopes: [
    { name: "active", body: function (this: Relation<Gadget>) { return this.where({ active: true }); } },
    { name: "ranked_above", body: function (this: Relation<Gadget>, n: unknown) { return this.where("rank > ?", n); } },
    { name: "nothing", body: function () { return null; } },
    { name: "falsy", body: function () { return false; } },
    { name: "by_rank", body: function (this: Relation<Gadget>) { return this.order("rank"); } },
  ],
});
class Widget extends Gadget {}
defineModel(Widget, { name: "Widget", names: names("Widget", "widget", "widgets") });

const sql = (r: unknown) => (r as Relation<Gadget>).toSql();

describe("named scopes", () => {
  it("run on the class's all, by Ruby name and as a static", () => {
    expect(sql(scope(Gadget, "active"))).toBe(Gadget.where({ active: true }).toSql());
    expect(sql((Gadget as unknown as { active(): unknown }).active())).toBe(Gadget.where({ active: true }).toSql());
    expect(sql(scope(Gadget, "ranked_above", 3))).toBe(Gadget.where("rank > ?", 3).toSql());
  });

  it("chain onto a relation's conditions", () => {
    const base = Gadget.where({ rank: 1 });
    expect(sql(scope(base, "active"))).toBe(Gadget.where({ rank: 1 }).where({ active: true }).toSql());
    expect(sql(scope(scope(Gadget, "active"), "by_rank"))).toBe(Gadget.where({ active: true }).order("rank").toSql());
    expect(sql((base as unknown as { active(): unknown }).active())).toBe(Gadget.where({ rank: 1 }).where({ active: true }).toSql());
  });

  it("give the relation itself when the body returns nil or false", () => {
    expect(sql(scope(Gadget, "nothing"))).toBe(Gadget.all().toSql());
    expect(sql(scope(Gadget, "falsy"))).toBe(Gadget.all().toSql());
    expect(sql(scope(Gadget.where({ rank: 2 }), "nothing"))).toBe(Gadget.where({ rank: 2 }).toSql());
  });

  it("are inherited by a subclass, whose relation keeps its type condition", () => {
    expect(sql(scope(Widget, "active"))).toBe(Widget.where({ active: true }).toSql());
  });

  it("raise for a name the model does not define", () => {
    expect(() => scope(Gadget, "missing")).toThrow(TypeError);
  });
});
