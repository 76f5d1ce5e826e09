// Enum options against real Rails 7.2.4 (fixtures/record/enums.rb): string values with suffix and default,
// prefix with scopes: false, and validate: true.
import { join } from "node:path";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { replaySteps } from "./support/record-replay.js";
import { scratchDir } from "./support/scratch.js";

class Ticket extends Base {
  declare id: number;
  declare status: string | null;
  declare priority: string | null;
  declare kind: string | null;
}
defineModel(Ticket, {
  name: "Ticket", table: "tickets", names: names("Ticket", "ticket", "tickets"),
  columns: [{ name: "id", type: "integer", null: false }, { name: "status", type: "string" }, { name: "priority", type: "integer" }, { name: "kind", type: "integer" }],
  enums: [
    { attribute: "status", values: { open: "o", closed: "c" }, suffix: true, default: "closed" },
    { attribute: "priority", values: ["low", "high"], prefix: "level", scopes: false },
    { attribute: "kind", values: { bug: 0, feature: 1 }, validate: true },
  ],
});

const conn = new Connection(join(scratchDir("enums"), "e.sqlite3"));
loadSchema(conn, { tables: [{ name: "tickets", columns: [{ name: "status", type: "string" }, { name: "priority", type: "integer" }, { name: "kind", type: "integer" }] }] });
setConnection(conn);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dyn = (x: unknown) => x as any;

const steps: Array<[string, () => unknown]> = [
  ["defaults and mappings", () => { const t = Ticket.build(); return [t.status, t.priority, t.kind, dyn(Ticket).statuses, dyn(Ticket).priorities, dyn(Ticket).kinds]; }],
  ["suffix predicates and bang", () => {
    const t = dyn(Ticket.createBang({ priority: "high", kind: "bug" }));
    const a = [t.isClosedStatus(), t.isOpenStatus(), t.isLevelHigh(), t.isLevelLow(), t.readAttributeBeforeTypeCast("status")];
    t.openStatusBang();
    return [...a, t.status, Ticket.find(t.id).readAttributeBeforeTypeCast("status")];
  }],
  ["scopes", () => [dyn(Ticket).openStatus().count(), dyn(Ticket).notOpenStatus().count(), "levelLow" in Ticket, "low" in Ticket, Ticket.where({ status: "open" }).count()]],
  ["validate true", () => { const t = Ticket.build({ kind: "epic" }); return [t.kind, t.isValid(), t.errors.fullMessages(), Ticket.build({ kind: null }).isValid()]; }],
];

replaySteps("enums", () => conn, steps, []);
