// The chat fixture's cache-fuzz profile: its three seeded users post, boost, unboost and delete messages in their
// rooms (the composer's and the boost/delete buttons' requests, as Turbo sends them or as plain HTML forms), and
// after each step the pages that show cached fragments are compared: the rooms of every user (the cached room list
// keyed [room, Current.user] and the cached message collection), a messages page before a message, a message's
// permalink page (page_around) and its show page. The state (which messages and boosts exist) is read from the
// database file both servers share.
import Database from "better-sqlite3";
import { body, pick, type FuzzUser, type Profile } from "./driver.js";
import { BOOSTS, drawer, rooms, type Draw } from "./rooms.js";
import type { Rand } from "../fuzz/mutate.js";

export const CHAT_USERS = [
  { name: "alice", email: "alice@example.com", password: "alice-password-1" },
  { name: "bob", email: "bob@example.com", password: "bob-password-2" },
  { name: "carol", email: "carol@example.com", password: "carol-password-3" },
];

const TURBO = "text/vnd.turbo-stream.html, text/html, application/xhtml+xml";

export function chatProfile(dbFile: string, users: FuzzUser[]): Profile {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const ids = Object.fromEntries(CHAT_USERS.map((u, i) => [u.name, i + 1]));
  const idOf = (u: FuzzUser) => ids[u.name]!;
  const r = rooms(db, idOf, users[0]!);
  const { roomsOf } = r;
  const format = (rand: Rand) => (rand() < 0.6 ? TURBO : undefined);

  const draws: Draw[] = [
    [4, (rand, n) => {
      const u = pick(rand, users);
      const room = pick(rand, roomsOf(u));
      const text = body(rand, `m${n}`);
      const accept = format(rand);
      return r.step(u, room, "posts", `posts ${JSON.stringify(text)} to room ${room}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/rooms/${room}/messages`, [["message[body]", text], ["commit", "Send"]], accept));
    }],
    [3, (rand) => {
      const drawn = r.someonesMessage(rand, users);
      if (!drawn) return null;
      const { u, m } = drawn;
      const content = pick(rand, BOOSTS);
      const accept = format(rand);
      return r.step(u, m.room_id, "boosts", `boosts message ${m.id} with ${JSON.stringify(content)}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/messages/${m.id}/boosts`, [["boost[content]", content]], accept));
    }],
    [2, (rand) => {
      const drawn = r.someonesBoost(rand, users);
      if (!drawn) return null;
      const { u, b } = drawn;
      const accept = format(rand);
      return r.step(u, b.room_id, "unboosts", `unboosts boost ${b.id} of message ${b.message_id}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/messages/${b.message_id}/boosts/${b.id}`, [["_method", "delete"]], accept));
    }],
    [2, (rand) => {
      const drawn = r.someonesMessage(rand, users);
      if (!drawn) return null;
      const { u, m } = drawn;
      const accept = format(rand);
      return r.step(u, m.room_id, "deletes", `deletes message ${m.id} of room ${m.room_id}${accept ? "" : " (html)"}`, (c, s) => c.submit(s, u, "POST", `/rooms/${m.room_id}/messages/${m.id}`, [["_method", "delete"]], accept));
    }],
  ];
  // alice is in every room: her sockets see every room's broadcasts.
  const alice = users.find((u) => u.name === "alice")!;
  const subscriptions = roomsOf(alice).map((room) => ({ user: alice, identifier: { channel: "RoomChannel", room_id: room }, page: `/rooms/${room}` }));

  return {
    users,
    subscriptions,
    draw: drawer(draws),
    pages: (rand) => r.pages(rand, users),
  };
}
