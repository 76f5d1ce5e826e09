// Ruby's Rational, as far as apps meet one: Date - Date (days) and DateTime - DateTime (a fraction of a day).
//   (Date.new(2024, 3, 1) - Date.new(2024, 2, 15))   RubyRational(15, 1)   inspect "(15/1)", to_i 15, to_f 15.0
// Arithmetic on it is not modelled: an operator raises NoMethodError (loud) rather than answer an Integer.
import { floatOf } from "./ruby.js";

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

export class RubyRational {
  static readonly rubyName = "Rational";
  readonly num: bigint;
  readonly den: bigint;

  constructor(num: bigint | number, den: bigint | number = 1n) {
    let [n, d] = [BigInt(num), BigInt(den)];
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.num = n / g;
    this.den = d / g;
  }

  valueOf(): number {
    return Number(this.num) / Number(this.den);
  }
  toRubyString(): string {
    return `${this.num}/${this.den}`;
  }
  toRubyInspect(): string {
    return `(${this.num}/${this.den})`;
  }
  toI(): number {
    const q = this.num / this.den;
    return Number(q);
  }
  toF(): unknown {
    return floatOf(this.valueOf());
  }
  toR(): RubyRational {
    return this;
  }
  numerator(): number {
    return Number(this.num);
  }
  denominator(): number {
    return Number(this.den);
  }
  isZero(): boolean {
    return this.num === 0n;
  }
  abs(): RubyRational {
    return new RubyRational(this.num < 0n ? -this.num : this.num, this.den);
  }
  /** `<=>` against a Rational or a Numeric. */
  compare(other: unknown): number | null {
    const x = this.valueOf();
    const y = other instanceof RubyRational ? other.valueOf() : typeof other === "number" || typeof other === "bigint" ? Number(other) : typeof other === "object" && other !== null && "value" in other ? Number((other as { value: unknown }).value) : NaN;
    if (Number.isNaN(y)) return null;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  isEqual(other: unknown): boolean {
    return this.compare(other) === 0;
  }
}
