// The write lanes: creates per second, as a browser submits a form. Each of C clients is its own browser: its own
// session (a fresh visit, or a sign-in), the form's authenticity_token read from the page that carries the form,
// then POSTs in a loop over one keep-alive connection, each waiting for its answer (closed-loop, like wrk). The
// answer must be the app's success (the redirect after a create, or the Turbo Stream of a posted message): any
// other status is counted and reported. Rows created are counted in the lane's database afterwards.
import { Agent } from "node:http";
import { CookieJar } from "../../dist/src/conformance/cookies.js";
import { startCpuWindow } from "./cpu.js";
import { get, send } from "./http-get.js";
import { formToken, signIn } from "./sign-in.js";

/**
 * @param {{ lane: { name: string, baseUrl: string, pids?: () => number[] }, pids: number[], headers: Record<string,string>,
 *   spec: { formPage: string, action: string, fields: (i: number) => Record<string,string>, accept?: string, okStatus: number },
 *   user: object | null, clients: number, seconds: number }} o
 */
export async function runWrites(o) {
  const clients = [];
  for (let i = 0; i < o.clients; i++) clients.push(await prepareClient(o, i));
  const agent = new Agent({ keepAlive: true, maxSockets: o.clients });
  const latencies = [];
  const statuses = {};
  let sent = 0;
  const done = startCpuWindow(o.pids);
  const until = Date.now() + o.seconds * 1000;
  await Promise.all(
    clients.map(async (c, k) => {
      while (Date.now() < until) {
        const body = new URLSearchParams({ authenticity_token: c.token, ...o.spec.fields(k * 1_000_000 + sent++) }).toString();
        const started = process.hrtime.bigint();
        const res = await send(o.lane.baseUrl, o.spec.action, {
          method: "POST",
          agent,
          body,
          headers: {
            ...o.headers,
            ...(o.spec.accept ? { Accept: o.spec.accept } : {}),
            Cookie: c.jar.header() ?? "",
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": String(Buffer.byteLength(body)),
          },
        });
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        c.jar.store(res.headers["set-cookie"]);
      }
    }),
  );
  const cpu = done();
  agent.destroy();
  const ok = statuses[o.spec.okStatus] ?? 0;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    lane: o.lane.name, clients: o.clients, seconds: cpu.wallS, requests: latencies.length, ok, statuses,
    createsPerSecond: ok / cpu.wallS, p50Ms: at(0.5), p99Ms: at(0.99),
    cpuMsPerCreate: ok ? (cpu.laneS * 1000) / ok : null, otherCpuPct: (100 * cpu.otherS) / cpu.wallS,
  };
}

async function prepareClient(o, i) {
  const jar = o.user ? (await signIn(o.lane.baseUrl, o.headers, o.user)).jar : new CookieJar();
  const page = await get(o.lane.baseUrl, o.spec.formPage, { ...o.headers, Cookie: jar.header() ?? "" });
  if (page.status !== 200) throw new Error(`${o.lane.name}: client ${i}: GET ${o.spec.formPage} answered ${page.status}`);
  jar.store(page.headers["set-cookie"]);
  return { jar, token: formToken(page.body.toString("utf8"), o.spec.action) };
}
