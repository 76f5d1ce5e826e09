// The sockets lanes in the results: one row per lane (Rails' Action Cable under Puma, the emitted app), what
// was asked of it, and what happened, a failure included as measured.
import { table } from "./table.js";

const HEAD = ["lane", "subscribed", "connect+subscribe all, s", "per client p50 / p99 ms", "delivered", "delivery p50 / p99 / max ms", "POST p50 ms", "lane CPU connect / deliver s", "RSS before / connected MiB"];
const mib = (kib) => (kib === undefined ? "n/a" : (kib / 1024).toFixed(0));
const ms = (v) => (v === null || v === undefined ? "n/a" : String(v));

function rows(s) {
  return s.lanes.map((r) => {
    if (r.error) return [r.lane, "failed", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a"];
    const c = r.connect;
    const d = r.delivery;
    return [
      r.lane, `${c.subscribed} / ${r.clients}`, (c.allMs / 1000).toFixed(2), `${ms(c.perClientMs.p50)} / ${ms(c.perClientMs.p99)}`,
      `${d.received} / ${d.expected}`, `${ms(d.latencyMs.p50)} / ${ms(d.latencyMs.p99)} / ${ms(d.latencyMs.max)}`, ms(d.postMs.p50),
      `${c.laneCpuS} / ${d.laneCpuS}`, `${mib(r.memoryBeforeKiB)} / ${mib(r.memoryConnectedKiB)}`,
    ];
  });
}

/** What went wrong on a lane, in words: errors, failed handshakes by cause, missing deliveries, POST statuses. */
function happenings(s) {
  const out = [];
  for (const r of s.lanes) {
    if (r.error) {
      out.push(`- ${r.lane}: the lane failed: ${r.error.split("\n")[0]}`);
      continue;
    }
    if (r.signIn.failures) out.push(`- ${r.lane}: ${r.signIn.failures} sign-ins failed (${r.signIn.failed.join("; ")})`);
    for (const [why, n] of Object.entries(r.connect.failures)) out.push(`- ${r.lane}: ${n} clients not subscribed: ${why}`);
    if (r.delivery.received < r.delivery.expected) out.push(`- ${r.lane}: ${r.delivery.expected - r.delivery.received} broadcasts not received within 15 s of their post`);
    const statuses = Object.keys(r.delivery.postStatuses);
    if (statuses.some((x) => x !== "200")) out.push(`- ${r.lane}: POST statuses ${JSON.stringify(r.delivery.postStatuses)}`);
    if (r.openAfterDelivery < r.connect.subscribed) out.push(`- ${r.lane}: ${r.connect.subscribed - r.openAfterDelivery} subscribed sockets closed before the end`);
  }
  return out.length ? out.join("\n") : "Every lane subscribed every client and delivered every broadcast.";
}

export function socketsSection(report) {
  const s = report.sockets;
  const lanes = s.lanes.filter((r) => !r.error);
  const signIns = lanes.map((r) => `${r.lane} ${(r.signIn.ms / 1000).toFixed(1)} s`).join(", ");
  return [
    "## Sockets (Action Cable)",
    `${s.clients} WebSocket clients, ${s.perRoom} per room in ${s.rooms} rooms created for the bench (bench/lib/sockets-data.js: ` +
      `one user per client, written into each lane's copy of the seeded database before boot, the same rows on both ` +
      `sides). Each user signs in over HTTP first (not timed here: ${signIns || "n/a"}). Each client connects to /cable ` +
      `with its user's cookies, Origin and @rails/actioncable's subprotocols (actioncable-v1-json), waits for the ` +
      `welcome, subscribes to its room's RoomChannel and waits for confirm_subscription; at most ${s.concurrency} ` +
      `handshakes are in flight at once. Then one message is posted per room (POST /rooms/:id/messages with the ` +
      `composer form's authenticity_token and Turbo's Accept, as the fixture's form does), one room at a time, each ` +
      `post waiting until its room's subscribers have the broadcast (or 15 s). Delivery latency is per (post, ` +
      `subscriber): from just before the POST is written to this harness reading the broadcast frame; it includes ` +
      `the request itself (the insert, the touch, Room#receive's UPDATE, the broadcast render) and the fan-out. ` +
      `All clients live in the harness's one Node process. Rails: Puma single mode (1 process x 5 threads), the ` +
      `fixture's production cable.yml adapter \`async\` (in-process: broadcasts reach the process that made them, ` +
      `so no cluster lane without Redis); Action Cable's own worker pool at its default. Ours: the emitted app, one process.`,
    table(HEAD, rows(s)),
    `What happened:\n\n${happenings(s)}`,
  ].join("\n\n");
}

export function socketsCompact(report) {
  const s = report.sockets;
  return `sockets: ${s.clients} clients, ${s.perRoom} per room, ${s.rooms} rooms, ${s.concurrency} handshakes in flight\n` + table(HEAD, rows(s)) + "\n" + happenings(s);
}
