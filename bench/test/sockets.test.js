// The sockets lane's pure parts: the data written into each lane's database (one user per client, PER_ROOM per
// room, the last room holding the remainder) and the percentiles the report states.
import { describe, expect, it } from "vitest";
import { percentiles, pool } from "../lib/sockets.js";
import { socketsData } from "../lib/sockets-data.js";

describe("sockets lane", () => {
  it("puts PER_ROOM users in each room, one user per client", () => {
    const d = socketsData({ clients: 5, perRoom: 2, cookie: "session_token" });
    expect(d.rooms).toEqual([{ id: 1001, userIds: [1001, 1002] }, { id: 1002, userIds: [1003, 1004] }, { id: 1003, userIds: [1005] }]);
    expect(d.users[4]).toEqual({ id: 1005, roomId: 1003, email: "bench-1005@example.com", password: "bench-password-0", cookie: "session_token" });
  });

  it("nearest-rank percentiles", () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(xs)).toEqual({ n: 100, p50: 50, p99: 99, max: 100 });
    expect(percentiles([3.14159])).toEqual({ n: 1, p50: 3.1, p99: 3.1, max: 3.1 });
    expect(percentiles([])).toEqual({ n: 0, p50: null, p99: null, max: null });
  });

  it("pool keeps at most LIMIT in flight and reports errors per item", async () => {
    let inFlight = 0;
    let most = 0;
    const out = await pool([1, 2, 3, 4, 5], 2, async (x) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      if (x === 3) throw new Error("three");
      return x * 2;
    });
    expect([most, out]).toEqual([2, [{ value: 2 }, { value: 4 }, { error: "three" }, { value: 8 }, { value: 10 }]]);
  });
});
