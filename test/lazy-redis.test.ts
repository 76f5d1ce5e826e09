// The `redis` package is about 20 MB of a process: the runtime loads it only when an Action Cable adapter on Redis
// is made (runtime/action-cable/redis.ts), so an app on the async adapter never has it in memory.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const runtime = fileURLToPath(new URL("../dist/runtime/index.js", import.meta.url));

const loadedAfter = (code: string) =>
  execFileSync(process.execPath, ["--input-type=module", "-e", `
    import { createRequire } from "node:module";
    const rt = await import(${JSON.stringify(runtime)});
    ${code}
    const loaded = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("/node_modules/redis/"));
    console.log(JSON.stringify({ loaded }));
    process.exit(0);
  `]).toString().trim();

it("loads no redis client with the runtime", () => {
  expect(JSON.parse(loadedAfter(""))).toEqual({ loaded: false });
});

it("loads it when a Redis adapter is made", () => {
  const code = `const a = new rt.cable.RedisAdapter({ url: "redis://127.0.0.1:1" }, () => {}); a.shutdown();`;
  expect(JSON.parse(loadedAfter(code))).toEqual({ loaded: true });
});
