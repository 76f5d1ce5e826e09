// Memos of association and query text: the automatic inverse_of an association detects is remembered per
// association (detected anew when an inflection rule changes the candidate names, or the target model is defined
// again); quoted "table"."column" pairs and cache versions of updated_at texts are kept per text.
import { describe, expect, it } from "vitest";
import { Base, defineModel } from "../runtime/active-record/index.js";
import { inverseOf } from "../runtime/active-record/association.js";
import { metaOf } from "../runtime/active-record/model.js";
import { createInflectionRegistry, inflections, withInflections } from "../runtime/active-support/inflections.js";

const id = { name: "id", type: "integer" as const, null: false };
const fk = (name: string) => ({ name, type: "integer" as const });

describe("inverseOf's memo", () => {
  it("detects anew when an inflection rule changes the owner's plural name", () => {
    class Snarg extends Base {}
    class Snib extends Base {}
    withInflections(createInflectionRegistry(), () => {
      defineModel(Snarg, { name: "Snarg", table: "snargs", columns: [id], associations: [{ kind: "has_many", name: "snibs", className: "Snib", foreignKey: "snarg_id", options: {} }] });
      // The target's belongs_to is named as the owner's plural: "snargim" only once the irregular rule says so.
      defineModel(Snib, { name: "Snib", table: "snibs", columns: [id, fk("snarg_id")], associations: [{ kind: "belongs_to", name: "snargim", className: "Snarg", foreignKey: "snarg_id", options: {} }] });
      const owner = metaOf(Snarg);
      const assoc = owner.associations.get("snibs")!;
      expect(inverseOf(owner, assoc)).toBe(null);
      inflections().irregular("snarg", "snargim");
      expect(inverseOf(owner, assoc)).toBe("snargim");
    });
  });

  it("detects anew when the target model is defined again", () => {
    class Kennel extends Base {}
    class Pup extends Base {}
    defineModel(Kennel, { name: "Kennel", table: "kennels", columns: [id], associations: [{ kind: "has_many", name: "pups", className: "Pup", foreignKey: "kennel_id", options: {} }] });
    defineModel(Pup, { name: "Pup", table: "pups", columns: [id, fk("kennel_id")], associations: [{ kind: "belongs_to", name: "kennel", className: "Kennel", foreignKey: "kennel_id", options: {} }] });
    const owner = metaOf(Kennel);
    const assoc = owner.associations.get("pups")!;
    expect(inverseOf(owner, assoc)).toBe("kennel");
    class Pup2 extends Base {}
    defineModel(Pup2, { name: "Pup", table: "pups", columns: [id, fk("kennel_id")], associations: [{ kind: "belongs_to", name: "kennel", className: "Kennel", foreignKey: "other_id", options: {} }] });
    expect(inverseOf(owner, assoc)).toBe(null);
  });
});

describe("quoted column names", () => {
  it("quote each name of each pair, doubling quotes, the same text on every call", async () => {
    const { quotedColumn } = await import("../runtime/active-record/arel.js");
    expect(quotedColumn("users", "name")).toBe('"users"."name"');
    expect(quotedColumn("users", "name")).toBe('"users"."name"');
    expect(quotedColumn("users", "email")).toBe('"users"."email"');
    expect(quotedColumn("posts", "name")).toBe('"posts"."name"');
    expect(quotedColumn('we"ird', 'co"l')).toBe('"we""ird"."co""l"');
  });
});

describe("cache versions from the database's updated_at text", () => {
  it("answer each text's own digits, on every call", async () => {
    const { recordCacheVersion } = await import("../runtime/active-record/record-key.js");
    const record = (raw: string) => ({
      id: 1, modelName: { collection: "posts" }, isNewRecord: () => false, hasAttribute: (n: string) => n === "updated_at",
      readAttribute: () => null, readAttributeBeforeTypeCast: () => raw, isAttributeChanged: () => false,
    });
    expect(recordCacheVersion(record("2024-02-15 12:00:00.123456"))).toBe("20240215120000123456");
    expect(recordCacheVersion(record("2024-02-15 12:00:00.123456"))).toBe("20240215120000123456");
    expect(recordCacheVersion(record("2024-02-15 12:00:01"))).toBe("20240215120001000000");
    expect(recordCacheVersion(record("2024-02-15 12:00:01"))).toBe("20240215120001000000");
  });
});
