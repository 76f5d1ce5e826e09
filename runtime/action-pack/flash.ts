// ActionDispatch::Flash: the flash lives in the session as `"flash" => {"discard" => [], "flashes" => {...}}`.
// Everything loaded from the session is marked for discard, so it shows on this request only; what this
// request sets (and does not discard) is written back for the next one.
//   flash[:notice] = "x"      flash.set("notice", "x")         redirect_to x, notice: "y"  sets it too
//   flash.now[:alert] = "x"   flash.now.set("alert", "x")      shown now, not kept
//   flash.keep / discard      flash.keep() / flash.discard()
import type { Session } from "./session.js";

export class Flash {
  private readonly discarded: Set<string>;
  private readonly flashes: Map<string, unknown>;

  constructor(flashes: Record<string, unknown> = {}, discard: string[] = []) {
    this.flashes = new Map(Object.entries(flashes));
    this.discarded = new Set(discard);
  }

  /** FlashHash.from_session_value. */
  static fromSessionValue(value: unknown): Flash {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return new Flash();
    const stored = value as { flashes?: Record<string, unknown>; discard?: string[] };
    const flashes = { ...(stored.flashes ?? {}) };
    for (const key of stored.discard ?? []) delete flashes[key];
    return new Flash(flashes, Object.keys(flashes));
  }

  /** FlashHash#to_session_value: null when nothing survives. */
  toSessionValue(): { discard: string[]; flashes: Record<string, unknown> } | null {
    const keep = [...this.flashes].filter(([k]) => !this.discarded.has(k));
    if (keep.length === 0) return null;
    return { discard: [], flashes: Object.fromEntries(keep) };
  }

  /** FlashHash#[]: keys are strings (a symbol key is its name). */
  get(key: string): unknown {
    return this.flashes.get(String(key)) ?? null;
  }

  /** FlashHash#each (Enumerable): [key, value] pairs in the order they were set. */
  *[Symbol.iterator](): IterableIterator<[string, unknown]> {
    yield* this.flashes;
  }

  set(key: string, value: unknown): void {
    this.discarded.delete(key);
    this.flashes.set(key, value);
  }

  has(key: string): boolean {
    return this.flashes.has(key);
  }

  delete(key: string): this {
    this.discarded.delete(key);
    this.flashes.delete(key);
    return this;
  }

  keys(): string[] {
    return [...this.flashes.keys()];
  }

  isEmpty(): boolean {
    return this.flashes.size === 0;
  }

  toHash(): Record<string, unknown> {
    return Object.fromEntries(this.flashes);
  }

  clear(): void {
    this.discarded.clear();
    this.flashes.clear();
  }

  /** `flash.now`: values for this request only. */
  get now(): { set(key: string, value: unknown): void; get(key: string): unknown } {
    return {
      set: (key, value) => {
        this.flashes.set(key, value);
        this.discarded.add(key);
      },
      get: (key) => this.get(key),
    };
  }

  keep(key?: string): unknown {
    for (const k of key === undefined ? this.keys() : [key]) this.discarded.delete(k);
    return key === undefined ? this : this.get(key);
  }

  discard(key?: string): unknown {
    for (const k of key === undefined ? this.keys() : [key]) this.discarded.add(k);
    return key === undefined ? this : this.get(key);
  }

  get notice(): unknown {
    return this.get("notice");
  }

  get alert(): unknown {
    return this.get("alert");
  }
}

/** The request's flash, read from the session the first time it is asked for (Request#flash). */
export class FlashSlot {
  private flash: Flash | null = null;
  constructor(private readonly session: Session) {}

  get(): Flash {
    return (this.flash ??= Flash.fromSessionValue(this.session.get("flash")));
  }

  reset(): void {
    this.flash = null;
  }

  /** Request#commit_flash, after the action. */
  commit(): void {
    const flash = this.flash;
    if (flash && (!flash.isEmpty() || this.session.has("flash"))) this.session.set("flash", flash.toSessionValue());
    if (this.session.loaded && this.session.has("flash") && this.session.get("flash") === null) this.session.delete("flash");
  }
}
