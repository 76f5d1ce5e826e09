// The slice of Ruby's Marshal format (4.8) that signed messages carry: Rails apps before load_defaults 7.1 sign
// with the :marshal serializer, so a SignedGlobalID's URI travels as Marshal.dump of a String.
//   Marshal.dump("gid://app/User/1")   marshalDumpString(s)   04 08 I " <len> <bytes> 06 : 06 E T  (UTF-8)
//   Marshal.load(bytes)                marshalLoad(buf)       nil, true, false, Integer, String, Symbol (as a
//                                                             string), Array, Hash; anything else throws
/** Marshal.dump of a UTF-8 String: 04 08, I (ivars follow), '"', length, bytes, then one ivar :E => true. */
export function marshalDumpString(s: string): Buffer {
  const bytes = Buffer.from(s, "utf8");
  return Buffer.concat([Buffer.from([4, 8, 0x49, 0x22]), marshalLength(bytes.length), bytes, Buffer.from([6, 0x3a, 6, 0x45, 0x54])]);
}

/** Marshal's w_long for a non-negative length. */
function marshalLength(n: number): Buffer {
  if (n === 0) return Buffer.from([0]);
  if (n < 123) return Buffer.from([n + 5]);
  const out: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) out.push(x % 256);
  return Buffer.from([out.length, ...out]);
}

/** TypeError, as Marshal.load raises for what it cannot read. */
export class MarshalFormatError extends TypeError {}

/** Marshal.load of the types above (Strings decoded as UTF-8 whatever their encoding ivar says). */
export function marshalLoad(buf: Buffer): unknown {
  if (buf.length < 2 || buf[0] !== 4 || buf[1] > 8) {
    throw new MarshalFormatError(`incompatible marshal file format (can't be read)\n\tformat version 4.8 required; ${buf[0] ?? 0}.${buf[1] ?? 0} given`);
  }
  const reader = new MarshalReader(buf, 2);
  return reader.value();
}

class MarshalReader {
  private readonly symbols: string[] = [];
  private readonly objects: unknown[] = [];
  constructor(private readonly buf: Buffer, private pos: number) {}

  private byte(): number {
    if (this.pos >= this.buf.length) throw new MarshalFormatError("marshal data too short");
    return this.buf[this.pos++]!;
  }

  /** r_long. */
  private long(): number {
    const c = (this.byte() << 24) >> 24;
    if (c === 0) return 0;
    if (c >= 5) return c - 5;
    if (c <= -5) return c + 5;
    let n = 0;
    if (c > 0) {
      for (let i = 0; i < c; i++) n += this.byte() * 256 ** i;
      return n;
    }
    for (let i = 0; i < -c; i++) n += this.byte() * 256 ** i;
    return n - 256 ** -c;
  }

  private bytes(): Buffer {
    const len = this.long();
    if (this.pos + len > this.buf.length) throw new MarshalFormatError("marshal data too short");
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }

  value(): unknown {
    const type = String.fromCharCode(this.byte());
    switch (type) {
      case "0": return null;
      case "T": return true;
      case "F": return false;
      case "i": return this.long();
      case ":": return this.symbol();
      case ";": return this.symbols[this.long()];
      case "@": return this.objects[this.long()];
      case "I": {
        const v = this.value();
        const count = this.long();
        for (let i = 0; i < count; i++) {
          this.value();
          this.value();
        }
        return v;
      }
      case '"': {
        const s = this.bytes().toString("utf8");
        this.objects.push(s);
        return s;
      }
      case "[": {
        const out: unknown[] = [];
        this.objects.push(out);
        const count = this.long();
        for (let i = 0; i < count; i++) out.push(this.value());
        return out;
      }
      case "{": {
        const out: Record<string, unknown> = {};
        this.objects.push(out);
        const count = this.long();
        for (let i = 0; i < count; i++) {
          const key = this.value();
          out[String(key)] = this.value();
        }
        return out;
      }
      default:
        throw new MarshalFormatError(`rails2ts: Marshal.load of type ${JSON.stringify(type)} is not supported`);
    }
  }

  private symbol(): string {
    const s = this.bytes().toString("utf8");
    this.symbols.push(s);
    return s;
  }
}
