// The sockets lanes, one at a time on an otherwise idle machine: Rails' Action Cable under Puma single mode
// (the fixture's production cable.yml says `async`: an in-process adapter, so broadcasts reach only the process
// that made them; a cluster lane would need Redis or the database adapter, hence single mode), then the emitted
// app. Each boots on its own copy of the seeded database with the sockets data written in (sockets-data.js).
import { startEmitted } from "./node-lane.js";
import { startPuma } from "./rails-lane.js";
import { runSockets } from "./sockets.js";
import { seedSocketsData, socketsData } from "./sockets-data.js";

/**
 * @param {{ rails: object, outDir: string, scratch: string, headers: Record<string,string>, spec: object,
 *   user: { cookie: string }, clients: number, perRoom: number, concurrency: number, log: (l: string) => void }} o
 */
export async function socketLanes(o) {
  const data = socketsData({ clients: o.clients, perRoom: o.perRoom, cookie: o.user.cookie });
  const prepareDb = (dbFile) => seedSocketsData(dbFile, data);
  const starters = [
    { name: "rails-1x5", start: () => startPuma(o.rails, { name: "rails-1x5-cable", workers: 0, threads: 5, host: o.headers.Host, prepareDb }) },
    { name: "node", start: () => startEmitted(o.outDir, { name: "node-cable", seeded: o.rails.seeded, scratch: o.scratch, prepareDb }) },
  ];
  const results = [];
  for (const s of starters) {
    o.log(`sockets: ${s.name}, ${data.users.length} clients in ${data.rooms.length} rooms`);
    let lane = null;
    try {
      lane = await s.start();
      const r = await runSockets({
        lane: { ...lane, name: s.name }, headers: o.headers, data, ...o.spec, concurrency: o.concurrency,
        timeoutMs: 60_000, deliveryTimeoutMs: 15_000, log: o.log,
      });
      results.push(r);
    } catch (error) {
      o.log(`sockets: ${s.name} failed: ${error.message}`);
      results.push({ lane: s.name, clients: data.users.length, rooms: data.rooms.length, error: error.message.slice(0, 2000) });
    } finally {
      await lane?.stop().catch(() => undefined);
    }
  }
  return { clients: data.users.length, perRoom: o.perRoom, rooms: data.rooms.length, concurrency: o.concurrency, lanes: results };
}
