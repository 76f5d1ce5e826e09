// `rails2ts compile` output is a Node project that stands alone: copied to another path, `npm ci --offline`
// (the lock pins what the compiler was tested with) then `npm start` serves the blog's /articles byte for byte
// what Rails 7.2.4 rendered (CSRF token values forgiven), and `npm test` passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { normalizeForgiven } from "../src/conformance/forgiven.js";

const root = join(import.meta.dirname, "..");
const cli = join(root, "dist/src/cli.js");
const blog = join(root, "fixtures/blog");
const temp = mkdtempSync(join(tmpdir(), "rails2ts-standalone-"));
const compiled = join(temp, "compiled");
const copy = join(temp, "elsewhere/blog");
let server: ChildProcess | null = null;

/**
 * better-sqlite3's install script (prebuild-install) downloads a prebuilt addon from GitHub, or else compiles
 * SQLite for minutes. A local prebuild (`npm_config_better_sqlite3_local_prebuilds`) made from the addon this
 * checkout already built keeps `npm ci` offline and quick; it is the same file, for the same Node ABI.
 */
function localPrebuilds(): string {
  const dir = join(temp, "prebuilds");
  const stage = join(temp, "prebuild-stage/build/Release");
  mkdirSync(stage, { recursive: true });
  mkdirSync(dir);
  cpSync(join(root, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"), join(stage, "better_sqlite3.node"));
  const version = (JSON.parse(readFileSync(join(root, "node_modules/better-sqlite3/package.json"), "utf8")) as { version: string }).version;
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync("tar", ["czf", join(dir, name), "-C", join(temp, "prebuild-stage"), "build"]);
  return dir;
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

function npmStart(env: Record<string, string>): Promise<number> {
  server = spawn("npm", ["start"], { cwd: copy, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  return new Promise((resolve, reject) => {
    let stderr = "";
    server!.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    server!.stdout!.on("data", (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    server!.once("exit", (code) => reject(new Error(`npm start exited with ${code}: ${stderr}`)));
  });
}

beforeAll(() => {
  execFileSync(process.execPath, [cli, "compile", blog, "--out", compiled], { stdio: "pipe" });
  mkdirSync(join(temp, "elsewhere"));
  cpSync(compiled, copy, { recursive: true });
  rmSync(compiled, { recursive: true });
}, 120_000);

afterAll(() => {
  // npm start runs node under a shell: the group goes together.
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  rmSync(temp, { recursive: true, force: true });
});

describe("the emitted blog as a Node project", () => {
  it("names no path of this machine and links nothing", () => {
    expect(existsSync(join(copy, "node_modules"))).toBe(false);
    const pkg = JSON.parse(readFileSync(join(copy, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { version: string }> };
    const locked = (name: string) => lock.packages[`node_modules/${name}`]!.version;
    expect(pkg.dependencies).toEqual({
      rails2ts: "file:vendor/rails2ts-0.1.0.tgz",
      "better-sqlite3": locked("better-sqlite3"),
      "css-select": locked("css-select"),
      domhandler: locked("domhandler"),
      parse5: locked("parse5"),
      "parse5-htmlparser2-tree-adapter": locked("parse5-htmlparser2-tree-adapter"),
      redis: locked("redis"),
      ws: locked("ws"),
      yaml: locked("yaml"),
    });
    expect(pkg.scripts).toEqual({
      start: "node --enable-source-maps --max-semi-space-size=2 dist/server.js",
      build: "tsc -p tsconfig.json",
      test: "npm run build && node --test test/",
    });
    expect(pkg.engines).toEqual({ node: ">=20" });
    for (const file of ["package.json", "package-lock.json", "tsconfig.json"]) {
      expect(readFileSync(join(copy, file), "utf8")).not.toContain(root);
      expect(readFileSync(join(copy, file), "utf8")).not.toContain(tmpdir());
    }
    expect(lstatSync(join(copy, "vendor/rails2ts-0.1.0.tgz")).isFile()).toBe(true);
  });

  it("installs with npm ci --offline, serves /articles as Rails did, and passes npm test", async () => {
    const env = { ...process.env, npm_config_better_sqlite3_local_prebuilds: localPrebuilds() };
    execFileSync("npm", ["ci", "--offline", "--no-audit", "--no-fund"], { cwd: copy, env, stdio: "pipe" });
    expect(lstatSync(join(copy, "node_modules/rails2ts")).isSymbolicLink()).toBe(false);
    const port = await npmStart({ PORT: "0", DATABASE_PATH: join(temp, "blog.sqlite3"), RAILS2TS_FROZEN_TIME: "2024-02-15 12:00:00" });
    const res = await get(port, "/articles");
    const meta = JSON.parse(readFileSync(join(blog, "reference/01_articles_index.meta.json"), "utf8")) as { status: number; contentType: string };
    expect(res.status).toBe(meta.status);
    expect(res.type).toBe(meta.contentType);
    const reference = readFileSync(join(blog, "reference/01_articles_index.body"));
    expect(normalizeForgiven(res.body).toString("latin1")).toBe(normalizeForgiven(reference).toString("latin1"));
    const test = execFileSync("npm", ["test"], { cwd: copy, env: { ...process.env }, stdio: "pipe" }).toString();
    expect(test).toMatch(/^# pass 1$/m);
    expect(test).toMatch(/^# fail 0$/m);
  }, 240_000);
});
