// The data the sockets lane needs and the fixture's seeds do not have: ROOMS open rooms of PER_ROOM members
// each, one user per WebSocket client, written with plain SQL into a lane's copy of the seeded database before
// that lane boots, so Rails and the emitted app start from the same rows. Users sign in over HTTP like anyone
// else; their password digest is a bcrypt hash of cost 4 (the cost is part of the hash, and verifying it is
// what a sign-in does), so signing in 1,000 users does not cost Rails and us 1,000 cost-12 bcrypt runs.
import Database from "better-sqlite3";

/** bcrypt("bench-password-0", cost 4), as has_secure_password stores it; checked by every sign-in of the lane. */
export const BENCH_PASSWORD = "bench-password-0";
const BENCH_DIGEST = "$2a$04$pWGJ7IBGTwI7mnDHiZw9BeVQXWTfrfjIXfWRoLVHFIrLjZqsgL7F6";
const FIRST_ID = 1001;
const STAMP = "2024-03-01 00:00:00";

/**
 * @param {{ clients: number, perRoom: number, cookie: string }} o cookie: the cookie a sign-in must set
 * @returns {{ rooms: Array<{ id: number, userIds: number[] }>, users: Array<{ id: number, roomId: number,
 *   email: string, password: string, cookie: string }> }}
 */
export function socketsData(o) {
  const rooms = [];
  const users = [];
  for (let i = 0; i < o.clients; i++) {
    const roomId = FIRST_ID + Math.floor(i / o.perRoom);
    if (rooms.length === 0 || rooms[rooms.length - 1].id !== roomId) rooms.push({ id: roomId, userIds: [] });
    const id = FIRST_ID + i;
    rooms[rooms.length - 1].userIds.push(id);
    users.push({ id, roomId, email: `bench-${id}@example.com`, password: BENCH_PASSWORD, cookie: o.cookie });
  }
  return { rooms, users };
}

/** Writes DATA's users, rooms and memberships into the SQLite file (closed, checkpointed, before boot). */
export function seedSocketsData(dbFile, data) {
  const db = new Database(dbFile);
  try {
    const user = db.prepare("INSERT INTO users (id, name, email_address, password_digest, role, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)");
    const room = db.prepare("INSERT INTO rooms (id, name, type, creator_id, created_at, updated_at) VALUES (?, ?, 'Rooms::Open', 1, ?, ?)");
    const membership = db.prepare("INSERT INTO memberships (room_id, user_id, involvement, created_at, updated_at) VALUES (?, ?, 'mentions', ?, ?)");
    db.transaction(() => {
      for (const u of data.users) user.run(u.id, `Bench User ${u.id}`, u.email, BENCH_DIGEST, STAMP, STAMP);
      for (const r of data.rooms) {
        room.run(r.id, `bench room ${r.id}`, STAMP, STAMP);
        for (const id of r.userIds) membership.run(r.id, id, STAMP, STAMP);
      }
    })();
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}
