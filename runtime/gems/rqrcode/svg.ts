// rqrcode 3.2's RQRCode::QRCode (a wrapper of the core encoder) and RQRCode::Export::SVG#as_svg, byte for byte:
//   RQRCode::QRCode.new(url).as_svg(viewbox: true, fill: :white, color: :black)
//     <?xml …?><svg … viewBox="0 0 W H" shape-rendering="crispEdges"><rect … fill="white"/><rect …/>…</svg>
// A colour that is a Symbol is written as it is, a String gets a `#` (a hex colour). Symbol literals reach the
// runtime as Strings, so a String that is no hex colour (`white`) is taken for the Symbol it was written as.
import { isPlainObject, RubySymbol, toS, truthy } from "../../ruby/ruby.js";
import { RQRCodeCore } from "./qr-code.js";

const DEFAULT_SVG_ATTRIBUTES = ['version="1.1"', 'xmlns="http://www.w3.org/2000/svg"', 'xmlns:xlink="http://www.w3.org/1999/xlink"', 'xmlns:ev="http://www.w3.org/2001/xml-events"'];

function optionsOf(given: unknown): Record<string, unknown> {
  if (given instanceof Map) return Object.fromEntries([...given].map(([k, v]) => [toS(k), v]));
  return isPlainObject(given) ? given : {};
}

/** `"##{color}" unless color.is_a?(Symbol)`. */
function colour(value: unknown): string {
  if (value instanceof RubySymbol) return value.name;
  const text = toS(value);
  return /^[0-9a-fA-F]{3,8}$/.test(text) ? `#${text}` : text;
}

/** Ruby's `to_i` of an option (nil is 0). */
function int(value: unknown): number {
  return value === null || value === undefined ? 0 : Math.trunc(Number(toS(value)) || 0);
}

export class RQRCodeQRCode {
  readonly qrcode: RQRCodeCore;

  constructor(data: unknown, options: unknown = {}) {
    const o = optionsOf(options);
    this.qrcode = new RQRCodeCore(toS(data), {
      ...(o.level !== undefined && o.level !== null ? { level: toS(o.level) } : {}),
      ...(o.size !== undefined && o.size !== null ? { size: Number(o.size) } : {}),
      ...(o.max_size !== undefined && o.max_size !== null ? { max_size: Number(o.max_size) } : {}),
      ...(o.mode !== undefined && o.mode !== null ? { mode: toS(o.mode) } : {}),
    });
  }

  get modules(): boolean[][] {
    return this.qrcode.modules;
  }

  asSvg(options: unknown = {}): string {
    const o = optionsOf(options);
    const offset = int(o.offset);
    const offsetX = "offset_x" in o ? int(o.offset_x) : offset;
    const offsetY = "offset_y" in o ? int(o.offset_y) : offset;
    const color = colour(o.color ?? "000");
    const shapeRendering = toS(o.shape_rendering ?? "crispEdges");
    const moduleSize = Number(o.module_size ?? 11);
    const standalone = o.standalone === null || o.standalone === undefined || truthy(o.standalone);
    const viewbox = o.viewbox !== null && o.viewbox !== undefined && truthy(o.viewbox);
    const count = this.qrcode.moduleCount;
    const width = count * moduleSize + 2 * offsetX;
    const height = count * moduleSize + 2 * offsetY;
    const dimension = Math.max(width, height);
    const dimensions = viewbox ? `viewBox="0 0 ${width} ${height}"` : `width="${width}" height="${height}"`;
    const extra = Object.entries(optionsOf(o.svg_attributes)).map(([k, v]) => `${k}="${toS(v)}"`);
    const attributes = [...DEFAULT_SVG_ATTRIBUTES, dimensions, `shape-rendering="${shapeRendering}"`, ...extra].join(" ");
    const result = truthy(o.use_path) ? [pathOf(this.qrcode.modules, moduleSize, offsetX, offsetY, color)] : rectsOf(this.qrcode, moduleSize, offsetX, offsetY, color);
    if (o.fill !== null && o.fill !== undefined && o.fill !== false) {
      result.unshift(`<rect width="${dimension}" height="${dimension}" x="0" y="0" fill="${colour(o.fill)}"/>`);
    }
    if (standalone) {
      result.unshift('<?xml version="1.0" standalone="yes"?>', `<svg ${attributes}>`);
      result.push("</svg>");
    }
    return result.join("");
  }
}

/** Export::SVG::Rect: one rect per dark module, row by row. */
function rectsOf(qr: RQRCodeCore, size: number, offsetX: number, offsetY: number, color: string): string[] {
  const out: string[] = [];
  for (let c = 0; c < qr.moduleCount; c++) {
    for (let r = 0; r < qr.moduleCount; r++) {
      if (!qr.isChecked(c, r)) continue;
      out.push(`<rect width="${size}" height="${size}" x="${r * size + offsetX}" y="${c * size + offsetY}" fill="${color}"/>`);
    }
  }
  return out;
}

// Export::SVG::Path: the outline of the dark areas as edge loops (directions up, down, left, right).
const DELTAS = [[0, -1], [0, 1], [-1, 0], [1, 0]] as const;
const COMMANDS = ["v-", "v", "h-", "h"];
type Edge = [number, number, number];

function pathOf(modules: boolean[][], size: number, offsetX: number, offsetY: number, color: string): string {
  const n = modules.length;
  const edges: Array<Array<Edge[] | null>> = Array.from({ length: n + 1 }, () => new Array<Edge[] | null>(n + 1).fill(null));
  let count = 0;
  const add = (x: number, y: number, dir: number) => {
    (edges[y]![x] ??= []).push([x, y, dir]);
    count++;
  };
  for (let row = 0; row <= n; row++) {
    for (let col = 0; col < n; col++) {
      const above = row > 0 && modules[row - 1]![col]!;
      const below = row < n && modules[row]![col]!;
      if (above && !below) add(col + 1, row, 2);
      else if (!above && below) add(col, row, 3);
    }
  }
  for (let row = 0; row < n; row++) {
    for (let col = 0; col <= n; col++) {
      const left = col > 0 && modules[row]![col - 1]!;
      const right = col < n && modules[row]![col]!;
      if (left && !right) add(col, row, 1);
      else if (!left && right) add(col, row + 1, 0);
    }
  }
  const parts: string[] = [];
  let searchY = 0;
  let searchX = 0;
  while (count > 0) {
    let start: Edge | null = null;
    for (let y = searchY; y <= n && !start; y++) {
      for (let x = y === searchY ? searchX : 0; x <= n; x++) {
        const cell = edges[y]![x];
        if (cell && cell.length) {
          start = cell[0]!;
          searchY = y;
          searchX = x;
          break;
        }
      }
    }
    let path = `M${start![0]} ${start![1]}`;
    let current: Edge | null = start;
    let dir: number | null = null;
    let run = 0;
    while (current) {
      const [x, y, d] = current;
      const cell = edges[y]![x]!;
      cell.splice(cell.indexOf(current), 1);
      if (!cell.length) edges[y]![x] = null;
      count--;
      if (d === dir) run++;
      else {
        if (dir !== null) path += `${COMMANDS[dir]}${run}`;
        dir = d;
        run = 1;
      }
      const [dx, dy] = DELTAS[d]!;
      current = edges[y + dy]?.[x + dx]?.[0] ?? null;
    }
    parts.push(`${path}z`);
  }
  return `<path d="${parts.join("")}" fill="${color}" transform="translate(${offsetX},${offsetY}) scale(${size})"/>`;
}
