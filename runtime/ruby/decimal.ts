// Exact decimal arithmetic for the number helpers (Ruby's BigDecimal as NumberHelper uses it):
// parse a number's Ruby text form, round to n places with BigDecimal's modes, print with to_s("F").
// Floats enter through Float#to_s (shortest round-trip digits), as `BigDecimal(float.to_s)` does,
// which is why 1.005 rounds to 1.01 here exactly as in Rails.
import { floatToS } from "./ruby.js";

export type RoundMode = "default" | "half_up" | "half_even" | "half_down" | "up" | "down" | "truncate" | "ceiling" | "ceil" | "floor" | "banker";

export class Dec {
  /** value = (negative ? -1 : 1) * unscaled / 10**scale; unscaled >= 0. */
  constructor(
    readonly negative: boolean,
    readonly unscaled: bigint,
    readonly scale: number,
  ) {}

  /** BigDecimal(text): decimal or exponent notation; null when not a number. */
  static parse(text: string): Dec | null {
    const m = /^\s*([-+]?)(\d[\d_]*)?(?:\.(\d[\d_]*))?(?:[eE]([-+]?\d+))?\s*$/.exec(text);
    if (!m || (m[2] === undefined && m[3] === undefined)) return null;
    const int = (m[2] ?? "").replace(/_/g, "");
    const frac = (m[3] ?? "").replace(/_/g, "");
    let scale = frac.length - Number(m[4] ?? 0);
    let digits = BigInt((int + frac) || "0");
    if (scale < 0) {
      digits *= 10n ** BigInt(-scale);
      scale = 0;
    }
    return new Dec(m[1] === "-", digits, scale);
  }

  /** A JS number as Ruby would turn it into a BigDecimal (integers exactly, floats via Float#to_s). */
  static fromNumber(n: number | bigint): Dec {
    if (typeof n === "bigint") return new Dec(n < 0n, n < 0n ? -n : n, 0);
    const text = Number.isSafeInteger(n) && !Object.is(n, -0) ? n.toFixed(0) : floatToS(n);
    return Dec.parse(text)!;
  }

  isZero(): boolean {
    return this.unscaled === 0n;
  }

  abs(): Dec {
    return new Dec(false, this.unscaled, this.scale);
  }

  /** floor(log10(|x|)) + 1: how many digits precede the decimal point (negative for small fractions). */
  digitCount(): number {
    if (this.isZero()) return 1;
    return this.unscaled.toString().length - this.scale;
  }

  /** BigDecimal#round(places, mode). Negative places round to tens, hundreds, ... */
  round(places: number, mode: RoundMode = "default"): Dec {
    if (this.scale <= places) return this;
    const drop = BigInt(this.scale - places);
    const div = 10n ** drop;
    let q = this.unscaled / div;
    const r = this.unscaled % div;
    if (r !== 0n && roundsAway(mode, r * 2n, div, q, this.negative)) q += 1n;
    return places >= 0 ? new Dec(this.negative, q, places) : new Dec(this.negative, q * 10n ** BigInt(-places), 0);
  }

  /** BigDecimal#to_s("F"): plain digits, always with a fractional part ("12.0"). */
  toFixedString(): string {
    const s = this.unscaled.toString().padStart(this.scale + 1, "0");
    const int = s.slice(0, s.length - this.scale) || "0";
    const frac = (this.scale > 0 ? s.slice(s.length - this.scale) : "").replace(/0+$/, "") || "0";
    return `${this.negative && !this.isZero() ? "-" : ""}${int}.${frac}`;
  }

  /** Multiply by 10**n (exact). */
  shift(n: number): Dec {
    if (n >= 0) return this.scale >= n ? new Dec(this.negative, this.unscaled, this.scale - n) : new Dec(this.negative, this.unscaled * 10n ** BigInt(n - this.scale), 0);
    return new Dec(this.negative, this.unscaled, this.scale - n);
  }

  toNumber(): number {
    return Number(this.toFixedString());
  }

  compareAbs(other: Dec): number {
    const scale = Math.max(this.scale, other.scale);
    const a = this.unscaled * 10n ** BigInt(scale - this.scale);
    const b = other.unscaled * 10n ** BigInt(scale - other.scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }
}

/** Whether a nonzero remainder (given as 2*r vs the divisor) rounds the quotient away from zero. */
function roundsAway(mode: RoundMode, twiceR: bigint, div: bigint, q: bigint, negative: boolean): boolean {
  switch (mode) {
    case "up": return true;
    case "down": case "truncate": return false;
    case "ceiling": case "ceil": return !negative;
    case "floor": return negative;
    case "half_down": return twiceR > div;
    case "half_even": case "banker": return twiceR > div || (twiceR === div && q % 2n === 1n);
    default: return twiceR >= div;
  }
}
