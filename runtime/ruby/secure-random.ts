// Random bytes for the per-request secrets (session ids, CSRF tokens and their one-time pads, cipher IVs): the
// same CSPRNG as node:crypto's randomBytes, drawn from a pool refilled 8 KiB at a time. A request needs four small
// draws, and each randomBytes call crosses into OpenSSL on its own (about 10% of a page's CPU when measured);
// Node's randomUUID pools the same way. Every draw is a fresh copy, so no caller shares memory with the pool,
// and bytes are never handed out twice.
import { randomBytes as nodeRandomBytes, randomFillSync } from "node:crypto";

const POOL_BYTES = 8192;
/** Draws larger than this go straight to node:crypto. */
const POOLED_MAX = 256;

let pool = Buffer.alloc(0);
let offset = 0;

export function randomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 0 || size > POOLED_MAX) return nodeRandomBytes(size);
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size);
  offset += size;
  return out;
}
