// The measuring helpers against things whose answer is known: a table, the cache-site scan on a scratch app,
// the lane's processes found by its listening socket, and wrk's parsed result against a server that counts.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cacheSites } from "../lib/apps.js";
import { childPids, laneMemory, lanePids } from "../lib/procs.js";
import { table } from "../lib/table.js";
import { runWrk } from "../lib/wrk.js";

const scratch = mkdtempSync(join(tmpdir(), "rails2ts-bench-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("bench helpers", () => {
  it("table pads columns", () => {
    expect(table(["a", "bb"], [["xyz", "1"]])).toBe("| a   | bb |\n|-----|----|\n| xyz | 1  |");
  });

  it("counts fragment-cache sites in ERB code tags only", () => {
    const views = join(scratch, "app", "views", "things");
    mkdirSync(views, { recursive: true });
    writeFileSync(join(views, "_thing.html.erb"), "<% cache thing do %>cache me<% end %>\n<%= render @things, cached: true %>\n");
    writeFileSync(join(views, "index.html.erb"), "<p>cache(this) is text</p><%= cache_if(x, y) do %><% end %><%= cached_value %>\n");
    expect(cacheSites(scratch)).toBe(3);
  });

  it("finds the process listening on a port, and its memory", async () => {
    const server = createServer((_, res) => res.end("ok"));
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const port = server.address().port;
    expect(lanePids(port)).toEqual([process.pid]);
    const mem = laneMemory(port);
    expect(mem.processes.map((p) => p.pid)).toEqual([process.pid]);
    expect(mem.rssKiB).toBeGreaterThan(10_000);
    await new Promise((r) => server.close(r));
    expect(lanePids(port)).toEqual([]);
  });

  it("counts a listening process's children in its lane (node:cluster's workers hold no listening socket)", async () => {
    // A parent that listens and has one child that does not: the shape of node:cluster's primary and a worker.
    const script = `const s = require("node:http").createServer(); const c = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      s.listen(0, "127.0.0.1", () => console.log(s.address().port + " " + c.pid)); process.on("SIGTERM", () => { c.kill(); process.exit(0); });`;
    const parent = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    const [port, child] = (await new Promise((r) => parent.stdout.once("data", (d) => r(String(d).trim())))).split(" ").map(Number);
    try {
      expect({ lane: lanePids(port), children: childPids(port) }).toEqual({ lane: [parent.pid, child].sort((a, b) => a - b), children: [child] });
    } finally {
      await new Promise((r) => (parent.once("exit", r), parent.kill("SIGTERM")));
    }
  });

  it("parses wrk's result: every request the server saw, headers sent, non-2xx counted", async () => {
    let seen = 0;
    const hosts = new Set();
    const server = createServer((req, res) => {
      seen++;
      hosts.add(req.headers.host);
      res.statusCode = req.url === "/missing" ? 404 : 200;
      res.end("ok");
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${server.address().port}`;
    const ok = await runWrk({ url: `${url}/`, seconds: 1, connections: 2, threads: 1, headers: { Host: "example.test:3000" } });
    // wrk stops with up to one request in flight per connection: the server saw those, wrk did not count them.
    expect([seen - ok.requests <= 2 && seen >= ok.requests, ok.requests > 100, ok.non2xxOrErrors, [...hosts]]).toEqual([true, true, 0, ["example.test:3000"]]);
    const bad = await runWrk({ url: `${url}/missing`, seconds: 1, connections: 1, threads: 1, headers: {} });
    expect([bad.requests > 100, bad.errors.status, bad.non2xxOrErrors]).toEqual([true, bad.requests, bad.requests]);
    await new Promise((r) => server.close(r));
  });
});
