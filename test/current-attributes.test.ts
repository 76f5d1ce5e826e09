// ActiveSupport::CurrentAttributes (runtime/active-support/current-attributes.ts), in both shapes that reach it:
// a class described with defineCurrentAttributes (instance methods delegated from the class) and the class of
// statics the compiler emits (src/lower/model/current.ts). Expected behaviour is Rails 7.2's
// (activesupport/test/current_attributes_test.rb).
import { afterEach, describe, expect, it } from "vitest";
import { CurrentAttributes, defineCurrentAttributes } from "../runtime/active-support/current-attributes.js";

const log: string[] = [];

class Session extends CurrentAttributes {
  declare static current: unknown;
  declare static previous: unknown;
}
defineCurrentAttributes(Session, { attributes: ["current", "previous"] });

class Current extends CurrentAttributes {
  declare static counter_integer: number;
  declare static counter_callable: number;
  declare static world: unknown;
  declare static person: { id: number; name: string } | null;
  declare static intro: () => string;

  intro(this: Current & { person: { name: string } }): string {
    return `${this.person.name}, hello`;
  }
}
defineCurrentAttributes(Current, {
  attributes: ["counter_integer", "counter_callable", "world", "person"],
  defaults: { counter_integer: 0, counter_callable: () => 0 },
  // before_reset { Session.previous = person&.id } / resets { Session.current = nil }
  beforeReset: [function (this: { person: { id: number } | null }) { Session.previous = this.person?.id ?? null; }],
  afterReset: [() => { Session.current = null; log.push("after_reset"); }],
});

/** What the compiler emits for `class Request < ActiveSupport::CurrentAttributes; attribute :user; end`. */
class Request extends CurrentAttributes {
  static get user(): unknown {
    return this.readAttribute("user");
  }

  static set user(value: unknown) {
    this.writeAttribute("user", value);
  }
}

afterEach(() => {
  CurrentAttributes.resetAll();
  Session.reset();
  log.length = 0;
});

describe("CurrentAttributes (defineCurrentAttributes)", () => {
  it("reads and writes an attribute", () => {
    Current.world = "world/1";
    expect(Current.world).toBe("world/1");
  });

  it("starts from the default, a value or a callable, again after reset", () => {
    Current.counter_integer += 1;
    Current.counter_callable += 1;
    const before = [Current.counter_integer, Current.counter_callable];
    Current.reset();
    expect([before, Current.counter_integer, Current.counter_callable]).toEqual([[1, 1], 0, 0]);
  });

  it("runs before_reset with the values still there and resets callbacks after", () => {
    Current.person = { id: 42, name: "David" };
    Session.current = 42;
    Current.reset();
    expect([Session.previous, Session.current, Current.person, log]).toEqual([42, null, null, ["after_reset"]]);
  });

  it("sets attributes for a block only", () => {
    Current.world = "world/1";
    let inside: unknown;
    const result = Current.set({ world: "world/2" }, () => (inside = Current.world));
    expect([inside, result, Current.world]).toEqual(["world/2", "world/2", "world/1"]);
  });

  it("delegates class-level calls to the instance's methods", () => {
    Current.person = { id: 1, name: "David" };
    expect(Current.intro()).toBe("David, hello");
  });
});

describe("CurrentAttributes (the emitted class of statics)", () => {
  it("reads nil until an attribute is written", () => {
    const before = Request.user;
    Request.user = "u1";
    expect([before, Request.user]).toEqual([null, "u1"]);
  });

  it("sets attributes for a block only", () => {
    Request.user = "u1";
    let inside: unknown;
    Request.set({ user: "u2" }, () => (inside = Request.user));
    expect([inside, Request.user]).toEqual(["u2", "u1"]);
  });

  it("is reset with every other class by the executor's reset_all", () => {
    Request.user = "u1";
    Current.world = "world/1";
    CurrentAttributes.resetAll();
    expect([Request.user, Current.world]).toEqual([null, null]);
  });

  it("keeps its values apart in an isolated execution", async () => {
    Request.user = "outer";
    const inner = await CurrentAttributes.isolate(async () => {
      Request.user = "inner";
      await Promise.resolve();
      return Request.user;
    });
    expect([inner, Request.user]).toEqual(["inner", "outer"]);
  });
});
