// The chat fixture's cache-fuzz profile: its three seeded users post, boost, unboost and delete messages in their
// rooms (the composer's and the boost/delete buttons' requests, as Turbo sends them or as plain HTML forms), and
// after each step the pages that show cached fragments are compared: the rooms of every user (the cached room list
// keyed [room, Current.user] and the cached message collection), a messages page before a message, a message's
// permalink page (page_around) and its show page. The state (which messages and boosts exist) is read from the
// database file both servers share.
import Database from "better-sqlite3";
import { body, pick, type Client, type FuzzUser, type Page, type Profile, type Server, type Step } from "./driver.js";
import type { Rand } from "../fuzz/mutate.js";

export const CHAT_USERS = [
  { name: "alice", email: "alice@example.com", password: "alice-password-1" },
  { name: "bob", email: "bob@example.com", password: "bob-password-2" },
  { name: "carol", email: "carol@example.com", password: "carol-password-3" },
];

const TURBO = "text/vnd.turbo-stream.html, text/html, application/xhtml+xml";
const BOOSTS = ["👋", "yum", "+1 & more", "<3", '"ok"', "🎉🎉"];

interface Row {
  id: number;
  room_id: number;
}

export function chatProfile(dbFile: string, users: FuzzUser[]): Profile {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const ids = Object.fromEntries(CHAT_USERS.map((u, i) => [u.name, i + 1]));
  const idOf = (u: FuzzUser) => ids[u.name]!;
  const roomsOf = (u: FuzzUser) => (db.prepare("SELECT room_id FROM memberships WHERE user_id = ? ORDER BY room_id").all(idOf(u)) as Array<{ room_id: number }>).map((r) => r.room_id);
  const messagesIn = (rooms: number[]) => db.prepare(`SELECT id, room_id FROM messages WHERE room_id IN (${rooms.join(",")}) ORDER BY id`).all() as Row[];
  let lastRoom: number | null = null;
  let lastUser: FuzzUser | null = null;

  const as = (u: FuzzUser, room: number, describe: string, run: (c: Client, s: Server) => ReturnType<Step["run"]>): Step => {
    lastRoom = room;
    lastUser = u;
    return { user: u, kind: describe.split(" ")[0]!, describe: `${u.name} ${describe}`, run };
  };
  const format = (rand: Rand) => (rand() < 0.6 ? TURBO : undefined);

  const draws: Array<[number, (rand: Rand, n: number) => Step | null]> = [
    [4, (rand, n) => {
      const u = pick(rand, users);
      const room = pick(rand, roomsOf(u));
      const text = body(rand, `m${n}`);
      const accept = format(rand);
      return as(u, room, `posts ${JSON.stringify(text)} to room ${room}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/rooms/${room}/messages`, [["message[body]", text], ["commit", "Send"]], accept));
    }],
    [3, (rand) => {
      const u = pick(rand, users);
      const messages = messagesIn(roomsOf(u));
      if (!messages.length) return null;
      const m = pick(rand, messages);
      const content = pick(rand, BOOSTS);
      const accept = format(rand);
      return as(u, m.room_id, `boosts message ${m.id} with ${JSON.stringify(content)}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/messages/${m.id}/boosts`, [["boost[content]", content]], accept));
    }],
    [2, (rand) => {
      const u = pick(rand, users);
      const boosts = db.prepare("SELECT boosts.id, boosts.message_id, messages.room_id FROM boosts JOIN messages ON messages.id = boosts.message_id WHERE booster_id = ? ORDER BY boosts.id").all(idOf(u)) as Array<{ id: number; message_id: number; room_id: number }>;
      if (!boosts.length) return null;
      const b = pick(rand, boosts);
      const accept = format(rand);
      return as(u, b.room_id, `unboosts boost ${b.id} of message ${b.message_id}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/messages/${b.message_id}/boosts/${b.id}`, [["_method", "delete"]], accept));
    }],
    [2, (rand) => {
      const u = pick(rand, users);
      const messages = messagesIn(roomsOf(u));
      if (!messages.length) return null;
      const m = pick(rand, messages);
      const accept = format(rand);
      return as(u, m.room_id, `deletes message ${m.id} of room ${m.room_id}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/rooms/${m.room_id}/messages/${m.id}`, [["_method", "delete"]], accept));
    }],
  ];
  const total = draws.reduce((n, [w]) => n + w, 0);
  let drawn = 0;

  // alice is in every room: her sockets see every room's broadcasts.
  const alice = users.find((u) => u.name === "alice")!;
  const subscriptions = roomsOf(alice).map((room) => ({ user: alice, identifier: { channel: "RoomChannel", room_id: room }, page: `/rooms/${room}` }));

  return {
    users,
    subscriptions,
    draw(rand) {
      drawn++;
      for (;;) {
        let r = rand() * total;
        const [, make] = draws.find(([w]) => (r -= w) < 0) ?? draws[0]!;
        const step = make(rand, drawn);
        if (step) return step;
      }
    },
    pages(rand) {
      const pages: Page[] = [];
      for (const u of users) {
        const rooms = roomsOf(u);
        if (lastRoom !== null && rooms.includes(lastRoom)) pages.push({ user: u, path: `/rooms/${lastRoom}` });
        pages.push({ user: u, path: `/rooms/${pick(rand, rooms)}` });
      }
      const u = lastUser ?? users[0]!;
      const messages = messagesIn(roomsOf(u));
      if (messages.length) {
        const m = pick(rand, messages);
        pages.push({ user: u, path: `/rooms/${m.room_id}/messages?before=${m.id}` });
        pages.push({ user: u, path: `/rooms/${m.room_id}/@${m.id}` });
        pages.push({ user: u, path: `/rooms/${m.room_id}/messages/${m.id}` });
      }
      if (lastRoom !== null && lastUser && roomsOf(lastUser).includes(lastRoom)) pages.push({ user: lastUser, path: `/rooms/${lastRoom}/messages` });
      return pages;
    },
  };
}
