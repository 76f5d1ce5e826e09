// runtime/cable against real Action Cable: test/fixtures/cable/record.sh ran the scenarios in scenarios.json over
// WebSockets against a Rails 7.2.4 probe app (Puma, production, async adapter, clock frozen) and saved every frame,
// close and refusal in expected.json. Here the same client (client.mjs, on `ws`) replays them against our server
// with the probe's channels lowered onto runtime/cable, and the logs must be identical.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cableHttpResponse, createCableServer, type CableServer } from "../runtime/action-cable/server.js";
import { configureSignedStreamVerifier, signStreamValue } from "../runtime/gems/turbo-rails/stream-name.js";
import { setActionCableServer } from "../runtime/action-cable/global.js";
import { ApplicationCableConnection, PROBE_CHANNELS } from "./fixtures/cable/probe-channels.js";
// @ts-expect-error -- plain ESM shared with the recorder
import { runScenarios } from "./fixtures/cable/client.mjs";

const dir = new URL("./fixtures/cable/", import.meta.url);
const spec = JSON.parse(readFileSync(new URL("scenarios.json", dir), "utf8"));
const expected = JSON.parse(readFileSync(new URL("expected.json", dir), "utf8"));

/** Scenarios whose answer does not come from the cable server. */
const NOT_CABLE: Record<string, string> = {
  "GET below the mount": "the app's router answers it (RoutingError -> public/404.html), not Action Cable",
};

let http: Server;
let cable: CableServer;
let base: string;
const errors: unknown[] = [];

beforeAll(async () => {
  configureSignedStreamVerifier({ secretKeyBase: spec.secretKeyBase });
  cable = createCableServer({
    connectionClass: ApplicationCableConnection,
    channels: PROBE_CHANNELS,
    secretKeyBase: spec.secretKeyBase,
    now: () => new Date("2024-02-15T13:00:00Z"),
    beatIntervalMs: 500,
    log: (e) => errors.push(e),
  });
  http = createServer((req, res) => {
    const wire = cable.isMountPath(req.url) ? cableHttpResponse() : { status: 500, headers: [], body: Buffer.from("not the cable") };
    res.writeHead(wire.status, Object.fromEntries(wire.headers));
    res.end(wire.body);
  });
  cable.attach(http);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  cable.close();
  setActionCableServer(null);
  await new Promise((resolve) => http.close(resolve));
});

// What the probe's ProbeController does, done to our server directly.
const driver = {
  broadcast: async (stream: string, message: unknown) => cable.broadcast(stream, message),
  disconnect: async ({ user, client, reconnect }: { user: string; client: string; reconnect: boolean }) =>
    cable.remoteConnections().where({ current_user: user, client }).disconnect({ reconnect }),
  restart: async () => cable.restart(),
  signed: async (value: unknown) => signStreamValue(value),
  login: async () => {
    throw new Error("the recorded cookies are replayed");
  },
};

describe("Action Cable protocol, replayed against real Rails' recording", () => {
  it("signs the stream names as the probe app did", async () => {
    for (const [key, value] of Object.entries(spec.signed)) expect([key, await driver.signed(value)]).toEqual([key, expected.signed[key]]);
  });

  it("answers every scenario as Rails did", async () => {
    const scenarios = spec.scenarios.filter((s: { name: string }) => NOT_CABLE[s.name] === undefined);
    const ours = await runScenarios(base, { ...spec, scenarios }, driver, { cookies: expected.cookies, signed: expected.signed });
    const theirs = expected.results.filter((r: { name: string }) => NOT_CABLE[r.name] === undefined);
    const differing = theirs.flatMap((r: { name: string }, i: number) =>
      JSON.stringify(ours.results[i]) === JSON.stringify(r) ? [] : [{ expected: r, actual: ours.results[i] }]);
    expect(differing).toEqual([]);
    expect(ours.results.length).toBe(theirs.length);
  }, 60_000);
});
