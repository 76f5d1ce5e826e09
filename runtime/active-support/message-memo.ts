// Opening a message (decrypting it, or checking its digest) is a pure function of the key and the message, and a
// browser sends the same cookies with every request until they change: per key, what each valid message opened
// to is kept, so a repeated cookie costs one lookup instead of AES-GCM or an HMAC. Only what comes before the
// metadata checks is kept: purpose and expiry (which depend on the reader and the clock) are still checked on
// every read. A message that fails to open is never kept. Bounded per key; a full table is emptied and refilled.
import { BoundedMemo } from "./bounded-memo.js";

const KEPT_PER_KEY = 500;

const opened = new WeakMap<object, BoundedMemo<string, Buffer | string>>();

/**
 * What `open` gave for this key, way of opening (e.g. "aes-256-gcm", "hmac-sha1") and message before, or what it
 * gives now (kept when not null).
 */
export function rememberOpened<T extends Buffer | string>(key: object, way: string, message: string, open: () => T | null): T | null {
  let table = opened.get(key);
  if (!table) opened.set(key, (table = new BoundedMemo(KEPT_PER_KEY)));
  const entry = `${way}\0${message}`;
  const known = table.get(entry);
  if (known !== undefined) return known as T;
  const value = open();
  if (value !== null) table.set(entry, value);
  return value;
}
