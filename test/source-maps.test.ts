// The emitted JS maps back to the .erb: a copy of the blog whose article partial raises at line 7 (a line added
// to the scaffold's template), served by the emitted `npm start` (node --enable-source-maps), logs a stack whose
// first frames are that line of the partial and the line of show.html.erb that rendered it (3: `render @article`).
// Columns are where the statement starts in the template (`  <% raise`: raise at 6 in the partial; `<%= render` at 1).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const temp = mkdtempSync(join(tmpdir(), "rails2ts-source-maps-"));
const app = join(temp, "blog");
const out = join(temp, "out");
let server: ChildProcess | null = null;

beforeAll(() => {
  cpSync(join(root, "fixtures/blog"), app, { recursive: true, filter: (src) => !src.includes("/reference") });
  const partial = join(app, "app/views/articles/_article.html.erb");
  const lines = readFileSync(partial, "utf8").split("\n");
  lines.splice(6, 0, `  <% raise "source map probe" if article.id == 2 %>`);
  writeFileSync(partial, lines.join("\n"));
  execFileSync(process.execPath, [join(root, "dist/src/cli.js"), "compile", app, "--out", out, "--link"], { stdio: "pipe" });
}, 120_000);

afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  rmSync(temp, { recursive: true, force: true });
});

/** `npm start` in the output; resolves with the port once listening, collecting stderr into `log`. */
function start(log: { text: string }): Promise<number> {
  const env = { ...process.env, PORT: "0", DATABASE_PATH: join(temp, "blog.sqlite3") };
  server = spawn("npm", ["start"], { cwd: out, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  server.stderr!.on("data", (d: Buffer) => (log.text += d.toString()));
  return new Promise((resolve, reject) => {
    server!.stdout!.on("data", (d: Buffer) => {
      const m = /listening on (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    server!.once("exit", (code) => reject(new Error(`npm start exited with ${code}: ${log.text}`)));
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
}

describe("source maps to the app's .erb", () => {
  it("logs the raising template's file and line first, then the template that rendered it", async () => {
    const log = { text: "" };
    const port = await start(log);
    expect((await fetch(`http://127.0.0.1:${port}/articles/1`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/articles/2`)).status).toBe(500);
    await until(() => log.text.includes("source map probe"));
    await until(() => /\n {4}at .*\n {4}at /.test(log.text.slice(log.text.indexOf("source map probe"))));
    const at = log.text.indexOf("source map probe");
    const lines = log.text.slice(log.text.lastIndexOf("\n", at) + 1).split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "RuntimeError: source map probe",
      `    at Object.render (${out}/app/views/articles/_article.html.erb:7:6)`,
      `    at Object.render (${out}/app/views/articles/show.html.erb:3:1)`,
    ]);
  }, 60_000);

  it("the app built as one executable logs the same frames (its bundle's map composed from the emitted maps)", async () => {
    const dir = join(temp, "exe");
    execFileSync(process.execPath, [join(root, "dist/src/cli.js"), "build", app, "--binary", "-o", join(dir, "blog")], { stdio: "pipe" });
    const env = ["-i", "PATH=/nonexistent", "PORT=0", `RAILS2TS_CACHE_DIR=${join(temp, "unpacked")}`];
    const exe = spawn("/usr/bin/env", [...env, join(dir, "blog")], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    const log = { text: "" };
    exe.stderr!.on("data", (d: Buffer) => (log.text += d.toString()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        exe.stdout!.on("data", (d: Buffer) => {
          const m = /listening on (\d+)/.exec(d.toString());
          if (m) resolve(Number(m[1]));
        });
        exe.once("exit", (code) => reject(new Error(`the executable exited with ${code}: ${log.text}`)));
      });
      expect((await fetch(`http://127.0.0.1:${port}/articles/2`)).status).toBe(500);
      await until(() => /source map probe\n {4}at .*\n {4}at /.test(log.text));
      const lines = log.text.split("\n");
      const at = lines.findIndex((l) => l.includes("source map probe"));
      expect(lines[at]).toBe("RuntimeError: source map probe");
      // esbuild may rename the render functions it hoists into one scope (render -> render7): the name is not ours.
      expect(lines[at + 1]).toMatch(new RegExp(`^ {4}at Object\\.render\\d* \\(${dir}/app/views/articles/_article\\.html\\.erb:7:6\\)$`));
      expect(lines[at + 2]).toMatch(new RegExp(`^ {4}at Object\\.render\\d* \\(${dir}/app/views/articles/show\\.html\\.erb:3:1\\)$`));
    } finally {
      exe.kill("SIGTERM");
    }
  }, 300_000);

  it("writes each module's TS and JS maps with the app-relative source and its content", () => {
    const map = JSON.parse(readFileSync(join(out, "dist/views/articles/_article.html.js.map"), "utf8")) as { sources: string[]; sourcesContent: string[] };
    expect(map.sources).toEqual(["../../../app/views/articles/_article.html.erb"]);
    expect(map.sourcesContent).toEqual([readFileSync(join(app, "app/views/articles/_article.html.erb"), "utf8")]);
    const tsMap = JSON.parse(readFileSync(join(out, "src/views/articles/_article.html.ts.map"), "utf8")) as { sources: string[] };
    expect(tsMap.sources).toEqual(["../../../app/views/articles/_article.html.erb"]);
    expect(readFileSync(join(out, "src/views/articles/_article.html.ts"), "utf8").endsWith("//# sourceMappingURL=_article.html.ts.map\n")).toBe(true);
  });
});
