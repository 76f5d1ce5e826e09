// The cable probe's channels (test/fixtures/cable/probe-channels.ts) served by runtime/cable on a loopback port,
// with a driver doing what the probe's ProbeController does in Rails: what test/fixtures/cable/client.mjs replays
// the recorded scenarios against (test/cable-server.test.ts, test/tamper.test.ts).
import { createServer, type Server } from "node:http";
import { cableHttpResponse, createCableServer, type CableServer } from "../../runtime/action-cable/server.js";
import { setActionCableServer } from "../../runtime/action-cable/global.js";
import { configureSignedStreamVerifier, signStreamValue } from "../../runtime/gems/turbo-rails/stream-name.js";
import { ApplicationCableConnection, PROBE_CHANNELS } from "../fixtures/cable/probe-channels.js";

export interface CableProbe {
  base: string;
  cable: CableServer;
  /** What the connection and channels raised (Rails logs them). */
  errors: unknown[];
  driver: {
    broadcast(stream: string, message: unknown): Promise<void>;
    disconnect(options: { user: string; client: string; reconnect: boolean }): Promise<void>;
    restart(): Promise<void>;
    signed(value: unknown): Promise<string>;
    login(): Promise<string>;
  };
  close(): Promise<void>;
}

export async function startCableProbe(secretKeyBase: string): Promise<CableProbe> {
  const errors: unknown[] = [];
  configureSignedStreamVerifier({ secretKeyBase });
  const cable = createCableServer({
    connectionClass: ApplicationCableConnection,
    channels: PROBE_CHANNELS,
    secretKeyBase,
    now: () => new Date("2024-02-15T13:00:00Z"),
    beatIntervalMs: 500,
    log: (e) => errors.push(e),
  });
  const http: Server = createServer((req, res) => {
    const wire = cable.isMountPath(req.url) ? cableHttpResponse() : { status: 500, headers: [], body: Buffer.from("not the cable") };
    res.writeHead(wire.status, Object.fromEntries(wire.headers));
    res.end(wire.body);
  });
  cable.attach(http);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    base,
    cable,
    errors,
    driver: {
      broadcast: async (stream, message) => void cable.broadcast(stream, message),
      disconnect: async ({ user, client, reconnect }) => void cable.remoteConnections().where({ current_user: user, client }).disconnect({ reconnect }),
      restart: async () => void cable.restart(),
      signed: async (value) => signStreamValue(value),
      login: async () => {
        throw new Error("the recorded cookies are replayed");
      },
    },
    async close() {
      cable.close();
      setActionCableServer(null);
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
