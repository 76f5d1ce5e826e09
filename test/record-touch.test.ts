// belongs_to touch: true against real Rails 7.2.4 (fixtures/record/touch.rb): deferred parent UPDATEs just
// before COMMIT, old and new parent when the key moves, after_touch, and the transitive cascade.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inOrder } from "./support/sequence.js";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { toJson } from "../runtime/gems/jbuilder/index.js";
import { Base, defineModel, setClock, Time, type CollectionProxy } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

type Step = { name: string; sql: Array<[string, string, unknown[]]>; value: unknown; trace: string[] };
const recorded = JSON.parse(readFileSync(new URL("./fixtures/record/touch.json", import.meta.url), "utf8")) as Step[];
const trace: string[] = [];

const stamps = [
  { name: "created_at", type: "datetime" as const, null: false },
  { name: "updated_at", type: "datetime" as const, null: false },
];

class Board extends Base {
  declare id: number;
  declare updated_at: Time;
  tracedTouch() {
    trace.push(`Board#after_touch ${this.id}`);
  }
}
defineModel(Board, {
  name: "Board", table: "boards", names: names("Board", "board", "boards"),
  columns: [{ name: "id", type: "integer", null: false }, { name: "name", type: "string" }, ...stamps],
  associations: [{ kind: "has_many", name: "cards", className: "Card", foreignKey: "board_id" }],
  callbacks: [{ event: "after_touch", method: "tracedTouch" }],
});

class Card extends Base {
  declare id: number;
  declare updated_at: Time;
  declare votes: CollectionProxy<Vote>;
  tracedTouch() {
    trace.push(`Card#after_touch ${this.id}`);
  }
}
defineModel(Card, {
  name: "Card", table: "cards", names: names("Card", "card", "cards"),
  columns: [{ name: "id", type: "integer", null: false }, { name: "board_id", type: "integer", null: false }, { name: "title", type: "string" }, ...stamps],
  associations: [
    { kind: "belongs_to", name: "board", className: "Board", foreignKey: "board_id", options: { touch: true } },
    { kind: "has_many", name: "votes", className: "Vote", foreignKey: "card_id" },
  ],
  callbacks: [{ event: "after_touch", method: "tracedTouch" }],
});

class Vote extends Base {
  declare id: number;
}
defineModel(Vote, {
  name: "Vote", table: "votes", names: names("Vote", "vote", "votes"),
  columns: [{ name: "id", type: "integer", null: false }, { name: "card_id", type: "integer", null: false }, { name: "weight", type: "integer" }, ...stamps],
  associations: [{ kind: "belongs_to", name: "card", className: "Card", foreignKey: "card_id", options: { touch: true } }],
});

const conn = new Connection(join(scratchDir("touch"), "t.sqlite3"));
loadSchema(conn, {
  tables: [
    { name: "boards", columns: [{ name: "name", type: "string" }, ...stamps] },
    { name: "cards", columns: [{ name: "board_id", type: "integer", null: false }, { name: "title", type: "string" }, ...stamps] },
    { name: "votes", columns: [{ name: "card_id", type: "integer", null: false }, { name: "weight", type: "integer" }, ...stamps] },
  ],
});
setConnection(conn);
afterAll(() => setClock(null));
const at = (minute: number) => setClock(() => Time.utc(2024, 2, 15, 12, minute, 0));

const steps: Array<[string, () => unknown]> = [
  ["seed boards", () => (at(0), [Board.createBang({ name: "One" }).id, Board.createBang({ name: "Two" }).id])],
  ["create card touches board", () => (at(5), Card.createBang({ board_id: 1, title: "Card" }).id)],
  ["board updated_at", () => Board.find(1).updated_at.asJson()],
  ["create vote cascades", () => (at(10), Vote.createBang({ card_id: 1, weight: 1 }).id)],
  ["times after cascade", () => [Card.find(1).updated_at.asJson(), Board.find(1).updated_at.asJson()]],
  ["update card without change", () => (at(15), Card.find(1).updateBang({ title: "Card" }))],
  ["update card", () => Card.find(1).updateBang({ title: "Renamed" })],
  ["move card to other board", () => (at(20), Card.find(1).updateBang({ board_id: 2 }))],
  ["board times", () => Board.order("id").map((b) => b.updated_at.asJson())],
  ["destroy vote", () => (at(25), (Vote.find(1).destroy() as Vote).isDestroyed())],
  ["touch card directly", () => Card.find(1).touch()],
  ["create via association", () => Card.find(1).votes.createBang({ weight: 2 }).id],
];

describe("belongs_to touch: true", () => {
  it("replays the recorded steps in order", () => {
    expect(steps.map(([n]) => n)).toEqual(recorded.map((s) => s.name));
  });
  const prepare = inOrder(steps);
  steps.forEach(([name, run], i) => {
    it(name, () => {
      prepare(i);
      const sql: Array<[string, string, unknown[]]> = [];
      const off = conn.onSql((e) => sql.push([e.name, e.sql, e.binds]));
      trace.length = 0;
      let value: unknown;
      try {
        value = JSON.parse(toJson(run()));
      } finally {
        off();
      }
      expect({ name, sql, value, trace: [...trace] }).toEqual(recorded[i]);
    });
  });
});
