// Validations against real Rails 7.2.4 (fixtures/record/validations.rb): every built-in validator with its common
// options, uniqueness SQL, confirmation/acceptance/comparison, custom methods and contexts, and the Errors API —
// messages and full messages in Rails' English, details, as_json, added?/of_kind?/where/delete.
import { join } from "node:path";
import { afterAll } from "vitest";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import {
  Base, defineModel, RubyDate, setBcryptCost, setClock, setSaltGenerator, Time, type ColumnMeta, type ValidationDescriptor,
} from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { replaySteps, rescue } from "./support/record-replay.js";
import { scratchDir } from "./support/scratch.js";

const range = (begin: number, end: number) => ({ begin, end, exclusive: false });

class Product extends Base {
  declare id: number;
  declare name: string | null;
  declare status: string | null;
  declare notes: string | null;
  declare quantity: number | null;
  declare starts_on: RubyDate | null;
  isDraft() {
    return this.status === "draft";
  }
  notReserved() {
    if (this.name === "Reserved") this.errors.add("base", "Reserved products cannot be saved");
    if (this.name === "nope") this.errors.add("name", "invalid", { message: "cannot be %{value}", value: this.name });
  }
  customContextCheck() {
    if ((this.notes ?? "").trim() === "") this.errors.add("notes", "blank");
  }
}

const columns: ColumnMeta[] = [
  { name: "id", type: "integer", null: false }, { name: "name", type: "string" }, { name: "code", type: "string" }, { name: "category", type: "string" },
  { name: "status", type: "string" }, { name: "price", type: "decimal", precision: 8, scale: 2 }, { name: "quantity", type: "integer" },
  { name: "rating", type: "float" }, { name: "email", type: "string" }, { name: "notes", type: "text" }, { name: "starts_on", type: "date" },
  { name: "ends_on", type: "date" }, { name: "created_at", type: "datetime", null: false }, { name: "updated_at", type: "datetime", null: false },
];

// In declaration order; the entries of one `validates` line share its `at`.
const v = (at: number, attribute: string, validator: string, options: object = {}): ValidationDescriptor => ({ attribute, validator, options, at });
const validations: ValidationDescriptor[] = [
  v(1, "name", "presence"), v(1, "name", "length", { in: range(2, 10) }),
  v(2, "code", "uniqueness", { case_sensitive: false, allow_blank: true }), v(2, "code", "format", { with: /^[A-Z]{3}\d*$/, message: "must look like ABC123", allow_blank: true }),
  v(2, "code", "confirmation", { allow_blank: true }),
  v(3, "code", "length", { is: 4, allow_blank: true }),
  v(4, "price", "numericality", { greater_than: 0, less_than_or_equal_to: 1000, allow_nil: true }),
  v(5, "quantity", "numericality", { only_integer: true, other_than: 13, on: "create" }),
  v(6, "quantity", "numericality", { even: true, on: "update", allow_nil: true }),
  v(7, "rating", "numericality", { in: range(1, 5), allow_nil: true }),
  v(8, "status", "inclusion", { in: ["draft", "live"], message: "%{value} is not a valid status" }),
  v(9, "category", "exclusion", { in: ["admin", "root"] }), v(9, "category", "length", { maximum: 5, too_long: "is way too long (%{count} max)" }),
  v(10, "email", "format", { with: /^[^@\s]+@[^@\s]+$/, allow_blank: true }),
  v(11, "terms", "acceptance", { on: "create" }),
  v(12, "ends_on", "comparison", { greater_than: "starts_on", allow_nil: true }),
  v(13, "notes", "absence", { if: function (this: Product) { return this.status === "live"; } }),
  v(14, "name", "uniqueness", { scope: "category", unless: "draft?" }),
];
defineModel(Product, {
  name: "Product", table: "products", names: names("Product", "product", "products"), columns, validations, accessors: ["terms"],
  callbacks: [{ event: "validate", method: "notReserved", at: 15 }, { event: "validate", method: "customContextCheck", options: { on: "review" }, at: 16 }],
});

class Account extends Base {
  declare id: number;
  declare password_digest: string | null;
  declare authenticate: (pw: string) => Account | false;
}
defineModel(Account, {
  name: "Account", table: "accounts", names: names("Account", "account", "accounts"),
  columns: [{ name: "id", type: "integer", null: false }, { name: "email", type: "string" }, { name: "password_digest", type: "string" }],
  securePassword: [{ attribute: "password" }],
});

const conn = new Connection(join(scratchDir("validations"), "v.sqlite3"));
loadSchema(conn, {
  tables: [
    { name: "products", columns: columns.slice(1) as never },
    { name: "accounts", columns: [{ name: "email", type: "string" }, { name: "password_digest", type: "string" }] },
  ],
});
setConnection(conn);
setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
setBcryptCost(4);
setSaltGenerator(() => "abcdefghijklmnopqrstuu");
afterAll(() => {
  setClock(null);
  setBcryptCost(12);
  setSaltGenerator(null);
});

const errorsOf = (p: Base) => p.errors.toA().map((e) => [e.attribute(), e.isKeyType() ? e.type() : `(message) ${e.type()}`, e.message(), e.fullMessage()]);
const attempt = (attributes: object) => {
  const p = Product.build(attributes as never);
  return [p.isValid(), errorsOf(p)];
};
const VALID = { name: "Widget", code: "ABC1", code_confirmation: "ABC1", status: "draft", quantity: 2, terms: "1" };
const with_ = (extra: object) => ({ ...VALID, ...extra });

const steps: Array<[string, () => unknown]> = [
  ["valid product", () => attempt(VALID)],
  ["blank everything", () => attempt({})],
  ["lengths", () => [attempt(with_({ name: "W" })), attempt(with_({ name: "W".repeat(11) })), attempt(with_({ code: "ABC12", code_confirmation: "ABC12" }))]],
  ["format and confirmation", () => [attempt(with_({ code: "ab1", code_confirmation: "ab1" })), attempt(with_({ code_confirmation: "ABC2" }))]],
  ["numericality", () => [
    attempt(with_({ price: "abc" })), attempt(with_({ price: 0 })), attempt(with_({ price: "1000.01" })), attempt(with_({ price: "12.5" })),
    attempt(with_({ quantity: "2.5" })), attempt(with_({ quantity: 13 })), attempt(with_({ quantity: "" })), attempt(with_({ rating: 6 })),
    attempt(with_({ rating: "4.5" })),
  ]],
  ["inclusion exclusion", () => [attempt(with_({ status: "gone" })), attempt(with_({ category: "root" })), attempt(with_({ category: "toolong" }))]],
  ["email acceptance absence", () => [
    attempt(with_({ email: "no-at-sign" })), attempt(with_({ terms: "0" })), attempt(with_({ status: "live", notes: "x" })), attempt(with_({ status: "live", notes: "" })),
  ]],
  ["comparison", () => [
    attempt(with_({ starts_on: "2024-02-10", ends_on: "2024-02-09" })), attempt(with_({ starts_on: "2024-02-10", ends_on: "2024-02-11" })), attempt(with_({ ends_on: "2024-02-11" })),
  ]],
  ["custom validate method", () => [attempt(with_({ name: "Reserved" })), attempt(with_({ name: "nope" }))]],
  ["create", () => { const p = Product.create(with_({ category: "tools" }) as never); return [p.isPersisted(), errorsOf(p)]; }],
  ["uniqueness on create", () => [
    attempt(with_({ code: "abc1", code_confirmation: "abc1" })), attempt(with_({ status: "live", category: "tools" })), attempt(with_({ status: "live", category: "other" })),
  ]],
  ["uniqueness on update excludes self", () => { const p = Product.find(1); return [p.update({ name: "Widget", quantity: 4 }), errorsOf(p)]; }],
  ["on update only", () => { const p = Product.find(1); return [p.update({ quantity: 3 }), errorsOf(p), p.isValid("create"), errorsOf(p)]; }],
  ["custom context", () => { const p = Product.find(1); p.quantity = 4; return [p.isValid(), p.isValid("review"), errorsOf(p), p.save({ context: "review" })]; }],
  ["errors api", () => {
    const p = Product.build(with_({ name: "", status: "gone", code: "x" }) as never);
    p.isValid();
    const e = p.errors;
    return [
      e.count(), e.size(), e.fullMessages(), e.get("name"), e.messages(), e.fullMessagesFor("name"), e.details(), e.asJson(), e.asJson({ full_messages: true }),
      e.isAdded("name", "blank"), e.isAdded("name", "too_short", { count: 2 }), e.isOfKind("status", "inclusion"), e.where("name").map((x) => x.message()),
      e.attributeNames(), e.isInclude("code"), e.delete("code"), e.fullMessages(), e.toHash(true),
    ];
  }],
  ["errors add forms", () => {
    const p = Product.build();
    p.errors.add("base", "Free-form base message");
    p.errors.add("name", "too_short", { count: 1 });
    p.errors.add("name", "custom text");
    p.errors.add("price", "greater_than", { count: 5 });
    p.errors.add("code", "invalid", { message: "needs %{thing}", thing: "letters" });
    return [errorsOf(p), p.errors.details()];
  }],
  ["save! and create! messages", () => rescue(() => Product.createBang(with_({ name: "", status: "x" }) as never))],
  ["has_secure_password validations", () => [
    { email: "a" }, { email: "b", password: "" }, { email: "c", password: "pw", password_confirmation: "nope" }, { email: "d", password: "x".repeat(73) },
    { email: "e", password: "pw", password_confirmation: "pw" },
  ].map((attrs) => { const a = Account.build(attrs); return [a.isValid(), errorsOf(a), a.password_digest]; })],
  ["has_secure_password on update", () => {
    const a = Account.createBang({ email: "f", password: "first" });
    const b = Account.find(a.id);
    return [b.isValid(), b.update({ password: "" }), b.update({ password: null }), errorsOf(b), b.authenticate("first")];
  }],
];

void RubyDate;
replaySteps("validations", () => conn, steps, []);
