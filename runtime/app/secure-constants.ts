// Ruby's SecureRandom (with ActiveSupport's base58/base36) and the bcrypt gem's BCrypt::Password, as constants
// lowered code calls (src/lower/core/constants.ts):
//   SecureRandom.alphanumeric(12)            SecureRandomModule.alphanumeric(12)     random, as in Ruby
//   SecureRandom.hex / uuid / base58 / urlsafe_base64 / base64 / random_number
//   BCrypt::Password.create("s")             BCryptPasswordClass.create("s")         cost BCrypt::Engine.cost (12)
//   BCrypt::Password.new(d).is_password?(s)  BCryptPasswordClass.new(d).isPassword(s)
import { RubyFloat, RubyRange } from "../ruby/ruby.js";
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { bcryptHash, bcryptVerify } from "../gems/bcrypt/bcrypt.js";
import { isPlainObject, toS } from "../ruby/ruby.js";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE36 = "abcdefghijklmnopqrstuvwxyz0123456789";

function choose(chars: string, n: unknown): string {
  const length = n === null || n === undefined ? 16 : Number(n);
  let out = "";
  for (let i = 0; i < length; i++) out += chars[randomInt(chars.length)];
  return out;
}

function bytes(n: unknown): Buffer {
  return randomBytes(n === null || n === undefined ? 16 : Number(n));
}

export const SecureRandomModule = {
  alphanumeric: (n?: unknown) => choose(ALPHANUMERIC, n),
  base58: (n?: unknown) => choose(BASE58, n),
  base36: (n?: unknown) => choose(BASE36, n),
  hex: (n?: unknown) => bytes(n).toString("hex"),
  uuid: () => randomUUID(),
  base64: (n?: unknown) => bytes(n).toString("base64"),
  urlsafeBase64: (n?: unknown, padding: unknown = false) => {
    const s = bytes(n).toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
    return padding ? s : s.replace(/=+$/, "");
  },
  randomNumber: (n?: unknown) => (n === null || n === undefined || Number(n) === 0 ? Math.random() : randomInt(Number(n))),
};

/**
 * Ruby's Random (class methods): Random::Formatter's uuid / hex / alphanumeric ... as SecureRandom makes them, and
 * Random.rand. Seeded generators (Random.new(seed)) are not made: their sequence is Mersenne Twister's.
 */
export const RandomModule = {
  ...SecureRandomModule,
  rand: (max: unknown = null) => {
    if (max === null || max === undefined || max === 0) return new RubyFloat(Math.random());
    if (max instanceof RubyRange) {
      const lo = Number(max.first);
      const hi = Number(max.last) - (max.excludeEnd ? 1 : 0);
      return lo + randomInt(hi - lo + 1);
    }
    if (max instanceof RubyFloat) return new RubyFloat(Math.random() * max.value);
    return randomInt(Number(max));
  },
};

/** BCrypt::Password: a String holding the digest (to_s is the digest). */
export class BCryptPassword {
  static readonly rubyName = "BCrypt::Password";
  constructor(readonly digest: string) {}
  toString(): string {
    return this.digest;
  }
  toRubyString(): string {
    return this.digest;
  }
  isPassword(secret: unknown): boolean {
    return bcryptVerify(toS(secret), this.digest);
  }
}

export const BCryptPasswordClass = {
  create: (secret: unknown, options: unknown = {}) => {
    const cost = isPlainObject(options) && options.cost !== undefined ? Number(options.cost) : 12;
    return new BCryptPassword(bcryptHash(toS(secret), cost));
  },
  new: (digest: unknown) => new BCryptPassword(toS(digest)),
};
