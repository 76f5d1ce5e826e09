// The TypeScript mirror of test/fixtures/record/domain.rb: the same schema, models and seed, declared the way
// the compiler emits models (classes with `declare`d members and methods, defineModel data with Ruby blocks as
// functions), on a fresh SQLite file.
import { join } from "node:path";
import { Connection, loadSchema, setConnection, type ColumnDescription } from "../../runtime/active-record/connection/index.js";
import {
  Base, CurrentAttributes, defineCurrentAttributes, defineModel, setClock, setTokenGenerator, Time, type CollectionProxy, type ColumnMeta,
  type ModelNames, type Relation,
} from "../../runtime/active-record/index.js";
import { scratchDir } from "./scratch.js";

export const trace: string[] = [];

const names = (name: string, singular: string, plural: string, more: Partial<ModelNames> = {}): ModelNames => ({
  name, singular, plural, paramKey: singular, routeKey: plural, singularRouteKey: singular, i18nKey: singular, human: name,
  collection: plural, element: singular, ...more,
});
const stamps: ColumnMeta[] = [
  { name: "created_at", type: "datetime", null: false },
  { name: "updated_at", type: "datetime", null: false },
];
const id: ColumnMeta = { name: "id", type: "integer", null: false };
const at = (...parts: number[]) => Time.utc(parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0, parts[6] ?? 0);
const secondsAgo = (n: number) => new Time(currentMs() - n * 1000);
let clockNow = at(2024, 2, 15, 12, 0, 0);
const currentMs = () => clockNow.getTime();

/** travel_to: the clock records and scopes read. */
export function travelTo(t: Time): void {
  clockNow = t;
  setClock(() => clockNow);
}

export class Current extends CurrentAttributes {
  declare static user: User | null;
  declare static request_id: unknown;
}
defineCurrentAttributes(Current, { attributes: ["user", "request_id"] });

export class ApplicationRecord extends Base {}
defineModel(ApplicationRecord, { name: "ApplicationRecord", abstract: true });

const userColumns: ColumnMeta[] = [
  id, { name: "name", type: "string", null: false }, { name: "email_address", type: "string" }, { name: "password_digest", type: "string" },
  { name: "role", type: "integer", null: false, default: 0 }, { name: "active", type: "boolean", default: true },
  { name: "bot_token", type: "string" }, { name: "bio", type: "text" }, ...stamps,
];

export class User extends ApplicationRecord {
  declare id: number;
  declare name: string;
  declare role: string;
  declare active: boolean | null;
  declare memberships: CollectionProxy<Membership>;
  declare rooms: CollectionProxy<Room>;
  declare reachable_messages: CollectionProxy<Message>;
  declare messages: CollectionProxy<Message>;
  declare searches: CollectionProxy<Search>;
  declare sessions: CollectionProxy<Session>;
  declare notes: CollectionProxy<Note>;
  declare webhook: Webhook | null;
  declare buildWebhook: (h?: object) => Webhook;
  declare createWebhookBang: (h?: object) => Webhook;
  declare static active: () => Relation<User>;
  declare static ordered: () => Relation<User>;
  declare static filteredBy: (q: string) => Relation<User>;
  declare static withoutBots: () => Relation<User>;
  static named(name: string): User | null {
    return this.findBy({ name }) as User | null;
  }
}
defineModel(User, {
  name: "User", table: "users", names: names("User", "user", "users"), columns: userColumns,
  associations: [
    { kind: "has_many", name: "memberships", className: "Membership", foreignKey: "user_id", options: { dependent: "delete_all" } },
    { kind: "has_many", name: "rooms", className: "Room", foreignKey: "user_id", options: { through: "memberships" } },
    { kind: "has_many", name: "reachable_messages", className: "ReachableMessage", foreignKey: "user_id", options: { through: "rooms", source: "messages" } },
    { kind: "has_many", name: "messages", className: "Message", foreignKey: "creator_id", options: { dependent: "destroy", foreign_key: "creator_id" } },
    { kind: "has_many", name: "boosts", className: "Boost", foreignKey: "booster_id", options: { dependent: "destroy", foreign_key: "booster_id" } },
    { kind: "has_many", name: "searches", className: "Search", foreignKey: "user_id", options: { dependent: "delete_all" } },
    { kind: "has_many", name: "sessions", className: "Session", foreignKey: "user_id", options: { dependent: "destroy" } },
    { kind: "has_one", name: "webhook", className: "Webhook", foreignKey: "user_id", options: { dependent: "delete" } },
    { kind: "has_many", name: "notes", className: "Note", foreignKey: "user_id", options: { as: "notable" } },
  ],
  enums: [{ attribute: "role", values: ["member", "administrator", "bot"] }],
  scopes: [
    { name: "active", body: function (this: Relation<User>) { return this.where({ active: true }); } },
    { name: "ordered", body: function (this: Relation<User>) { return this.order("LOWER(name)"); } },
    { name: "filtered_by", body: function (this: Relation<User>, query: string) { return this.where("name like ?", `%${query}%`); } },
    { name: "without_bots", body: function (this: Relation<User>) { return this.whereNot({ role: "bot" }); } },
  ],
  securePassword: [{ attribute: "password", validations: false }],
});

const roomColumns: ColumnMeta[] = [id, { name: "name", type: "string" }, { name: "type", type: "string", null: false }, { name: "creator_id", type: "integer", null: false }, ...stamps];

export class Room extends ApplicationRecord {
  declare id: number;
  declare name: string | null;
  declare type: string;
  declare creator_id: number;
  declare creator: User | null;
  declare memberships: CollectionProxy<Membership> & { grantTo(users: unknown): unknown; revokeFrom(users: unknown): unknown };
  declare users: CollectionProxy<User>;
  declare messages: CollectionProxy<Message>;
  declare notes: CollectionProxy<Note>;
  declare static opens: () => Relation<Room>;
  declare static withoutDirects: () => Relation<Room>;
  declare static ordered: () => Relation<Room>;
  static original(): Room | null {
    return this.order("created_at").first() as Room | null;
  }
  defaultInvolvement(): string {
    return "mentions";
  }
  isDirect(): boolean {
    return this instanceof Rooms_Direct;
  }
}
defineModel(Room, {
  name: "Room", table: "rooms", names: names("Room", "room", "rooms"), columns: roomColumns,
  associations: [
    { kind: "has_many", name: "memberships", className: "Membership", foreignKey: "room_id", options: { dependent: "delete_all" },
      extension: {
        grantTo(this: CollectionProxy<Membership>, users: unknown) {
          const room = this.proxyAssociation.owner as Room;
          const list = (Array.isArray(users) ? users : [users]) as User[];
          return Membership.insertAll(list.map((user) => ({ room_id: room.id, user_id: user.id, involvement: room.defaultInvolvement() })));
        },
        revokeFrom(this: CollectionProxy<Membership>, users: unknown) {
          return this.destroyBy({ user: users });
        },
      } },
    { kind: "has_many", name: "users", className: "User", foreignKey: "room_id", options: { through: "memberships" } },
    { kind: "has_many", name: "messages", className: "Message", foreignKey: "room_id", options: { dependent: "destroy" } },
    { kind: "has_many", name: "notes", className: "Note", foreignKey: "room_id", options: { as: "notable" } },
    { kind: "belongs_to", name: "creator", className: "User", foreignKey: "creator_id", options: { class_name: "User", default: () => Current.user } },
  ],
  scopes: [
    { name: "opens", body: function (this: Relation<Room>) { return this.where({ type: "Rooms::Open" }); } },
    { name: "without_directs", body: function (this: Relation<Room>) { return this.whereNot({ type: "Rooms::Direct" }); } },
    { name: "ordered", body: function (this: Relation<Room>) { return this.order("LOWER(name)"); } },
  ],
});

const roomNames = (leaf: string) =>
  names(`Rooms::${leaf}`, `rooms_${leaf.toLowerCase()}`, `rooms_${leaf.toLowerCase()}s`, { collection: `rooms/${leaf.toLowerCase()}s`, element: leaf.toLowerCase(), i18nKey: `rooms/${leaf.toLowerCase()}`, human: leaf });

export class Rooms_Open extends Room {}
defineModel(Rooms_Open, { name: "Rooms::Open", names: roomNames("Open") });
export class Rooms_Closed extends Room {}
defineModel(Rooms_Closed, { name: "Rooms::Closed", names: roomNames("Closed") });
export class Rooms_Direct extends Room {
  override defaultInvolvement(): string {
    return "everything";
  }
}
defineModel(Rooms_Direct, { name: "Rooms::Direct", names: roomNames("Direct") });

const membershipColumns: ColumnMeta[] = [
  id, { name: "room_id", type: "integer", null: false }, { name: "user_id", type: "integer", null: false },
  { name: "unread_at", type: "datetime" }, { name: "connected_at", type: "datetime" },
  { name: "connections", type: "integer", null: false, default: 0 }, { name: "involvement", type: "string", default: "mentions" }, ...stamps,
];

export class Membership extends ApplicationRecord {
  declare id: number;
  declare room_id: number;
  declare user_id: number;
  declare involvement: string;
  declare room: Room;
  declare user: User;
  declare static visible: () => Relation<Membership>;
  declare static connected: () => Relation<Membership>;
  declare static disconnected: () => Relation<Membership>;
  declare static withoutDirectRooms: () => Relation<Membership>;
  declare static withOrderedRoom: () => Relation<Membership>;
}
defineModel(Membership, {
  name: "Membership", table: "memberships", names: names("Membership", "membership", "memberships"), columns: membershipColumns,
  associations: [
    { kind: "belongs_to", name: "room", className: "Room", foreignKey: "room_id" },
    { kind: "belongs_to", name: "user", className: "User", foreignKey: "user_id" },
  ],
  enums: [{ attribute: "involvement", values: { invisible: "invisible", nothing: "nothing", mentions: "mentions", everything: "everything" }, prefix: "involved_in" }],
  scopes: [
    { name: "with_ordered_room", body: function (this: Relation<Membership>) { return this.includes("room").joins("room").order("LOWER(rooms.name)"); } },
    { name: "without_direct_rooms", body: function (this: Relation<Membership>) { return this.joins("room").whereNot({ room: { type: "Rooms::Direct" } }); } },
    { name: "visible", body: function (this: Relation<Membership>) { return this.whereNot({ involvement: "invisible" }); } },
    { name: "unread", body: function (this: Relation<Membership>) { return this.whereNot({ unread_at: null }); } },
    { name: "connected", body: function (this: Relation<Membership>) { return this.where({ connected_at: { begin: secondsAgo(60), end: null, exclusive: false } }); } },
    { name: "disconnected", body: function (this: Relation<Membership>) { return this.where({ connected_at: [null, { begin: null, end: secondsAgo(60), exclusive: true }] }); } },
  ],
});

const messageColumns: ColumnMeta[] = [
  id, { name: "room_id", type: "integer", null: false }, { name: "creator_id", type: "integer", null: false },
  { name: "client_message_id", type: "string", null: false }, { name: "body", type: "text" },
  { name: "boosts_count", type: "integer", null: false, default: 0 }, ...stamps,
];

export class Message extends ApplicationRecord {
  declare id: number;
  declare room_id: number;
  declare creator_id: number;
  declare client_message_id: string;
  declare boosts_count: number;
  declare created_at: Time;
  declare updated_at: Time;
  declare room: Room;
  declare creator: User;
  declare boosts: CollectionProxy<Boost>;
  declare buildCreator: (h?: object) => User;
  declare static lastPage: () => Message[];
  declare static pageBefore: (m: Message) => Message[];
  override toKey(): unknown[] {
    return [this.client_message_id];
  }
}
defineModel(Message, {
  name: "Message", table: "messages", names: names("Message", "message", "messages"), columns: messageColumns,
  associations: [
    { kind: "belongs_to", name: "room", className: "Room", foreignKey: "room_id", options: { touch: true } },
    { kind: "belongs_to", name: "creator", className: "User", foreignKey: "creator_id", options: { class_name: "User", default: () => Current.user } },
    { kind: "has_many", name: "boosts", className: "Boost", foreignKey: "message_id", options: { dependent: "destroy" } },
    { kind: "has_many", name: "notes", className: "Note", foreignKey: "message_id", options: { as: "notable", dependent: "destroy" } },
  ],
  scopes: [
    { name: "ordered", body: function (this: Relation<Message>) { return this.order("created_at"); } },
    { name: "with_creator", body: function (this: Relation<Message>) { return this.includes("creator"); } },
    { name: "last_page", body: function (this: Relation<Message> & { ordered(): Relation<Message> }) { return this.ordered().last(2); } },
    { name: "before", body: function (this: Relation<Message>, m: Message) { return this.where("created_at < ?", m.created_at); } },
    { name: "page_before", body: function (this: Relation<Message> & { before(m: Message): { lastPage(): unknown } }, m: Message) { return this.before(m).lastPage(); } },
  ],
});

export class Boost extends ApplicationRecord {
  declare id: number;
  declare message: Message;
}
defineModel(Boost, {
  name: "Boost", table: "boosts", names: names("Boost", "boost", "boosts"),
  columns: [id, { name: "message_id", type: "integer", null: false }, { name: "booster_id", type: "integer", null: false }, { name: "content", type: "string", null: false }, ...stamps],
  associations: [
    { kind: "belongs_to", name: "message", className: "Message", foreignKey: "message_id", options: { touch: true, counter_cache: true } },
    { kind: "belongs_to", name: "booster", className: "User", foreignKey: "booster_id", options: { class_name: "User", default: () => Current.user } },
  ],
  scopes: [{ name: "ordered", body: function (this: Relation<Boost>) { return this.order("created_at"); } }],
});

export class Session extends ApplicationRecord {
  declare id: number;
  declare user_id: number;
  declare last_active_at: Time | null;
}
defineModel(Session, {
  name: "Session", table: "sessions", names: names("Session", "session", "sessions"),
  columns: [id, { name: "user_id", type: "integer", null: false }, { name: "token", type: "string", null: false }, { name: "user_agent", type: "string" }, { name: "last_active_at", type: "datetime", null: false }, ...stamps],
  associations: [{ kind: "belongs_to", name: "user", className: "User", foreignKey: "user_id", at: 2 }],
  callbacks: [{ event: "before_create", fn(this: Session) { this.last_active_at ??= Time.fromDate(new Date(currentMs())); }, at: 3 }],
  secureTokens: [{ attribute: "token" }],
});

export class Search extends ApplicationRecord {
  declare id: number;
  declare query: string;
  declare user: User;
  static record(query: string): unknown {
    return (this.findOrCreateBy({ query }) as Search).touch();
  }
  static recordQuery(query: string): Search {
    const search = this.findOrCreateBy({ query }) as Search;
    search.touch();
    return search;
  }
  trimRecentSearches(): void {
    const searches = this.user.searches;
    (searches.excluding((searches as unknown as { ordered(): Relation<Search> }).ordered().limit(2)) as Relation<Search>).destroyAll();
  }
}
defineModel(Search, {
  name: "Search", table: "searches", names: names("Search", "search", "searches"),
  columns: [id, { name: "user_id", type: "integer", null: false }, { name: "query", type: "string", null: false }, ...stamps],
  associations: [{ kind: "belongs_to", name: "user", className: "User", foreignKey: "user_id" }],
  callbacks: [{ event: "after_create", method: "trimRecentSearches" }],
  scopes: [{ name: "ordered", body: function (this: Relation<Search>) { return this.order({ updated_at: "desc" }); } }],
});

export class Webhook extends ApplicationRecord {
  declare id: number;
  declare url: string | null;
}
defineModel(Webhook, {
  name: "Webhook", table: "webhooks", names: names("Webhook", "webhook", "webhooks"),
  columns: [id, { name: "user_id", type: "integer", null: false }, { name: "url", type: "string" }, ...stamps],
  associations: [{ kind: "belongs_to", name: "user", className: "User", foreignKey: "user_id" }],
});

export class Note extends ApplicationRecord {
  declare id: number;
  declare text: string | null;
  declare notable_type: string | null;
  declare notable: Base | null;
}
defineModel(Note, {
  name: "Note", table: "notes", names: names("Note", "note", "notes"),
  columns: [id, { name: "notable_type", type: "string" }, { name: "notable_id", type: "integer" }, { name: "text", type: "string" }, ...stamps],
  associations: [{ kind: "belongs_to", name: "notable", className: "Notable", foreignKey: "notable_id", options: { polymorphic: true } }],
});

/** The schema as db/schema.rb would load it. */
function schemaTables(): Array<{ name: string; columns: ColumnDescription[]; indexes?: Array<{ columns: string[]; unique?: boolean }> }> {
  const cols = (list: ColumnMeta[]) => list.filter((c) => c.name !== "id").map((c) => ({ ...c }) as ColumnDescription);
  return [
    { name: "users", columns: cols(userColumns) },
    { name: "rooms", columns: cols(roomColumns) },
    { name: "memberships", columns: cols(membershipColumns), indexes: [{ columns: ["room_id", "user_id"], unique: true }] },
    { name: "messages", columns: cols(messageColumns) },
    { name: "boosts", columns: cols([{ name: "message_id", type: "integer", null: false }, { name: "booster_id", type: "integer", null: false }, { name: "content", type: "string", null: false }, ...stamps]) },
    { name: "sessions", columns: cols([{ name: "user_id", type: "integer", null: false }, { name: "token", type: "string", null: false }, { name: "user_agent", type: "string" }, { name: "last_active_at", type: "datetime", null: false }, ...stamps]) },
    { name: "searches", columns: cols([{ name: "user_id", type: "integer", null: false }, { name: "query", type: "string", null: false }, ...stamps]) },
    { name: "webhooks", columns: cols([{ name: "user_id", type: "integer", null: false }, { name: "url", type: "string" }, ...stamps]) },
    { name: "notes", columns: cols([{ name: "notable_type", type: "string" }, { name: "notable_id", type: "integer" }, { name: "text", type: "string" }, ...stamps]) },
  ];
}

/** The recorder's stand-in for SecureRandom.base58. */
let tokens = 0;
setTokenGenerator((n) => `tok${++tokens}`.padEnd(n, "x"));

/** A fresh database with seed_domain's rows; the clock left at 12:10 as the recorder leaves it. */
export function seedDomain(): Connection {
  const conn = new Connection(join(scratchDir("domain"), "d.sqlite3"));
  loadSchema(conn, { tables: schemaTables() });
  setConnection(conn);
  travelTo(at(2024, 2, 15, 12, 0, 0));
  Base.transaction(() => {
    for (const [uid, name, role] of [[1, "Ann", 1], [2, "bob", 0], [3, "Cid", 0], [4, "Bot", 2]] as const) {
      User.createBang({ id: uid, name, email_address: `${name.toLowerCase()}@example.com`, role, active: uid !== 3 });
    }
    Rooms_Open.createBang({ id: 1, name: "All Talk", creator_id: 1 });
    Rooms_Closed.createBang({ id: 2, name: "backstage", creator_id: 1 });
    Rooms_Direct.createBang({ id: 3, name: null, creator_id: 2 });
    for (const [mid, room, user, involvement] of [[1, 1, 1, "everything"], [2, 1, 2, "mentions"], [3, 1, 3, "invisible"], [4, 2, 1, "mentions"], [5, 3, 1, "everything"], [6, 3, 2, "everything"]] as const) {
      Membership.createBang({ id: mid, room_id: room, user_id: user, involvement });
    }
    Membership.find(2).updateColumns({ connected_at: at(2024, 2, 15, 11, 59, 30), unread_at: at(2024, 2, 15, 11, 0) });
    Membership.find(3).updateColumns({ connected_at: at(2024, 2, 15, 11, 0) });
  });
  ([[1, 1, 1, "Hello"], [2, 1, 2, "Hi Ann"], [3, 2, 1, "Backstage note"], [4, 1, 3, "Third"]] as const).forEach(([mid, room, user, body], i) => {
    travelTo(at(2024, 2, 15, 12, 1 + i, 0));
    Message.createBang({ id: mid, room_id: room, creator_id: user, body, client_message_id: `cm-${mid}` });
  });
  travelTo(at(2024, 2, 15, 12, 10, 0));
  return conn;
}

export { at, trace as domainTrace };
