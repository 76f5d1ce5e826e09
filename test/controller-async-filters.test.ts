// A controller's filters and action may answer a Promise (lowered code that waits on something); process awaits it
// before it looks at `performed` or renders. A plain value is not awaited, and an object that merely has a `then`
// method (Ruby's Kernel#then, which any lowered object may define) is a value like any other: it is never called.
import { describe, expect, it } from "vitest";
import { Controller, type Filter } from "../runtime/action-pack/controller.js";
import type { RouteEntry } from "../runtime/action-pack/route-table.js";
import { createHttpApp } from "../runtime/action-pack/server.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
let thenCalled = false;

class GatesController extends Controller {
  static override controllerPath = "gates";
  static override filters: readonly Filter[] = [
    ...super.filters,
    { kind: "before", method: "gate", only: null, except: null },
    { kind: "before", method: "rubyThen", only: null, except: null },
    { kind: "after", method: "stamp", only: null, except: null },
  ];
  async gate() {
    await tick();
    if (this.request.queryString === "deny") this.head("forbidden");
  }
  rubyThen() {
    return { then: () => (thenCalled = true) };
  }
  async stamp() {
    await tick();
    this.response.headers.set("x-stamped", "yes");
  }
  async index() {
    await tick();
    this.render({ plain: "done" });
  }
}

const route: RouteEntry = { name: null, verb: "GET", path: "/gates(.:format)", controller: "gates", action: "index", defaults: {}, requirements: {} };
const app = createHttpApp({
  name: "t",
  routes: [route],
  controllers: [GatesController],
  views: { formatsOf: () => [], render: () => "" },
  secretKeyBase: "x".repeat(128),
  log: () => {},
});
const get = (url: string) => app.handle({ method: "GET", url, headers: { host: "example.org" }, body: Buffer.alloc(0) });

describe("filters and actions that answer a Promise", () => {
  it("awaits the before filter, the action and the after filter", async () => {
    const wire = await get("/gates");
    expect(wire.status).toBe(200);
    expect(wire.body.toString()).toBe("done");
    expect(wire.headers.find(([k]) => k === "x-stamped")?.[1]).toBe("yes");
  });

  it("halts on what an awaited before filter performed", async () => {
    const wire = await get("/gates?deny");
    expect(wire.status).toBe(403);
    expect(wire.body.toString()).toBe("");
  });

  it("never calls the then method of a value a filter answers", async () => {
    await get("/gates");
    expect(thenCalled).toBe(false);
  });
});
