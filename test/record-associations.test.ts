// Associations against real Rails 7.2.4 (fixtures/record/associations.rb on the chat domain): readers of every
// kind, builders, autosave, inverse_of, belongs_to default lambdas, counter_cache with touch, dependent options,
// extension blocks, collection methods and their size rules, and preloading / eager loading with its statements.
import { afterAll } from "vitest";
import { setClock, type Base, type Relation } from "../runtime/active-record/index.js";
import {
  at, Boost, Current, Membership, Message, Note, Room, Rooms_Closed, Rooms_Open, Search, seedDomain, trace, travelTo, User, Webhook,
} from "./support/record-domain.js";
import { replaySteps } from "./support/record-replay.js";

const conn = seedDomain();
afterAll(() => setClock(null));

const ids = (rs: Array<{ id: number }>) => rs.map((r) => r.id);
const className = (r: Base | null) => (r ? (r.constructor as unknown as { modelName: { name: string } }).modelName.name : null);
const withCurrentUser = <T>(user: User, fn: () => T): T => {
  Current.user = user;
  try {
    return fn();
  } finally {
    Current.reset();
  }
};

const steps: Array<[string, () => unknown]> = [
  ["belongs_to class_name", () => { const m = Message.find(1); return [m.creator.name, m.room.name, className(m.room)]; }],
  ["has_many foreign_key", () => ids(User.find(1).messages.order("id").toA())],
  ["has_many through", () => [Room.find(1).users.order("id").map((u) => u.name), User.find(1).rooms.map((r) => r.name)]],
  ["nested through", () => ids(User.find(2).reachable_messages.order("id").toA())],
  ["through with where and count", () => { const r = Room.find(1); return [r.users.where({ active: true }).count(), r.users.size(), (r as unknown as { userIds(): unknown[] }).userIds()]; }],
  ["has_one", () => [User.find(1).webhook, Webhook.createBang({ user_id: 1, url: "https://example.com/hook" }).id, User.find(1).webhook?.url]],
  ["has_one build and create", () => {
    const u = User.find(2);
    const w = u.buildWebhook({ url: "https://b.example" }) as Webhook & { user_id: number };
    return [w.isNewRecord(), w.user_id, u.webhook === w, u.save(), w.isPersisted()];
  }],
  ["has_one create!", () => { const u = User.find(3); const w = u.createWebhookBang({ url: "https://c.example" }); return [w.id, u.webhook!.id]; }],
  ["has_one replace", () => { const u = User.find(3); u.webhook = Webhook.build({ url: "https://c2.example" }); return [Webhook.where({ user_id: 3 }).pluck("url")]; }],
  ["polymorphic create and read", () => {
    const n1 = Note.createBang({ notable: User.find(1), text: "on a user" });
    const n2 = Note.createBang({ notable: Room.find(2), text: "on a room" });
    return [n1.notable_type, n2.notable_type, (Note.find(n2.id).notable as Room).name, className(Note.find(n1.id).notable)];
  }],
  ["as: has_many", () => [User.find(1).notes.map((n) => n.text), Room.find(2).notes.count(), Rooms_Closed.find(2).notes.pluck("text")]],
  ["belongs_to build and create", () => {
    const m = Message.build({ room_id: 1, client_message_id: "x1", body: "b" });
    const c = m.buildCreator({ name: "New person" });
    return [c.isNewRecord(), m.creator === c, m.creator_id];
  }],
  ["belongs_to default from Current", () => withCurrentUser(User.find(2), () => {
    const m = Message.createBang({ room: Room.find(1), client_message_id: "cm-5", body: "defaulted" });
    return [m.creator_id, m.creator.name];
  })],
  ["belongs_to default not applied when set", () => withCurrentUser(User.find(2), () => Message.createBang({ room_id: 1, creator_id: 3, client_message_id: "cm-6", body: "explicit" }).creator_id)],
  ["autosave new belongs_to", () => {
    const room = Rooms_Open.build({ name: "Fresh" });
    room.creator = User.build({ name: "Founder", email_address: "f@example.com" });
    return [room.save(), room.creator.isPersisted(), room.creator_id === room.creator.id];
  }],
  ["autosave new children", () => {
    const room = Room.find(2);
    room.memberships.build({ user_id: 4 });
    room.memberships.build({ user_id: 3 });
    return [room.save(), room.memberships.map((m) => m.isPersisted()), Membership.where({ room_id: 2 }).count()];
  }],
  ["new owner with children", () => {
    const u = User.build({ name: "Parent", email_address: "p@example.com" });
    u.searches.build({ query: "one" });
    u.sessions.build({ user_agent: "ua" });
    return [u.save(), u.searches.map((s) => s.isPersisted()), (u.sessions.first() as { user_id: number }).user_id === u.id, u.searches.size()];
  }],
  ["inverse_of automatic", () => {
    const r = Room.find(1);
    const ms = r.memberships.toA();
    return [ms.length, ms.every((m) => m.room === r), (r.messages.first() as Message).room === r];
  }],
  ["inverse through a chained association relation", () => {
    const r = Room.find(1);
    const last = r.messages.order("id").last(2) as Message[];
    const where = r.messages.whereNot({ id: 0 }).toA();
    return [last.map((m) => m.room === r), where.every((m) => m.room === r), (Message.where({ room_id: 1 }).first() as Message).room === r];
  }],
  ["collection << and delete", () => {
    const u = User.find(4);
    const s = Search.build({ query: "pushed" }) as Search & { user_id: number };
    u.searches.push(s);
    const before = [s.isPersisted(), s.user_id];
    u.searches.delete(s);
    return [before, Search.exists(s.id)];
  }],
  ["collection destroy", () => { const u = User.find(1); const s = u.searches.createBang({ query: "gone" }); u.searches.destroy(s); return Search.exists(s.id); }],
  ["collection include? exists? find", () => {
    const r = Room.find(1);
    const m = Membership.find(1);
    return [r.memberships.isInclude(m), r.memberships.exists({ user_id: 2 }), r.memberships.find(2).user_id, r.memberships.findBy({ user_id: 3 })?.id];
  }],
  ["collection size rules", () => {
    const r = Room.find(2);
    const a = [r.memberships.size(), r.memberships.isEmpty(), r.memberships.isAny(), r.memberships.count()];
    r.memberships.load();
    return [...a, r.memberships.size(), r.memberships.isEmpty(), r.memberships.count(), r.memberships.length()];
  }],
  ["collection reload and reset", () => {
    const r = Room.find(2);
    r.memberships.toA();
    Membership.createBang({ room_id: 2, user_id: 2 });
    return [r.memberships.size(), r.memberships.reload().size(), r.memberships.reset().size()];
  }],
  ["scope chain on association", () => {
    const r = Room.find(1);
    const memberships = r.memberships as unknown as { visible(): { pluck(c: string): unknown[] } } & typeof r.memberships;
    return [memberships.visible().pluck("id"), r.memberships.where({ user_id: [1, 2] }).order({ id: "desc" }).pluck("id")];
  }],
  ["extension block", () => {
    const r = Room.find(2);
    r.memberships.grantTo([User.find(4)]);
    r.memberships.revokeFrom(User.find(4));
    return Membership.where({ room_id: 2 }).order("user_id").pluck("user_id", "involvement");
  }],
  ["extension on direct room", () => {
    const r = Room.find(3);
    r.memberships.grantTo(User.find(3));
    return Membership.where({ room_id: 3 }).order("user_id").pluck("user_id", "involvement");
  }],
  ["counter_cache and touch", () => {
    travelTo(at(2024, 2, 15, 13, 0, 0));
    const b = Boost.createBang({ message_id: 1, booster_id: 2, content: "+1" });
    return [Message.find(1).boosts_count, Message.find(1).updated_at.asJson(), Room.find(1).updated_at.asJson(), b.message.boosts_count];
  }],
  ["counter_cache on destroy", () => {
    travelTo(at(2024, 2, 15, 13, 5, 0));
    Boost.findBy({ message_id: 1 })!.destroy();
    return [Message.find(1).boosts_count, Message.find(1).updated_at.asJson()];
  }],
  ["dependent destroy cascade", () => {
    travelTo(at(2024, 2, 15, 13, 10, 0));
    Boost.createBang({ message_id: 2, booster_id: 1, content: "a" });
    Note.createBang({ notable: Message.find(2), text: "m2 note" });
    Message.find(2).destroy();
    return [Boost.where({ message_id: 2 }).count(), Note.where({ notable_type: "Message", notable_id: 2 }).count()];
  }],
  ["dependent delete_all and delete", () => {
    const u = User.createBang({ name: "Temp", email_address: "t@example.com" });
    u.searches.createBang({ query: "q1" });
    u.createWebhookBang({ url: "https://t.example" });
    u.destroy();
    return [Search.where({ user_id: u.id }).count(), Webhook.where({ user_id: u.id }).count()];
  }],
  ["includes belongs_to and has_many", () => Message.includes("creator", "boosts").order("id").map((m) => [m.id, m.creator.name, m.boosts.size()])],
  ["includes nested", () => Room.includes({ memberships: "user" }).order("id").map((r) => [r.id, r.memberships.map((m) => m.user.name)])],
  ["preload through", () => Room.preload("users").order("id").map((r) => [r.id, ids(r.users.toA())])],
  ["preload polymorphic", () => Note.preload("notable").order("id").map((n) => [n.id, className(n.notable)])],
  ["includes has_one", () => User.includes("webhook").order("id").map((u) => u.webhook?.url ?? null)],
  ["eager_load", () => Membership.eagerLoad("room").where({ rooms: { type: "Rooms::Open" } }).order("id").map((m) => [m.id, m.room.name])],
  ["includes with joins (with_ordered_room)", () => Membership.withOrderedRoom().where({ user_id: 1 }).map((m) => [m.id, m.room.name])],
  ["includes referencing table", () => Room.includes("memberships").where({ memberships: { user_id: 2 } }).order("id").map((r) => [r.id, ids(r.memberships.toA())])],
  ["scope with includes", () => (Message as unknown as { withCreator(): { where(c: object): { order(o: string): { map<U>(f: (m: Message) => U): U[] } } } }).withCreator().where({ room_id: 1 }).order("id").map((m) => m.creator.name)],
  ["without on an eager-loaded association relation", () => {
    const all = (User.find(1).memberships as unknown as { visible(): { withOrderedRoom(): Relation<Membership> } }).visible().withOrderedRoom();
    const direct = all.toA().filter((m) => m.room.isDirect());
    return [direct.map((m) => m.id), all.without(direct).map((m) => [m.id, m.room.name])];
  }],
];

replaySteps("associations", () => conn, steps, trace);
