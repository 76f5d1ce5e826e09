// `rails2ts build fixtures/blog --binary -o blog`: one file that, copied alone into an empty directory and run
// with no node on PATH and no other environment (`env -i PATH=/nonexistent`), answers --version and --help and
// serves /articles byte for byte what Rails 7.2.4 rendered (CSRF token values forgiven), its database created from
// the schema and the seeds in the working directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { normalizeForgiven } from "../src/conformance/forgiven.js";

const root = join(import.meta.dirname, "..");
const blog = join(root, "fixtures/blog");
const temp = mkdtempSync(join(tmpdir(), "rails2ts-binary-"));
const alone = join(temp, "empty");
const exe = join(alone, "blog");
let server: ChildProcess | null = null;
let unpackDir: string | null = null;

function run(args: string[], env: Record<string, string> = {}): string {
  return execFileSync("/usr/bin/env", ["-i", "PATH=/nonexistent", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), exe, ...args], { cwd: alone }).toString();
}

function get(port: number, path: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host: "127.0.0.1:3000" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(() => {
  const built = join(temp, "build/blog");
  execFileSync(process.execPath, [join(root, "dist/src/cli.js"), "build", blog, "--binary", "-o", built], { stdio: "pipe" });
  mkdirSync(alone);
  copyFileSync(built, exe);
  rmSync(dirname(built), { recursive: true });
  execFileSync("chmod", ["755", exe]);
  // With no environment the executable unpacks under the system's temp dir (not this run's TMPDIR, which env -i
  // drops): asked here, so afterAll removes it whichever of the tests ran (the serve test alone unpacks too).
  unpackDir = /unpack into (\S+)/.exec(run(["--help"]))![1]!;
}, 300_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGTERM");
  rmSync(temp, { recursive: true, force: true });
  if (unpackDir) {
    rmSync(unpackDir, { recursive: true, force: true });
    if (existsSync(dirname(unpackDir)) && !readdirSync(dirname(unpackDir)).length) rmSync(dirname(unpackDir), { recursive: true });
  }
});

describe("the blog as one executable", () => {
  it("is the only file in its directory and answers --version and --help itself", () => {
    expect(readdirSync(alone)).toEqual(["blog"]);
    expect(run(["--version"])).toBe(`blog (rails2ts 0.1.0, node ${process.version})\n`);
    const help = run(["--help"]);
    expect(help.split("\n").slice(0, 4)).toEqual([
      "blog: the Rails app blog, compiled by rails2ts 0.1.0 into one executable.",
      "",
      "Usage: blog [--help | --version]",
      "  Serves the app over HTTP (and Action Cable over WebSocket) until stopped.",
    ]);
  });

  it("serves /articles as Rails did, from a database it created in the working directory", async () => {
    const env = ["-i", "PATH=/nonexistent", "PORT=0", "RAILS2TS_FROZEN_TIME=2024-02-15 12:00:00"];
    server = spawn("/usr/bin/env", [...env, exe], { cwd: alone, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    server.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      server!.stdout!.on("data", (d: Buffer) => {
        const m = /listening on (\d+)/.exec(d.toString());
        if (m) resolve(Number(m[1]));
      });
      server!.once("exit", (code) => reject(new Error(`the executable exited with ${code}: ${stderr}`)));
    });
    const res = await get(port, "/articles");
    const meta = JSON.parse(readFileSync(join(blog, "reference/01_articles_index.meta.json"), "utf8")) as { status: number; contentType: string };
    expect(res.status).toBe(meta.status);
    expect(res.type).toBe(meta.contentType);
    const reference = readFileSync(join(blog, "reference/01_articles_index.body"));
    expect(normalizeForgiven(res.body).toString("latin1")).toBe(normalizeForgiven(reference).toString("latin1"));
    const icon = await get(port, "/icon.svg");
    expect(icon.body.equals(readFileSync(join(blog, "public/icon.svg")))).toBe(true);
    expect(existsSync(join(alone, "storage/production.sqlite3"))).toBe(true);
    expect(stderr).toBe("");
  }, 60_000);
});
