// config.server_timing (Rails' generated development.rb sets it): ActionDispatch::ServerTiming adds a Server-Timing
// header to every response of the app, after Rack::Runtime's X-Runtime (it sits above it in Rails' stack, as the
// Campfire recordings show: `x-runtime`, then `server-timing`, then Rack::Deflater's `vary`), and not to a file
// ActionDispatch::Static serves. Production (no server_timing) has none. fixtures/blog sets it in development.rb.
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { bootEmitted, type Booted } from "../src/emit/boot.js";
import { scratchDir } from "./support/scratch.js";

const blog = join(import.meta.dirname, "../fixtures/blog");
const out = scratchDir("server-timing");
const servers: Booted[] = [];
const boot = async (env: string) => {
  const server = await bootEmitted(out, { port: 0, dbPath: join(out, `${env}.sqlite3`), env: { RAILS_ENV: env, SECRET_KEY_BASE: "0".repeat(64) } });
  servers.push(server);
  return server;
};
/** The response's header names in the order the server wrote them (rawHeaders; fetch's Headers sorts them). */
const names = (server: Booted, path: string) =>
  new Promise<{ status: number; headers: string[]; timing: string | null }>((done, fail) => {
    get(`${server.baseUrl}${path}`, (res) => {
      res.resume();
      res.on("end", () => {
        const headers = res.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase());
        done({ status: res.statusCode!, headers, timing: (res.headers["server-timing"] as string | undefined) ?? null });
      });
    }).on("error", fail);
  });

beforeAll(async () => {
  await compile(blog, { out });
}, 120_000);
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe("Server-Timing", () => {
  it("development: on the app's responses, after x-runtime; not on a static file", async () => {
    const server = await boot("development");
    const page = await names(server, "/articles");
    expect(page.status).toBe(200);
    expect(page.timing).toMatch(/^process_action\.action_controller;dur=\d+(\.\d+)?$/);
    expect(page.headers.indexOf("server-timing")).toBe(page.headers.indexOf("x-runtime") + 1);
    const missing = await names(server, "/articles/999999");
    expect([missing.status, missing.timing !== null]).toEqual([404, true]);
    const file = await names(server, "/robots.txt");
    expect([file.status, file.timing]).toEqual([200, null]);
  }, 60_000);

  it("production: none", async () => {
    const server = await boot("production");
    const page = await names(server, "/articles");
    expect([page.status, page.timing]).toEqual([200, null]);
  }, 60_000);
});
