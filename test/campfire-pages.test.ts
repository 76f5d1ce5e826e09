// ONCE Campfire's pages against real Rails' (../shared/campfire/reference): the scenario of the reference's README
// replayed on the emitted app, in the test environment (no CSRF tokens: byte for byte) and in development (CSRF
// token values forgiven, nothing else). Runs only with RAILS2TS_CAMPFIRE (a checkout at df76a22); the engines'
// assets (turbo.js, trix.css, ...) come from RAILS2TS_CAMPFIRE_GEMS (test/support/gem-dir.sh builds one).
// RAILS2TS_CAMPFIRE_OUT=<dir> also writes our pages there, for diffing by hand.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffBodies, normalizeForgiven } from "../src/conformance/index.js";
import { prepareCampfire, runCampfireScenario, type ScenarioPage } from "./support/campfire-scenario.js";

const checkout = process.env.RAILS2TS_CAMPFIRE;
const gems = process.env.RAILS2TS_CAMPFIRE_GEMS;
const reference = join(import.meta.dirname, "../../shared/campfire/reference");
const dump = process.env.RAILS2TS_CAMPFIRE_OUT;

if (!checkout) console.log("campfire pages: skipped (set RAILS2TS_CAMPFIRE to a checkout of basecamp/once-campfire at df76a22)");

describe.skipIf(!checkout || !existsSync(reference))("ONCE Campfire pages, as Rails renders them", () => {
  let prepared: { out: string; db: string };
  beforeAll(() => {
    prepared = prepareCampfire(checkout!, gems);
  }, 120_000);
  afterAll(() => {
    if (prepared) rmSync(dirname(prepared.out), { recursive: true, force: true });
  });

  for (const [env, prefix] of [["test", "test"], ["development", "dev"]] as const) {
    describe(env, () => {
      let pages: Record<string, ScenarioPage>;
      beforeAll(async () => {
        pages = await runCampfireScenario(prepared, env);
        if (dump) {
          mkdirSync(dump, { recursive: true });
          for (const [name, page] of Object.entries(pages)) writeFileSync(join(dump, `${prefix}-${name}.html`), page.body);
        }
      }, 120_000);

      it("signs in through the form and lands in the last room", () => {
        expect([pages.session_new!.status, pages.session_create!.status, pages.root!.status]).toEqual([200, 302, 302]);
        expect(pages.session_create!.headers.location).toBe("http://127.0.0.1:3000/");
        expect(pages.root!.headers.location).toBe("http://127.0.0.1:3000/rooms/654632876");
      });

      // Test environment only: development adds ActionDispatch::ServerTiming's server-timing header (not reproduced),
      // and its ETag follows a body whose CSRF tokens differ per request.
      if (env === "test") {
        for (const page of ["room_designers", "messages_index"]) {
          it(`${page}'s headers are Rails' (per-request values aside: cookie values, request id, runtime)`, () => {
            const recorded = readFileSync(join(reference, `${prefix}-${page}.html.headers`), "utf8").split(/\r?\n/).slice(1).filter(Boolean);
            const ours = Object.entries(pages[page]!.headers).flatMap(([k, v]) => (k === "set-cookie" ? v.split(/, (?=[\w-]+=)/) : [v]).map((x) => `${k}: ${x}`));
            const comparable = (lines: string[]) => lines
              .filter((l) => !/^(x-request-id|x-runtime|date|connection|keep-alive):/i.test(l))
              .map((l) => l.replace(/^(set-cookie: [^=]+=)[^;]*/i, "$1…"))
              .sort();
            expect(comparable(ours)).toEqual(comparable(recorded));
          });
        }
      }

      for (const page of ["room_designers", "messages_index"]) {
        it(`${page} is byte-identical (CSRF token values forgiven)`, () => {
          const rails = readFileSync(join(reference, `${prefix}-${page}.html`));
          const ours = pages[page]!;
          expect(ours.status).toBe(200);
          const a = normalizeForgiven(rails);
          const b = normalizeForgiven(ours.body);
          if (!a.equals(b)) expect.fail(diffBodies(a, b, `${prefix}-${page}`).slice(0, 6000));
        });
      }
    });
  }
});
