// rqrcode_core 2.x's QR encoder (RQRCodeCore::QRCode, a port of Kazuhiko Arase's), step for step so the module
// matrix is the gem's: the mode from the data (numeric, alphanumeric, else 8-bit bytes), level :h unless given,
// the smallest version the data fits (QRMAXBITS), Reed-Solomon blocks, and the mask pattern of fewest lost points
// (its four demerit rules, the dark-ratio one a Float as in Ruby).
//   RQRCode::QRCode.new("http://x/y").modules     rows of booleans (true: dark)
import { RS_BLOCK_TABLE } from "./rs-blocks.js";

const MODE = { number: 1, alphanumeric: 2, byte8: 4 } as const;
type Mode = (typeof MODE)[keyof typeof MODE];
const LEVELS: Record<string, number> = { l: 1, m: 0, q: 3, h: 2 };
const MAX_BITS: Record<string, number[]> = {
  l: [152, 272, 440, 640, 864, 1088, 1248, 1552, 1856, 2192, 2592, 2960, 3424, 3688, 4184, 4712, 5176, 5768, 6360, 6888, 7456, 8048, 8752, 9392, 10208, 10960, 11744, 12248, 13048, 13880, 14744, 15640, 16568, 17528, 18448, 19472, 20528, 21616, 22496, 23648],
  m: [128, 224, 352, 512, 688, 864, 992, 1232, 1456, 1728, 2032, 2320, 2672, 2920, 3320, 3624, 4056, 4504, 5016, 5352, 5712, 6256, 6880, 7312, 8000, 8496, 9024, 9544, 10136, 10984, 11640, 12328, 13048, 13800, 14496, 15312, 15936, 16816, 17728, 18672],
  q: [104, 176, 272, 384, 496, 608, 704, 880, 1056, 1232, 1440, 1648, 1952, 2088, 2360, 2600, 2936, 3176, 3560, 3880, 4096, 4544, 4912, 5312, 5744, 6032, 6464, 6968, 7288, 7880, 8264, 8920, 9368, 9848, 10288, 10832, 11408, 12016, 12656, 13328],
  h: [72, 128, 208, 288, 368, 480, 528, 688, 800, 976, 1120, 1264, 1440, 1576, 1784, 2024, 2264, 2504, 2728, 3080, 3248, 3536, 3712, 4112, 4304, 4768, 5024, 5288, 5608, 5960, 6344, 6760, 7208, 7688, 7888, 8432, 8768, 9136, 9776, 10208],
};
const PATTERN_POSITIONS: number[][] = [
  [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50], [6, 30, 54],
  [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82],
  [6, 30, 58, 86], [6, 34, 62, 90], [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
  [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126],
  [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
  [6, 34, 62, 90, 118, 146], [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
  [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
];
const MASKS: Array<(i: number, j: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
const G15 = (1 << 10) | (1 << 8) | (1 << 5) | (1 << 4) | (1 << 2) | (1 << 1) | 1;
const G18 = (1 << 12) | (1 << 11) | (1 << 10) | (1 << 9) | (1 << 8) | (1 << 5) | (1 << 2) | 1;
const G15_MASK = (1 << 14) | (1 << 12) | (1 << 10) | (1 << 4) | (1 << 1);

export class QRCodeArgumentError extends Error {
  override name = "RQRCodeCore::QRCodeArgumentError";
}
export class QRCodeRunTimeError extends Error {
  override name = "RQRCodeCore::QRCodeRunTimeError";
}

// QRMath: GF(256) exponent and log tables.
const EXP: number[] = new Array<number>(256);
const LOG: number[] = new Array<number>(256);
for (let i = 0; i < 8; i++) EXP[i] = 1 << i;
for (let i = 8; i < 256; i++) EXP[i] = EXP[i - 4]! ^ EXP[i - 5]! ^ EXP[i - 6]! ^ EXP[i - 8]!;
for (let i = 0; i < 255; i++) LOG[EXP[i]!] = i;
function glog(n: number | null): number {
  if (n === null || n < 1) throw new QRCodeRunTimeError(`glog(${n})`);
  return LOG[n]!;
}
function gexp(n: number): number {
  while (n < 0) n += 255;
  while (n >= 256) n -= 255;
  return EXP[n]!;
}

/** QRPolynomial: coefficients, leading zeros dropped, `shift` nils appended (nil reads as 0 where Ruby says so). */
class Polynomial {
  readonly num: Array<number | null>;
  constructor(num: Array<number | null>, shift: number) {
    if (!num.length) throw new QRCodeRunTimeError(`${num.length}/${shift}`);
    let offset = 0;
    while (offset < num.length && num[offset] === 0) offset++;
    this.num = [...num.slice(offset), ...new Array<null>(shift).fill(null)];
  }
  multiply(e: Polynomial): Polynomial {
    const num = new Array<number | null>(this.num.length + e.num.length - 1).fill(null);
    for (let i = 0; i < this.num.length; i++) {
      for (let j = 0; j < e.num.length; j++) num[i + j] = (num[i + j] ?? 0) ^ gexp(glog(this.num[i]!) + glog(e.num[j]!));
    }
    return new Polynomial(num, 0);
  }
  mod(e: Polynomial): Polynomial {
    if (this.num.length - e.num.length < 0) return this;
    const ratio = glog(this.num[0]!) - glog(e.num[0]!);
    const num = [...this.num];
    for (let i = 0; i < e.num.length; i++) num[i] = (num[i] ?? 0) ^ gexp(glog(e.num[i]!) + ratio);
    return new Polynomial(num, 0).mod(e);
  }
}

class BitBuffer {
  readonly buffer: number[] = [];
  length = 0;
  put(num: number, length: number): void {
    for (let i = 0; i < length; i++) this.putBit(((num >>> (length - i - 1)) & 1) === 1);
  }
  putBit(bit: boolean): void {
    const index = Math.floor(this.length / 8);
    if (this.buffer.length <= index) this.buffer.push(0);
    if (bit) this.buffer[index]! |= 0x80 >>> this.length % 8;
    this.length++;
  }
}

function lengthInBits(mode: Mode, version: number): number {
  const bits = { [MODE.number]: [10, 12, 14], [MODE.alphanumeric]: [9, 11, 13], [MODE.byte8]: [8, 16, 16] }[mode];
  return bits[version <= 9 ? 0 : version <= 26 ? 1 : 2]!;
}

/** QRSegment: the data, its mode, and how it writes itself. */
class Segment {
  readonly mode: Mode;
  readonly bytes: Buffer;
  constructor(readonly data: string, mode: string | null) {
    this.bytes = Buffer.from(data, "utf8");
    const named = mode === "number" ? MODE.number : mode === "alphanumeric" ? MODE.alphanumeric : mode === "byte_8bit" ? MODE.byte8 : null;
    this.mode = named ?? (/^[0-9]*$/.test(data) ? MODE.number : [...data].every((c) => ALPHANUMERIC.includes(c)) ? MODE.alphanumeric : MODE.byte8);
    if (this.mode === MODE.alphanumeric && ![...data].every((c) => ALPHANUMERIC.includes(c))) throw new QRCodeArgumentError(`Not a alpha numeric uppercase string \`${data}\``);
    if (this.mode === MODE.number && !/^[0-9]*$/.test(data)) throw new QRCodeArgumentError(`Not a numeric string \`${data}\``);
  }
  size(version: number): number {
    const n = this.bytes.length;
    const [chunk, bits, extra] = this.mode === MODE.number ? [3, 10, [0, 4, 7][n % 3]!] : this.mode === MODE.alphanumeric ? [2, 11, 6] : [1, 8, 0];
    return 4 + lengthInBits(this.mode, version) + Math.floor(n / chunk) * bits + (n % chunk === 0 ? 0 : extra);
  }
  write(buffer: BitBuffer, version: number): void {
    const d = this.data;
    if (this.mode === MODE.byte8) {
      buffer.put(MODE.byte8, 4);
      buffer.put(this.bytes.length, lengthInBits(MODE.byte8, version));
      for (const b of this.bytes) buffer.put(b, 8);
    } else if (this.mode === MODE.alphanumeric) {
      buffer.put(MODE.alphanumeric, 4);
      buffer.put(d.length, lengthInBits(MODE.alphanumeric, version));
      for (let i = 0; i < d.length; i += 2) {
        if (i === d.length - 1) buffer.put(ALPHANUMERIC.indexOf(d[i]!), 6);
        else buffer.put(ALPHANUMERIC.indexOf(d[i]!) * 45 + ALPHANUMERIC.indexOf(d[i + 1]!), 11);
      }
    } else {
      buffer.put(MODE.number, 4);
      buffer.put(d.length, lengthInBits(MODE.number, version));
      for (let i = 0; i < d.length; i += 3) {
        const chars = d.slice(i, i + 3);
        buffer.put(Number(chars), [0, 4, 7, 10][chars.length]!);
      }
    }
  }
}

function rsBlocks(version: number, level: number): Array<{ total: number; data: number }> {
  const row = RS_BLOCK_TABLE[(version - 1) * 4 + ({ 1: 0, 0: 1, 3: 2, 2: 3 } as Record<number, number>)[level]!];
  if (!row) throw new QRCodeRunTimeError(`bad rsblock @ version: ${version}/error_correct_level:${level}`);
  const list: Array<{ total: number; data: number }> = [];
  for (let i = 0; i < row.length / 3; i++) for (let j = 0; j < row[i * 3]!; j++) list.push({ total: row[i * 3 + 1]!, data: row[i * 3 + 2]! });
  return list;
}

function bchDigit(data: number): number {
  let digit = 0;
  for (let d = data; d !== 0; d >>>= 1) digit++;
  return digit;
}
function bchFormatInfo(data: number): number {
  let d = data << 10;
  while (bchDigit(d) - bchDigit(G15) >= 0) d ^= G15 << (bchDigit(d) - bchDigit(G15));
  return ((data << 10) | d) ^ G15_MASK;
}
function bchVersion(data: number): number {
  let d = data << 12;
  while (bchDigit(d) - bchDigit(G18) >= 0) d ^= G18 << (bchDigit(d) - bchDigit(G18));
  return (data << 12) | d;
}

/** QRCode.create_data: the segments, terminator and padding, then data and EC codewords interleaved. */
function createData(version: number, level: number, segments: Segment[]): Array<number | null> {
  const blocks = rsBlocks(version, level);
  const maxDataBits = blocks.reduce((s, b) => s + b.data, 0) * 8;
  const buffer = new BitBuffer();
  for (const s of segments) s.write(buffer, version);
  if (!(buffer.length + 4 > maxDataBits)) buffer.put(0, 4);
  if (buffer.length > maxDataBits) throw new QRCodeRunTimeError(`code length overflow. (${buffer.length}>${maxDataBits}). (Try a larger size!)`);
  while (buffer.length % 8 !== 0) buffer.putBit(false);
  while (buffer.length < maxDataBits) {
    buffer.put(0xec, 8);
    if (buffer.length < maxDataBits) buffer.put(0x11, 8);
  }
  let offset = 0;
  const dc: Array<Array<number | null>> = [];
  const ec: Array<Array<number | null>> = [];
  for (const block of blocks) {
    dc.push(buffer.buffer.slice(offset, offset + block.data).map((b) => 0xff & b));
    offset += block.data;
    let rs = new Polynomial([1], 0);
    for (let i = 0; i < block.total - block.data; i++) rs = rs.multiply(new Polynomial([1, gexp(i)], 0));
    const mod = new Polynomial(dc[dc.length - 1]!, rs.num.length - 1).mod(rs);
    const size = rs.num.length - 1;
    ec.push(Array.from({ length: size }, (_, i) => {
      const at = i + mod.num.length - size;
      return at >= 0 ? (mod.num[at] ?? null) : 0;
    }));
  }
  const data: Array<number | null> = [];
  const maxDc = Math.max(...dc.map((d) => d.length));
  const maxEc = Math.max(...ec.map((e) => e.length));
  for (let i = 0; i < maxDc; i++) for (const d of dc) if (i < d.length) data.push(d[i]!);
  for (let i = 0; i < maxEc; i++) for (const e of ec) if (i < e.length) data.push(e[i]!);
  return data;
}

/** QRUtil.get_lost_points: the four demerit rules over a matrix. */
function lostPoints(m: boolean[][]): number {
  const n = m.length;
  let points = 0;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const dark = m[row]![col];
      let same = 0;
      for (let r = -1; r <= 1; r++) {
        if (row + r < 0 || row + r >= n) continue;
        for (let c = -1; c <= 1; c++) {
          if (col + c < 0 || col + c >= n || (r === 0 && c === 0)) continue;
          if (dark === m[row + r]![col + c]) same++;
        }
      }
      if (same > 5) points += 3 + same - 5;
    }
  }
  for (let row = 0; row < n - 1; row++) {
    for (let col = 0; col < n - 1; col++) {
      const v = m[row]![col];
      if (v === m[row + 1]![col] && v === m[row]![col + 1] && v === m[row + 1]![col + 1]) points += 3;
    }
  }
  const danger = (at: (k: number) => boolean) => at(0) && !at(1) && at(2) && at(3) && at(4) && !at(5) && at(6);
  for (let row = 0; row < n; row++) for (let col = 0; col < n - 6; col++) if (danger((k) => m[row]![col + k]!)) points += 40;
  for (let col = 0; col < n; col++) for (let row = 0; row < n - 6; row++) if (danger((k) => m[row + k]![col]!)) points += 40;
  const darkCount = m.reduce((s, r) => s + r.filter((x) => x === true).length, 0);
  const ratio = darkCount / (n * n);
  return points + (Math.abs(100 * ratio - 50) / 5) * 10;
}

export class RQRCodeCore {
  readonly version: number;
  readonly moduleCount: number;
  modules: boolean[][] = [];
  private readonly level: number;
  private readonly segments: Segment[];
  private common: Array<Array<boolean | null>> = [];
  private dataCache: Array<number | null> | null = null;

  constructor(data: string, options: { level?: string; size?: number; max_size?: number; mode?: string | null } = {}) {
    const levelName = options.level ?? "h";
    const level = LEVELS[levelName];
    if (level === undefined) throw new QRCodeArgumentError(`Unknown error correction level \`:${levelName}\``);
    this.level = level;
    this.segments = [new Segment(data, options.mode ?? null)];
    const maxSize = options.max_size ?? PATTERN_POSITIONS.length;
    const size = options.size ?? this.minimumVersion(maxSize, levelName);
    if (size > maxSize) throw new QRCodeArgumentError(`Given size greater than maximum possible size of ${PATTERN_POSITIONS.length}`);
    this.version = size;
    this.moduleCount = size * 4 + 17;
    this.prepareCommonPatterns();
    this.makeImpl(false, this.bestMaskPattern());
  }

  /** checked?(row, col): whether that module is dark. */
  isChecked(row: number, col: number): boolean {
    if (row < 0 || row >= this.moduleCount || col < 0 || col >= this.moduleCount) throw new QRCodeRunTimeError(`Invalid row/column pair: ${row}, ${col}`);
    return this.modules[row]![col]!;
  }

  private minimumVersion(limit: number, levelName: string): number {
    for (let version = 1; ; version++) {
      if (version > limit) throw new QRCodeRunTimeError(`Data length exceed maximum capacity of version ${limit}`);
      const bits = this.segments.reduce((s, seg) => s + seg.size(version), 0);
      if (bits < MAX_BITS[levelName]![version - 1]!) return version;
    }
  }

  private prepareCommonPatterns(): void {
    const n = this.moduleCount;
    const m: Array<Array<boolean | null>> = Array.from({ length: n }, () => new Array<boolean | null>(n).fill(null));
    const probe = (row: number, col: number) => {
      for (let r = -1; r <= 7; r++) {
        if (row + r < 0 || row + r >= n) continue;
        for (let c = -1; c <= 7; c++) {
          if (col + c < 0 || col + c >= n) continue;
          m[row + r]![col + c] = (r >= 0 && r <= 6 && (c === 0 || c === 6)) || (c >= 0 && c <= 6 && (r === 0 || r === 6)) || (r >= 2 && r <= 4 && c >= 2 && c <= 4);
        }
      }
    };
    probe(0, 0);
    probe(n - 7, 0);
    probe(0, n - 7);
    const positions = PATTERN_POSITIONS[this.version - 1]!;
    for (const row of positions) {
      for (const col of positions) {
        if (m[row]![col] !== null) continue;
        for (let r = -2; r <= 2; r++) for (let c = -2; c <= 2; c++) m[row + r]![col + c] = Math.abs(r) === 2 || Math.abs(c) === 2 || (r === 0 && c === 0);
      }
    }
    for (let i = 8; i < n - 8; i++) m[i]![6] = m[6]![i] = i % 2 === 0;
    this.common = m;
  }

  private bestMaskPattern(): number {
    let min = 0;
    let pattern = 0;
    for (let i = 0; i < 8; i++) {
      this.makeImpl(true, i);
      const lost = lostPoints(this.modules);
      if (i === 0 || min > lost) {
        min = lost;
        pattern = i;
      }
    }
    return pattern;
  }

  private makeImpl(test: boolean, mask: number): void {
    const n = this.moduleCount;
    const m = this.common.map((row) => [...row]);
    const bits = bchFormatInfo((this.level << 3) | mask);
    for (let i = 0; i < 15; i++) {
      const mod = !test && ((bits >> i) & 1) === 1;
      m[i < 6 ? i : i < 8 ? i + 1 : n - 15 + i]![8] = mod;
      m[8]![i < 8 ? n - i - 1 : i < 9 ? 15 - i : 15 - i - 1] = mod;
    }
    m[n - 8]![8] = !test;
    if (this.version >= 7) {
      const v = bchVersion(this.version);
      for (let i = 0; i < 18; i++) {
        const mod = !test && ((v >> i) & 1) === 1;
        m[Math.floor(i / 3)]![(i % 3) + n - 8 - 3] = mod;
        m[(i % 3) + n - 8 - 3]![Math.floor(i / 3)] = mod;
      }
    }
    this.dataCache ??= createData(this.version, this.level, this.segments);
    this.mapData(m, this.dataCache, mask);
    this.modules = m as boolean[][];
  }

  private mapData(m: Array<Array<boolean | null>>, data: Array<number | null>, mask: number): void {
    const n = this.moduleCount;
    let inc = -1;
    let row = n - 1;
    let bitIndex = 7;
    let byteIndex = 0;
    for (let start = n - 1; start >= 1; start -= 2) {
      const col = start <= 6 ? start - 1 : start;
      for (;;) {
        for (let c = 0; c < 2; c++) {
          if (m[row]![col - c] !== null) continue;
          let dark = false;
          const byte = data[byteIndex];
          if (byteIndex < data.length && byte !== null && byte !== undefined) dark = ((byte >>> bitIndex) & 1) === 1;
          if (MASKS[mask]!(row, col - c)) dark = !dark;
          m[row]![col - c] = dark;
          bitIndex--;
          if (bitIndex === -1) {
            byteIndex++;
            bitIndex = 7;
          }
        }
        row += inc;
        if (row < 0 || n <= row) {
          row -= inc;
          inc = -inc;
          break;
        }
      }
    }
  }
}
