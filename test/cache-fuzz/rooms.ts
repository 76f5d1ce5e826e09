// What the chat's and Campfire's profiles share (both are rooms with memberships and messages in one SQLite file):
// the state read from the database, the room and user of the last step, writes drawn by weight, and the pages
// around rooms and messages compared after each step.
import type Database from "better-sqlite3";
import type { Rand } from "../fuzz/mutate.js";
import { pick, type Client, type FuzzUser, type Page, type Server, type Step } from "./driver.js";

export interface MessageRow {
  id: number;
  room_id: number;
  creator_id: number;
}

/** What users boost with: emoji, words, markup-ish text. */
export const BOOSTS = ["👋", "yum", "+1 & more", "<3", '"ok"', "🎉🎉"];

export interface BoostRow {
  id: number;
  message_id: number;
  room_id: number;
}

export interface Rooms {
  roomsOf(u: FuzzUser): number[];
  messagesIn(rooms: number[]): MessageRow[];
  /** A drawn user and a drawn message of their rooms; null when they see none. */
  someonesMessage(rand: Rand, users: FuzzUser[]): { u: FuzzUser; m: MessageRow } | null;
  /** A drawn user and one of their boosts, drawn; null when they have none. */
  someonesBoost(rand: Rand, users: FuzzUser[]): { u: FuzzUser; b: BoostRow } | null;
  /** A step by `u` in `room` (its room and user are then the last step's). */
  step(u: FuzzUser, room: number, kind: string, describe: string, run: (c: Client, s: Server) => ReturnType<Step["run"]>): Step;
  /** The pages to compare: the last step's room for every member, a drawn room of each user, and around a drawn
   * message of the last user's rooms the page before it, its permalink page (page_around), its own page and
   * `more(message)`; the last room's messages page. */
  pages(rand: Rand, users: FuzzUser[], more?: (m: MessageRow) => string[]): Page[];
}

export function rooms(db: Database.Database, idOf: (u: FuzzUser) => number, first: FuzzUser): Rooms {
  let lastRoom: number | null = null;
  let lastUser = first;
  const roomsOf = (u: FuzzUser) => (db.prepare("SELECT room_id FROM memberships WHERE user_id = ? ORDER BY room_id").all(idOf(u)) as Array<{ room_id: number }>).map((r) => r.room_id);
  const messagesIn = (ids: number[]) => (ids.length ? (db.prepare(`SELECT id, room_id, creator_id FROM messages WHERE room_id IN (${ids.join(",")}) ORDER BY id`).all() as MessageRow[]) : []);
  return {
    roomsOf,
    messagesIn,
    someonesMessage(rand, users) {
      const u = pick(rand, users);
      const messages = messagesIn(roomsOf(u));
      return messages.length ? { u, m: pick(rand, messages) } : null;
    },
    someonesBoost(rand, users) {
      const u = pick(rand, users);
      const boosts = db.prepare("SELECT boosts.id, boosts.message_id, messages.room_id FROM boosts JOIN messages ON messages.id = boosts.message_id WHERE booster_id = ? ORDER BY boosts.id").all(idOf(u)) as BoostRow[];
      return boosts.length ? { u, b: pick(rand, boosts) } : null;
    },
    step(u, room, kind, describe, run) {
      lastRoom = room;
      lastUser = u;
      return { user: u, kind, describe: `${u.name} ${describe}`, run };
    },
    pages(rand, users, more = () => []) {
      const pages: Page[] = [];
      for (const u of users) {
        const ids = roomsOf(u);
        if (lastRoom !== null && ids.includes(lastRoom)) pages.push({ user: u, path: `/rooms/${lastRoom}` });
        if (ids.length) pages.push({ user: u, path: `/rooms/${pick(rand, ids)}` });
      }
      const messages = messagesIn(roomsOf(lastUser));
      if (messages.length) {
        const m = pick(rand, messages);
        for (const path of [`/rooms/${m.room_id}/messages?before=${m.id}`, `/rooms/${m.room_id}/@${m.id}`, `/rooms/${m.room_id}/messages/${m.id}`, ...more(m)]) pages.push({ user: lastUser, path });
      }
      if (lastRoom !== null && roomsOf(lastUser).includes(lastRoom)) pages.push({ user: lastUser, path: `/rooms/${lastRoom}/messages` });
      return pages;
    },
  };
}

export type Draw = [weight: number, make: (rand: Rand, n: number) => Step | null];

/** The next write: drawn by weight, and drawn again while the one drawn finds nothing to act on. */
export function drawer(draws: Draw[]): (rand: Rand) => Step {
  const total = draws.reduce((n, [w]) => n + w, 0);
  let drawn = 0;
  return (rand) => {
    drawn++;
    for (;;) {
      let r = rand() * total;
      const [, make] = draws.find(([w]) => (r -= w) < 0) ?? draws[0]!;
      const step = make(rand, drawn);
      if (step) return step;
    }
  };
}
