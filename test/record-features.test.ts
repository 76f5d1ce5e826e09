// Model features against real Rails 7.2.4 (fixtures/record/features.rb on the chat domain): enums, STI, attribute
// methods, CurrentAttributes, has_secure_token, has_secure_password (bcrypt with the recorder's pinned salt),
// update_columns, increment!/decrement!/toggle!, to_param/to_key and cache keys.
import { afterAll } from "vitest";
import { setBcryptCost, setClock, setSaltGenerator, type Base } from "../runtime/active-record/index.js";
import { at, Current, Membership, Message, Room, Rooms_Closed, Rooms_Direct, Rooms_Open, Search, seedDomain, Session, trace, travelTo, User } from "./support/record-domain.js";
import { replaySteps } from "./support/record-replay.js";

const conn = seedDomain();
setBcryptCost(4);
setSaltGenerator(() => "abcdefghijklmnopqrstuu");
afterAll(() => {
  setClock(null);
  setSaltGenerator(null);
  setBcryptCost(12);
});

type Dyn = Base & { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const dyn = (r: unknown) => r as Dyn;
const cls = (r: Base | null) => (r ? (r.constructor as unknown as { modelName: { name: string } }).modelName.name : null);
const argumentError = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return [(e as Error).name, (e as Error).message];
  }
};

const steps: Array<[string, () => unknown]> = [
  ["enum readers and predicates", () => {
    const u = dyn(User.find(1));
    return [u.role, u.isAdministrator(), u.isMember(), dyn(User).roles, Membership.find(3).involvement, dyn(Membership.find(3)).isInvolvedInInvisible(), dyn(Membership).involvements];
  }],
  ["enum assignment forms", () => {
    const u = User.build({ name: "e" });
    return ["bot", "member", 1, null, ""].map((v) => ((u.role = v as never), u.role));
  }],
  ["enum invalid values", () => ["superuser", "2", 7].map((v) => argumentError(() => (User.build({ name: "x" }).role = v as never)))],
  ["enum bang and scopes", () => {
    const u = dyn(User.find(3));
    u.administratorBang();
    return [u.role, dyn(User).administrator().pluck("id"), dyn(User).notMember().pluck("id"), dyn(Membership).involvedInEverything().pluck("id"), User.find(3).readAttributeBeforeTypeCast("role")];
  }],
  ["enum in where and dirty", () => { const u = dyn(User.find(3)); u.role = "member"; return [u.isRoleChanged(), u.changes(), u.roleWas()]; }],
  ["sti create and find", () => {
    const r = Rooms_Closed.createBang({ name: "Private", creator_id: 1 });
    return [r.type, cls(Room.find(r.id)), Rooms_Closed.count(), cls(Room.where({ id: r.id }).first() as Base)];
  }],
  ["sti subclass queries", () => [Rooms_Open.pluck("id"), Rooms_Direct.where({ name: null }).count(), Rooms_Closed.first()?.id ?? null, Room.count()]],
  ["sti update and destroy names", () => { const r = Rooms_Closed.last()!; r.updateBang({ name: "Renamed" }); r.destroy(); return r.isDestroyed(); }],
  ["sti becomes", () => {
    const r = Room.find(2);
    const o = r.becomes(Rooms_Open);
    return [cls(o), o.type, o.name, o.isPersisted(), r.becomesBang(Rooms_Open).type];
  }],
  ["attribute query methods", () => {
    const m = dyn(Membership.find(2));
    return [m.isUnreadAt(), m.isConnectedAt(), dyn(Membership.find(1)).isUnreadAt(), m.isConnections(), dyn(User.find(1)).isBio(), dyn(User.find(1)).isName()];
  }],
  ["dirty from and to", () => {
    const u = dyn(User.find(2));
    u.name = "Bobby";
    const a = [u.isNameChanged(), u.isNameChanged({ from: "bob" }), u.isNameChanged({ to: "Bob" }), u.nameChange(), u.isWillSaveChangeToName()];
    u.saveBang();
    return [...a, u.isNamePreviouslyChanged(), u.isNamePreviouslyChanged({ from: "bob", to: "Bobby" }), u.isSavedChangeToName(), u.namePreviousChange(), u.nameBeforeLastSave(), u.isSavedChangeToBio()];
  }],
  ["previously_was after a save that changed nothing", () => {
    const m = dyn(Membership.find(3));
    const a = [m.involvementPreviouslyWas(), m.involvementBeforeLastSave()];
    m.saveBang();
    return [...a, m.involvementPreviouslyWas(), m.involvementBeforeLastSave(), m.isInvolvementPreviouslyChanged(), m.savedChanges()];
  }],
  ["type_previously_changed after create", () => {
    const r = dyn(Rooms_Open.createBang({ name: "New open", creator_id: 1 }));
    return [r.isTypePreviouslyChanged({ to: "Rooms::Open" }), r.isPreviouslyNewRecord(), Object.keys(r.savedChanges())];
  }],
  ["current attributes", () => {
    const a = [Current.user, Current.request_id];
    Current.user = User.find(1);
    let b: unknown = Current.user.name;
    Current.set({ request_id: "r-1" }, () => (b = [b, Current.request_id]));
    Current.reset();
    return [a, b, Current.user, Current.request_id];
  }],
  ["secure token", () => {
    const s = dyn(Session.build({ user_id: 1 }));
    const t = s.token;
    s.saveBang();
    s.regenerateToken();
    return [t, s.reload().token, dyn(Session.build({ token: "given" })).token];
  }],
  ["secure password", () => {
    const u = dyn(User.find(1));
    u.password = "s3cret";
    u.saveBang();
    return [
      u.password_digest, u.authenticate("nope"), u.authenticate("s3cret")?.id, User.authenticateBy({ email_address: "ann@example.com", password: "s3cret" })?.id,
      User.authenticateBy({ email_address: "ann@example.com", password: "x" }), User.authenticateBy({ email_address: "zed@example.com", password: "x" }),
    ];
  }],
  ["update_columns and update_column", () => {
    const m = Membership.find(1);
    return [m.updateColumns({ connections: 3, unread_at: at(2024, 2, 15, 9) }), m.updateColumn("connections", 4), m.isChanged(), dyn(Membership.find(1)).connections];
  }],
  ["increment and decrement", () => {
    travelTo(at(2024, 2, 15, 14, 0, 0));
    const m = dyn(Membership.find(2));
    m.incrementBang("connections");
    m.incrementBang("connections", 2, { touch: true });
    m.decrementBang("connections", 1);
    return [m.connections, m.updated_at.asJson(), dyn(Membership.find(2)).connections, dyn(Membership.find(2)).updated_at.asJson(), m.isChanged()];
  }],
  ["toggle and update_attribute", () => {
    const u = User.find(2);
    return [u.toggle("active").active, u.toggleBang("active"), User.find(2).active, u.updateAttribute("bio", "hi")];
  }],
  ["to_param to_key", () => {
    const m = Message.find(1);
    return [m.toParam(), m.toKey(), User.build().toParam(), User.build().toKey(), User.find(1).toParam(), Message.build({ client_message_id: "z" }).toKey()];
  }],
  ["cache keys", () => {
    const m = Message.find(1);
    const r = Rooms_Open.find(1);
    return [m.cacheKey(), m.cacheVersion(), m.cacheKeyWithVersion(), r.cacheKey(), r.cacheKeyWithVersion(), User.build().cacheKey()];
  }],
  ["sanitize_sql and connection.execute", () => {
    const sql = User.sanitizeSql(["update users set bio = ? where id IN (?) and name <> ? and active = ?", "it's", [1, 2], null, true]);
    User.connection.execute(sql);
    return [sql, User.sanitizeSql(["name = :n OR id = :id", { n: "x", id: 3 }]), User.sanitizeSql("raw"), User.where({ id: [1, 2] }).pluck("bio"),
      User.sanitizeSql(["at < ?", at(2024, 2, 15, 12, 0, 0, 500000)])];
  }],
  ["timestamps at microsecond precision", () => {
    travelTo(at(2024, 2, 15, 12, 0, 0, 123456));
    const s = dyn(Search.createBang({ user_id: 3, query: "usec" }));
    const fresh = [s.created_at.usec, s.updated_at.iso8601(6), s.cacheVersion(), s.cacheKeyWithVersion()];
    travelTo(at(2024, 2, 15, 12, 0, 1, 120000));
    s.touch();
    const read = dyn(Search.find(s.id));
    travelTo(at(2024, 2, 15, 12, 0, 2, 0));
    s.updateBang({ query: "whole second" });
    return [...fresh, read.updatedAtBeforeTypeCast(), read.updated_at.usec, read.cacheVersion(), read.cacheKeyWithVersion(), s.cacheVersion(),
      Search.find(s.id).cacheVersion(), Search.where({ updated_at: { begin: at(2024, 2, 15, 12, 0, 1, 120000), end: null, exclusive: false } }).count()];
  }],
];

replaySteps("features", () => conn, steps, trace);
