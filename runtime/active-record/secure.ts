// has_secure_password and has_secure_token (ActiveModel::SecurePassword, ActiveRecord::SecureToken) in Rails 7.2.
//
//   has_secure_password                    securePassword: [{ attribute: "password", validations: true }]
//     user.password = "x"                   password_digest = bcrypt (cost 12; setBcryptCost for tests); nil clears
//     user.authenticate("x")                the user, or false          User.authenticate_by(email:, password:)
//     validations                           password digest present ("Password can't be blank"), <= 72 bytes,
//                                           confirmation (when password_confirmation is set)
//   has_secure_token :token                 secureTokens: [{ attribute: "token", length: 24, on: "initialize" }]
//     new record with a blank token         SecureRandom.base58(24) (after_initialize: 7.1+ defaults), regenerate_token
import { randomBytes, randomInt } from "node:crypto";
import { rubyToTs } from "../ruby/names.js";
import { isPresent } from "../ruby/ruby.js";
import { bcryptHash, bcryptVerify } from "../gems/bcrypt/bcrypt.js";
import { addCallback, addCallbackEntry } from "./callbacks.js";
import type { ModelDescriptor } from "./meta.js";
import type { ModelClassLike, ModelMeta, RecordLike } from "./model.js";

export interface SecurePasswordDescriptor {
  attribute?: string;
  validations?: boolean;
}

export interface SecureTokenDescriptor {
  attribute?: string;
  length?: number;
  on?: "initialize" | "create";
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** SecureRandom.base58: each random byte mod 64, redrawn below 58 when it falls outside the alphabet. */
function base58(length: number): string {
  return [...randomBytes(length)].map((b) => BASE58[b % 64 < 58 ? b % 64 : randomInt(58)]).join("");
}

let tokenGenerator: (length: number) => string = base58;
let bcryptCost = 12;

/** Replaces SecureRandom.base58 (tests pin tokens); null restores it. */
export function setTokenGenerator(fn: ((length: number) => string) | null): void {
  tokenGenerator = fn ?? base58;
}

/** BCrypt::Engine.cost (12); ActiveModel::SecurePassword.min_cost uses 4. */
export function setBcryptCost(cost: number): void {
  bcryptCost = cost;
}

export function generateUniqueSecureToken(length = 24): string {
  return tokenGenerator(length);
}

type Rec = RecordLike & { [k: string]: unknown };

function member(proto: object, rubyName: string, value: Function): void {
  for (const key of new Set([rubyName, rubyToTs(rubyName)])) {
    if (!(key in proto)) Object.defineProperty(proto, key, { value, configurable: true, writable: true });
  }
}

function installToken(cls: ModelClassLike, meta: ModelMeta, t: SecureTokenDescriptor): void {
  const attribute = t.attribute ?? "token";
  const length = t.length ?? 24;
  if (length < 24) throw new Error("Token requires a minimum length of 24 characters.");
  const fill = (r: RecordLike) => {
    if (r.isNewRecord() && !isPresent(r.readAttribute(attribute))) r.writeAttribute(attribute, generateUniqueSecureToken(length));
  };
  // set_callback(:initialize, :after) appends (no prepend), unlike the after_initialize macro.
  if ((t.on ?? "initialize") === "initialize") addCallbackEntry(meta, { event: "after_initialize", fn: fill, options: { prepend: false } });
  else addCallback(meta, "before_create", fill);
  member(cls.prototype as object, `regenerate_${attribute}`, function (this: Rec) {
    return (this.updateBang as (h: object) => unknown)({ [attribute]: generateUniqueSecureToken(length) });
  });
}

const PASSWORDS = Symbol("rails2ts.passwords");
const plain = (r: RecordLike): Map<string, unknown> => ((r as unknown as { [PASSWORDS]?: Map<string, unknown> })[PASSWORDS] ??= new Map());

function installPassword(cls: ModelClassLike, meta: ModelMeta, p: SecurePasswordDescriptor): void {
  const attribute = p.attribute ?? "password";
  const digest = `${attribute}_digest`;
  const proto = cls.prototype as object;
  const set = function (this: RecordLike, value: unknown) {
    if (value === null || value === undefined) {
      plain(this).set(attribute, null);
      this.writeAttribute(digest, null);
    } else if (String(value) !== "") {
      plain(this).set(attribute, String(value));
      this.writeAttribute(digest, bcryptHash(String(value), bcryptCost));
    }
  };
  for (const [name, get, setter] of [
    [attribute, function (this: RecordLike) { return plain(this).get(attribute) ?? null; }, set],
    [`${attribute}_confirmation`, function (this: RecordLike) { return plain(this).get(`${attribute}_confirmation`) ?? null; },
      function (this: RecordLike, v: unknown) { plain(this).set(`${attribute}_confirmation`, v); }],
  ] as const) {
    for (const key of new Set([name, rubyToTs(name)])) if (!(key in proto)) Object.defineProperty(proto, key, { get, set: setter, configurable: true });
    member(proto, `${name}=`, setter);
  }
  const authenticate = function (this: RecordLike, password: unknown) {
    const stored = this.readAttribute(digest);
    return typeof stored === "string" && stored !== "" && bcryptVerify(String(password ?? ""), stored) ? this : false;
  };
  member(proto, `authenticate_${attribute}`, authenticate);
  if (attribute === "password") member(proto, "authenticate", authenticate);
  if (p.validations !== false) passwordValidations(meta, attribute, digest);
  meta.securePasswords = [...(meta.securePasswords ?? []), attribute];
}

function passwordValidations(meta: ModelMeta, attribute: string, digest: string): void {
  addCallback(meta, "validate", (r) => {
    if (!isPresent(r.readAttribute(digest))) r.errors.add(attribute, "blank");
  });
  addCallback(meta, "validate", (r) => {
    const value = plain(r).get(attribute);
    if (typeof value === "string" && value !== "" && Buffer.byteLength(value) > 72) r.errors.add(attribute, "password_too_long");
  });
  addCallback(meta, "validate", (r) => {
    const value = plain(r).get(attribute);
    const confirmation = plain(r).get(`${attribute}_confirmation`);
    if (confirmation === undefined || confirmation === null || !isPresent(value)) return;
    if (confirmation !== value) r.errors.add(`${attribute}_confirmation`, "confirmation", { attribute: (r as unknown as { humanAttributeName(a: string): string }).humanAttributeName(attribute) });
  });
}

export function installSecureFeatures(cls: ModelClassLike, meta: ModelMeta, d: ModelDescriptor): void {
  for (const t of d.secureTokens ?? []) installToken(cls, meta, t);
  for (const p of d.securePassword ?? []) installPassword(cls, meta, p);
}
