// BigDecimal, as far as decimal columns need it: an exact decimal string that prints as Rails prints it
// (ActiveSupport's BigDecimal#to_s is the "F" format: "1.5", "0.0", "100000000000000000000.0") and encodes to
// JSON as that string, while arithmetic in lowered code still works through valueOf().

export class Decimal {
  /** Normalized: optional "-", integer digits without leading zeros, ".", fraction digits without trailing zeros. */
  private readonly text: string;

  private constructor(text: string) {
    this.text = text;
  }

  /** BigDecimal(value) for the forms a form field or SQLite hands over; null when it is not a number. */
  static parse(input: string | number, scale?: number): Decimal | null {
    let s = typeof input === "number" ? numberText(input) : input.trim();
    const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
    if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
    const [, sign, int = "", frac = "", exp = "0"] = m;
    s = shift(int + frac, int.length + Number(exp));
    if (scale !== undefined) s = roundTo(s, scale);
    return new Decimal(normalize((sign === "-" ? "-" : "") + s));
  }

  toString(): string {
    return this.text;
  }
  toRubyString(): string {
    return this.text;
  }
  valueOf(): number {
    return Number(this.text);
  }
  /** BigDecimal#inspect (not reopened by Active Support): the scientific form, 12.5 -> 0.125e2, 0.05 -> 0.5e-1. */
  toRubyInspect(): string {
    const sign = this.text.startsWith("-") ? "-" : "";
    const [int = "", frac = ""] = this.text.replace("-", "").split(".");
    const digits = (int + frac).replace(/^0+/, "").replace(/0+$/, "");
    if (digits === "") return `${sign}0.0`;
    const exponent = /^0*$/.test(int) ? -(/^0*/.exec(frac)![0].length) : int.replace(/^0+/, "").length;
    return `${sign}0.${digits}e${exponent}`;
  }
  /** BigDecimal#as_json is its string form, so JSON keeps every digit. */
  asJson(): string {
    return this.text;
  }
  isEqual(other: unknown): boolean {
    return other instanceof Decimal ? other.text === this.text : typeof other === "number" && Number(this.text) === other;
  }
}

function numberText(n: number): string {
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? n.toFixed(0) : n.toExponential();
}

/** Places the decimal point `pointAt` digits into `digits` (padding with zeros either side). */
function shift(digits: string, pointAt: number): string {
  if (pointAt <= 0) return `0.${"0".repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return `${digits}${"0".repeat(pointAt - digits.length)}.0`;
  return `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

// Round half up on the decimal string (BigDecimal's default ROUND_HALF_UP), to `scale` fraction digits.
function roundTo(s: string, scale: number): string {
  const [int, frac = ""] = s.split(".") as [string, string?];
  if (frac.length <= scale) return s;
  const kept = BigInt(int + frac.slice(0, scale)) + (Number(frac[scale]) >= 5 ? 1n : 0n);
  const digits = kept.toString().padStart(scale + 1, "0");
  return scale === 0 ? `${digits}.0` : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function normalize(s: string): string {
  const negative = s.startsWith("-");
  const [int = "", frac = ""] = s.replace(/^[+-]/, "").split(".");
  const i = int.replace(/^0+/, "") || "0";
  const f = frac.replace(/0+$/, "") || "0";
  return `${negative && (i !== "0" || f !== "0") ? "-" : ""}${i}.${f}`;
}
