// touch: true three levels deep against real Rails 7.2.4 (fixtures/record/cascade.rb): creating a Vote under
// Card < List < Board moves every ancestor's updated_at (Board's activity_at too, touch: :activity_at) with one
// deferred UPDATE per ancestor just before COMMIT, and after_touch runs exactly once per level — also when the
// card moves (old and new parents), when two votes are created in one outer transaction, and on destroy.
import { join } from "node:path";
import { afterAll } from "vitest";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel, setClock, Time, type ColumnMeta } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { replaySteps } from "./support/record-replay.js";
import { scratchDir } from "./support/scratch.js";

const trace: string[] = [];
const stamps: ColumnMeta[] = [{ name: "created_at", type: "datetime", null: false }, { name: "updated_at", type: "datetime", null: false }];
const id: ColumnMeta = { name: "id", type: "integer", null: false };
const iso = (t: Time | null) => (t ? t.iso8601() : "");

class Board extends Base {
  declare id: number;
  declare updated_at: Time;
  declare activity_at: Time | null;
}
defineModel(Board, {
  name: "Board", table: "boards", names: names("Board", "board", "boards"),
  columns: [id, { name: "name", type: "string" }, { name: "activity_at", type: "datetime" }, ...stamps],
  associations: [{ kind: "has_many", name: "lists", className: "List", foreignKey: "board_id" }],
  callbacks: [
    { event: "after_touch", fn(this: Board) { trace.push(`Board#after_touch ${this.id} ${iso(this.updated_at)} ${iso(this.activity_at)}`); } },
    { event: "after_commit", fn(this: Board) { trace.push(`Board#after_commit ${this.id}`); } },
  ],
});

class List extends Base {
  declare id: number;
  declare updated_at: Time;
}
defineModel(List, {
  name: "List", table: "lists", names: names("List", "list", "lists"),
  columns: [id, { name: "board_id", type: "integer", null: false }, { name: "name", type: "string" }, ...stamps],
  associations: [
    { kind: "belongs_to", name: "board", className: "Board", foreignKey: "board_id", options: { touch: "activity_at" } },
    { kind: "has_many", name: "cards", className: "Card", foreignKey: "list_id" },
  ],
  callbacks: [{ event: "after_touch", fn(this: List) { trace.push(`List#after_touch ${this.id} ${iso(this.updated_at)}`); } }],
});

class Card extends Base {
  declare id: number;
  declare updated_at: Time;
}
defineModel(Card, {
  name: "Card", table: "cards", names: names("Card", "card", "cards"),
  columns: [id, { name: "list_id", type: "integer", null: false }, { name: "title", type: "string" }, ...stamps],
  associations: [
    { kind: "belongs_to", name: "list", className: "List", foreignKey: "list_id", options: { touch: true } },
    { kind: "has_many", name: "votes", className: "Vote", foreignKey: "card_id" },
  ],
  callbacks: [{ event: "after_touch", fn(this: Card) { trace.push(`Card#after_touch ${this.id} ${iso(this.updated_at)}`); } }],
});

class Vote extends Base {
  declare id: number;
}
defineModel(Vote, {
  name: "Vote", table: "votes", names: names("Vote", "vote", "votes"),
  columns: [id, { name: "card_id", type: "integer", null: false }, { name: "weight", type: "integer" }, ...stamps],
  associations: [{ kind: "belongs_to", name: "card", className: "Card", foreignKey: "card_id", options: { touch: true } }],
  callbacks: [{ event: "after_create", fn(this: Vote) { trace.push(`Vote#after_create ${this.id}`); } }],
});

const conn = new Connection(join(scratchDir("cascade"), "c.sqlite3"));
const cols = (list: ColumnMeta[]) => list.filter((c) => c.name !== "id");
loadSchema(conn, {
  tables: [
    { name: "boards", columns: cols([{ name: "name", type: "string" }, { name: "activity_at", type: "datetime" }, ...stamps]) },
    { name: "lists", columns: cols([{ name: "board_id", type: "integer", null: false }, { name: "name", type: "string" }, ...stamps]) },
    { name: "cards", columns: cols([{ name: "list_id", type: "integer", null: false }, { name: "title", type: "string" }, ...stamps]) },
    { name: "votes", columns: cols([{ name: "card_id", type: "integer", null: false }, { name: "weight", type: "integer" }, ...stamps]) },
  ],
});
setConnection(conn);
afterAll(() => setClock(null));
const at = (minute: number) => setClock(() => Time.utc(2024, 2, 15, 12, minute, 0));

function snapshot(): string[] {
  const rows = (cls: typeof Board | typeof List | typeof Card, label: string) => cls.order("id").map((r) => `${label} ${r.id} ${iso(r.updated_at)}`);
  return [...rows(Board, "Board"), ...rows(List, "List"), ...rows(Card, "Card"), ...Board.order("id").map((b) => `activity ${b.id} ${iso(b.activity_at)}`)];
}

const steps: Array<[string, () => unknown]> = [
  ["seed", () => {
    at(0);
    Base.transaction(() => {
      Board.createBang({ id: 1, name: "B1" });
      Board.createBang({ id: 2, name: "B2" });
      List.createBang({ id: 1, board_id: 1, name: "L1" });
      List.createBang({ id: 2, board_id: 2, name: "L2" });
      Card.createBang({ id: 1, list_id: 1, title: "C1" });
    });
    return snapshot();
  }],
  ["create vote three levels down", () => (at(30), Vote.createBang({ card_id: 1, weight: 1 }).id)],
  ["every ancestor moved", () => snapshot()],
  ["update vote", () => (at(40), Vote.find(1).updateBang({ weight: 2 }))],
  ["move card to another list", () => (at(45), Card.find(1).updateBang({ list_id: 2 }))],
  ["both boards moved", () => snapshot()],
  ["cascade inside an outer transaction", () => {
    at(50);
    Base.transaction(() => {
      Vote.createBang({ card_id: 1, weight: 3 });
      Vote.createBang({ card_id: 1, weight: 4 });
      trace.push("-- end of block");
    });
    return snapshot();
  }],
  ["destroy vote", () => (at(55), (Vote.find(1).destroy() as Vote).isDestroyed())],
  ["after destroy", () => snapshot()],
];

replaySteps("cascade", () => conn, steps, trace);
