// Waiting for a lane to listen: a TCP connect, not an HTTP request, so no probe request reaches the app (it
// would show in a SQL log and warm a cache before the measurement says so).
import { createConnection } from "node:net";

export async function waitForPort(port, { timeoutMs = 120_000, exited = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited before listening on ${port}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not listening on ${port} after ${timeoutMs} ms`);
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
