// Relation shapes against real Rails 7.2.4 (fixtures/record/relations.rb on the chat domain): where forms, not /
// or / none, orders, finders, calculations, pluck / pick / ids, joins, merge, scopes, batches and bulk writes —
// every step's statements (name, SQL, binds) and value as Rails recorded them.
import { afterAll } from "vitest";
import { currentTime, setClock, type Relation } from "../runtime/active-record/index.js";
import { at, Membership, Message, Room, Search, seedDomain, Session, trace, User } from "./support/record-domain.js";
import { replaySteps, rescue } from "./support/record-replay.js";
import { ObjectMethods } from "../runtime/active-support/core-ext/core-object.js";
import { ArrayMethods } from "../runtime/active-support/core-ext/core-collections.js";
import { eq } from "../runtime/active-support/core-ext/equality.js";
import { inspect } from "../runtime/ruby/ruby.js";

const conn = seedDomain();
afterAll(() => setClock(null));

const range = (begin: unknown, end: unknown, exclusive = false) => ({ begin, end, exclusive });
const ids = (rs: Array<{ id: number }>) => rs.map((r) => r.id);
type UserScopes = Relation<User> & { ordered(): Relation<User>; withoutBots(): Relation<User>; named(n: string): User | null };

const steps: Array<[string, () => unknown]> = [
  ["where hash", () => User.where({ name: "Ann", active: true }).pluck("id")],
  ["where nil and array with nil", () => [Room.where({ name: null }).pluck("id"), Room.where({ name: [null, "All Talk"] }).order("id").pluck("id")]],
  ["where ranges", () => [
    User.where({ id: range(2, 3) }).pluck("id"), User.where({ id: range(2, 4, true) }).pluck("id"), User.where({ id: range(3, null) }).pluck("id"),
    User.where({ id: range(null, 2) }).pluck("id"), User.where({ id: range(null, 2, true) }).pluck("id"),
  ]],
  ["where time ranges", () => [
    Message.where({ created_at: range(at(2024, 2, 15, 12, 2), null) }).pluck("id"),
    Message.where({ created_at: range(null, at(2024, 2, 15, 12, 2), true) }).pluck("id"),
  ]],
  ["where array with nil and range", () => Membership.disconnected().order("id").pluck("id")],
  ["where endless time range scope", () => Membership.connected().pluck("id")],
  ["where sql with binds", () => [
    User.where("name like ?", "%n%").pluck("name"), User.where("id > ? AND name <> ?", 1, "it's").pluck("id"),
    User.where("id IN (?)", [1, 3]).pluck("id"), User.where("name = :name OR id = :id", { name: "bob", id: 3 }).pluck("id"),
    Message.where("created_at < ?", at(2024, 2, 15, 12, 2, 0, 500000)).pluck("id"),
    User.where(["active = ?", true]).pluck("id"), User.where("bio IS ?", null).count(),
  ]],
  ["where by association", () => [Membership.where({ room: Room.find(1) }).pluck("id"), Membership.where({ user: [User.find(1), User.find(2)] }).pluck("id")]],
  ["where enum", () => [User.where({ role: "bot" }).pluck("id"), User.where({ role: "administrator" }).pluck("id"), Membership.where({ involvement: ["everything", "invisible"] }).pluck("id")]],
  ["where not", () => [
    User.whereNot({ name: "Ann" }).pluck("id"), User.whereNot({ bio: null }).pluck("id"), User.whereNot({ id: [1, 2] }).pluck("id"),
    User.whereNot({ name: "Ann", active: true }).pluck("id"), Membership.visible().pluck("id"), User.whereNot({ id: range(2, 3) }).pluck("id"),
    User.whereNot("id = ?", 1).pluck("id"),
  ]],
  ["or", () => [
    User.where({ name: "Ann" }).or(User.where({ id: 3 })).pluck("id"),
    User.active().where({ role: "member" }).or(User.active().where({ name: "Ann" })).pluck("id"),
  ]],
  ["none", () => { const r = User.none(); return [r.toA(), r.count(), r.exists(), r.pluck("id"), r.where({ id: 1 }).toA(), r.first(), r.toSql()]; }],
  ["order forms", () => [
    User.order("name").pluck("name"), User.order({ name: "desc" }).pluck("name"), User.order("LOWER(name)").pluck("name"),
    User.order("role", { id: "desc" }).pluck("id"), User.order("name").reorder("id").pluck("id"), User.ordered().pluck("name"),
  ]],
  ["first last take", () => [
    User.first()!.id, User.last()!.id, ids(User.all().first(2) as User[]), ids(User.all().last(2) as User[]), ids(User.order("name").last(2) as User[]),
    User.take()!.id, (User.order("LOWER(name)").last() as User).name, User.limit(2).offset(1).pluck("id"),
  ]],
  ["finders", () => [
    User.findBy({ name: "bob", active: true })!.id, ids(User.find([3, 1]) as unknown as User[]), ids(User.find(1, 2) as unknown as User[]),
    User.where({ active: true }).find(2).name, User.findBy("id > ?", 2)!.id, User.findBy({ name: null }),
  ]],
  ["first! on empty", () => rescue(() => User.where({ name: "nobody" }).firstBang())],
  ["find in scope missing", () => rescue(() => User.where({ active: true }).find(3))],
  ["exists forms", () => [User.exists(1), User.exists(99), User.exists({ name: "bob" }), User.where({ active: false }).exists(), User.exists("2")]],
  ["calculations", () => [
    User.count(), User.count("bio"), User.where({ active: true }).count("all"), User.distinct().count("active"), User.sum("role"),
    User.maximum("id"), User.minimum("name"), String(User.average("role")), Membership.group("room_id").groupCount(),
    Membership.group("involvement").order("involvement").groupCount(),
  ]],
  ["pluck pick ids", () => [
    User.order("id").pluck("id", "name"), User.where({ id: 2 }).pick("name"), User.order("id").pick("id", "role"), User.distinct().pluck("active"),
    Room.joins("memberships").order("id").pluck("rooms.id", "memberships.user_id").slice(0, 3), User.where({ active: true }).ids(),
  ]],
  ["predicates", () => [User.isAny(), User.all().isMany(), User.all().isNone(), User.all().isOne(), User.where({ id: 1 }).isOne(), User.where({ id: 0 }).isNone()]],
  ["joins", () => [
    Membership.joins("room").where({ rooms: { type: "Rooms::Open" } }).pluck("id"), Membership.withoutDirectRooms().order("id").pluck("id"),
    Room.joins("users").where({ users: { name: "bob" } }).pluck("id"), User.joins("rooms").distinct().order("id").pluck("id"),
    User.joins({ memberships: "room" }).where({ rooms: { id: 3 } }).pluck("id"), Room.joins("INNER JOIN users ON users.id = rooms.creator_id").pluck("users.name"),
  ]],
  ["left joins", () => [User.leftJoins("messages").where({ messages: { id: null } }).pluck("id"), User.leftOuterJoins("sessions").distinct().count()]],
  ["merge", () => [
    Membership.joins("user").merge(User.where({ role: "member" })).order("id").pluck("id"),
    Room.joins("memberships").merge(Membership.visible().where({ user_id: 1 })).order("id").pluck("id"),
  ]],
  ["scopes", () => [
    (User.active() as UserScopes).ordered().pluck("name"), User.filteredBy("n").pluck("id"), (User.active() as UserScopes).withoutBots().pluck("id"),
    Room.opens().pluck("id"), (Room.withoutDirects() as Relation<Room> & { ordered(): Relation<Room> }).ordered().pluck("name"),
    ids(Message.lastPage()), ids(Message.pageBefore(Message.find(4))),
  ]],
  ["class methods on relations", () => [
    (User.active() as UserScopes).named("bob")?.id, User.named("Cid")!.id, ((Room.withoutDirects() as unknown as { original(): Room }).original()).id,
  ]],
  ["subquery and excluding", () => [
    Room.where({ id: Membership.where({ user_id: 2 }).select("room_id") }).pluck("id"), User.excluding(User.find(1)).pluck("id"),
    User.whereNot({ id: User.where({ role: "bot" }) }).pluck("id"), User.where({ id: User.where({ active: true }).order("id").limit(2) }).pluck("id"),
  ]],
  ["find_each", () => { const out: number[] = []; User.findEach({ batchSize: 2 }, (u) => out.push(u.id)); return out; }],
  ["in_batches", () => User.inBatches({ of: 3 }, (batch) => batch.pluck("id"))],
  ["find_or_create_by", () => [Search.findOrCreateBy({ user_id: 1, query: "x" }).id, Search.findOrCreateBy({ user_id: 1, query: "x" }).id]],
  ["find_or_initialize_by", () => { const s = Search.findOrInitializeBy({ user_id: 2, query: "y" }) as Search & { user_id: number }; return [s.isNewRecord(), s.user_id, s.query]; }],
  ["create_with", () => Search.createWith({ query: "from create_with" }).findOrCreateBy({ user_id: 2 }).query],
  ["update_all", () => [
    Membership.where({ room_id: 1 }).updateAll({ unread_at: at(2024, 2, 15, 12, 30), updated_at: currentTime() }),
    User.where({ id: 4 }).updateAll("bio = 'beep'"), Membership.where({ id: 99 }).updateAll({ connections: 1 }),
  ]],
  ["update_all with join", () => Membership.joins("room").where({ rooms: { type: "Rooms::Direct" } }).updateAll({ connections: 2 })],
  ["delete_by destroy_by", () => [Search.deleteBy({ query: "x" }), Search.destroyBy({ user_id: 2 }).map((s) => s.query)]],
  ["insert_all", () => {
    Membership.insertAll([{ room_id: 2, user_id: 2, involvement: "mentions" }, { room_id: 2, user_id: 3, involvement: "mentions" }]);
    return Membership.where({ room_id: 2 }).order("id").pluck("user_id", "involvement", "created_at IS NOT NULL");
  }],
  ["relation to_sql", () => [
    User.where({ name: "O'Hara" }).toSql(), User.where("name = ?", "O'Hara").order("id").limit(3).toSql(), Membership.connected().toSql(),
  ]],
  ["loaded relation reuse", () => { const r = User.where({ active: true }); r.load(); return [r.size(), r.count(), (r.first() as User).id, r.pluck("id"), r.exists()]; }],
  // Object#presence / present? as lowered code reaches them (ActiveSupport's core methods over any value).
  ["presence loads the relation", () => {
    const r = ObjectMethods.presence(User.where({ active: true })) as Relation<User>;
    return [r.isMany(), (r.first(2) as User[]).map((u) => u.id), r.size(), ObjectMethods.presence(User.where({ id: 0 })), ObjectMethods.isPresent(User.where({ id: 0 }))];
  }],
  ["nested join merged with another model's scopes", () => {
    const room = Room.find(1);
    Session.createBang({ user_id: 2, user_agent: "ua" });
    const memberships = (Membership.visible() as Relation<Membership> & { disconnected(): Relation<Membership> }).disconnected();
    return Session.joins({ user: "memberships" }).merge(memberships.where({ room }).whereNot({ user: User.find(1) })).pluck("id");
  }],
  ["update_all through association scopes", () => {
    const room = Room.find(1);
    const visible = (room.memberships as unknown as { visible(): Relation<Membership> & { disconnected(): Relation<Membership> } }).visible();
    return visible.disconnected().whereNot({ user: User.find(1) }).updateAll({ unread_at: at(2024, 2, 15, 12, 20), updated_at: currentTime() });
  }],
  ["delete_all with joins", () => (User.find(1).memberships as unknown as { withoutDirectRooms(): Relation<Membership> }).withoutDirectRooms().deleteAll()],
  ["class method through an association", () => {
    const searches = User.find(2).searches as unknown as { recordQuery(q: string): Search };
    return [searches.recordQuery("hello").query, searches.recordQuery("hello").id, Search.where({ user_id: 2 }).count()];
  }],
  ["Array == Relation, Relation#inspect, Enumerable#pluck of records", () => {
    const two = User.order({ id: "asc" }).limit(2);
    return [
      eq([User.find(1)], User.where({ id: 1 })), eq(two.toA(), two), eq(two, two.toA()), eq([User.find(2)], User.where({ id: 1 })),
      eq(User.where({ id: 1 }), User.where({ id: 1 })), eq(User.where({ id: 1 }), User.where({ id: 2 })),
      ArrayMethods.pluck(two.toA(), "name", "id"), ArrayMethods.pluck(two.toA(), "id"),
      inspect(User.where({ id: 0 }).load()), inspect(User.where({ id: 1 }).load()), inspect(Room.find(1).memberships.where({ id: 0 }).load()),
      inspect(Room.find(1).memberships.load()).startsWith("#<ActiveRecord::Associations::CollectionProxy [#<Membership id: "),
    ];
  }],
];

replaySteps("relations", () => conn, steps, trace);
