// Mocha (3.x) as a lowered suite uses it: `X.stubs(:m).returns(v)`, `X.expects(:m).with(a).once`,
// `K.any_instance.stubs(:m).raises(E)`. A stubbed method is replaced on its object (a class, a module, a record, or
// a class's instances through its prototype) until the test ends; expectations are verified after a test that
// passed, as Mocha's Minitest adapter verifies them, and every method is restored after the teardown.
import { RubySymbol, inspect, toS } from "../ruby/ruby.js";
import { rubyToTs } from "../ruby/names.js";
import { rubyThrow } from "../ruby/jumps.js";
import { eq } from "../active-support/index.js";
import { Assertion } from "./assertions.js";

/** `K.any_instance`: the class's instances (stubs go on its prototype). */
export class AnyInstance {
  constructor(readonly klass: { prototype: object; name?: string }) {}
}

type Cardinality = { min: number; max: number };

export class Expectation {
  private cardinality: Cardinality;
  private expectedArgs: unknown[] | null = null;
  private readonly answers: Array<{ value: unknown } | { raise: unknown } | { throwTag: unknown; value: unknown }> = [];
  invocations = 0;

  constructor(readonly owner: string, readonly method: string, strict: boolean) {
    this.cardinality = strict ? { min: 1, max: 1 } : { min: 0, max: Infinity };
  }

  with(...args: unknown[]): this {
    this.expectedArgs = args;
    return this;
  }

  returns(...values: unknown[]): this {
    for (const value of values.length ? values : [null]) this.answers.push({ value });
    return this;
  }

  raises(error: unknown = null, message: unknown = null): this {
    this.answers.push({ raise: error === null ? new Error("RuntimeError") : typeof error === "function" ? new (error as new (m?: string) => Error)(message === null ? undefined : toS(message)) : error });
    return this;
  }

  throws(tag: unknown, value: unknown = null): this {
    this.answers.push({ throwTag: tag, value });
    return this;
  }

  once(): this {
    return this.between(1, 1);
  }

  twice(): this {
    return this.between(2, 2);
  }

  never(): this {
    return this.between(0, 0);
  }

  times(n: unknown): this {
    return this.between(Number(n), Number(n));
  }

  atLeastOnce(): this {
    return this.between(1, Infinity);
  }

  atLeast(n: unknown): this {
    return this.between(Number(n), Infinity);
  }

  atMost(n: unknown): this {
    return this.between(0, Number(n));
  }

  private between(min: number, max: number): this {
    this.cardinality = { min, max };
    return this;
  }

  matches(args: unknown[]): boolean {
    return this.expectedArgs === null || (this.expectedArgs.length === args.length && this.expectedArgs.every((a, i) => eq(a, args[i])));
  }

  allowsInvocation(): boolean {
    return this.invocations < this.cardinality.max;
  }

  satisfied(): boolean {
    return this.invocations >= this.cardinality.min && this.invocations <= this.cardinality.max;
  }

  invoke(): unknown {
    const index = Math.min(this.invocations, this.answers.length - 1);
    this.invocations++;
    const answer = this.answers[index];
    if (!answer) return null;
    if ("raise" in answer) throw answer.raise;
    if ("throwTag" in answer) return rubyThrow(answer.throwTag, answer.value);
    return answer.value;
  }

  describe(): string {
    const { min, max } = this.cardinality;
    const count = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);
    const expected = min === max ? `exactly ${count(min)}` : max === Infinity ? `at least ${count(min)}` : `at most ${count(max)}`;
    const args = this.expectedArgs === null ? "(any_parameters)" : `(${this.expectedArgs.map((a) => inspect(a)).join(", ")})`;
    return `- expected ${min === 0 && max === 0 ? "never" : expected}, invoked ${this.invocations === 0 ? "never" : count(this.invocations)}: ${this.owner}.${this.method}${args}`;
  }
}

/** The mocks of one test: the replaced methods (to restore) and the expectations (to verify). */
export class Mockery {
  private readonly restores: Array<() => void> = [];
  private readonly expectations: Expectation[] = [];
  private readonly stubbed = new Map<object, Map<string, Expectation[]>>();

  /** `target.expects(:m)` (strict: exactly once unless told) / `target.stubs(:m)` (any number of times). */
  add(target: unknown, name: unknown, strict: boolean): Expectation {
    const object = target instanceof AnyInstance ? target.klass.prototype : (target as object);
    if (object === null || (typeof object !== "object" && typeof object !== "function")) throw new TypeError(`stubbing a method of ${inspect(target)}`);
    const method = name instanceof RubySymbol ? name.name : toS(name);
    const owner = target instanceof AnyInstance ? `#<AnyInstance:${toS(target.klass.name)}>` : typeof object === "function" ? toS((object as { rubyName?: string }).rubyName ?? (object as { name: string }).name) : inspect(object);
    const expectation = new Expectation(owner, method, strict);
    this.expectations.push(expectation);
    let methods = this.stubbed.get(object);
    if (!methods) this.stubbed.set(object, (methods = new Map()));
    let list = methods.get(method);
    if (!list) {
      methods.set(method, (list = []));
      this.replace(object, method, list);
    }
    list.push(expectation);
    return expectation;
  }

  /** The object, and the runtime's other objects that are the same Ruby constant (`sameRubyConstant`). */
  private replace(object: object, method: string, list: Expectation[]): void {
    const same = (object as { sameRubyConstant?: readonly object[] }).sameRubyConstant ?? [];
    for (const target of [object, ...same]) this.replaceOn(target, method, list);
  }

  private replaceOn(object: object, method: string, list: Expectation[]): void {
    const stub = (...args: unknown[]) => {
      // Mocha looks from the latest expectation back: the first that matches and still allows an invocation.
      const candidates = [...list].reverse().filter((e) => e.matches(args));
      const chosen = candidates.find((e) => e.allowsInvocation());
      if (!chosen) {
        const owner = list[0]!.owner;
        throw new Assertion(`unexpected invocation: ${owner}.${method}(${args.map((a) => inspect(a)).join(", ")})`);
      }
      return chosen.invoke();
    };
    for (const key of new Set([rubyToTs(method), method])) {
      const own = Object.getOwnPropertyDescriptor(object, key);
      Object.defineProperty(object, key, { value: stub, configurable: true, writable: true });
      this.restores.push(() => {
        if (own) Object.defineProperty(object, key, own);
        else delete (object as Record<string, unknown>)[key];
      });
    }
  }

  /** mocha_verify: every expectation invoked as often as it says. */
  verify(): void {
    const unsatisfied = this.expectations.filter((e) => !e.satisfied());
    if (unsatisfied.length) throw new Assertion(`not all expectations were satisfied\nunsatisfied expectations:\n${unsatisfied.map((e) => e.describe()).join("\n")}`);
  }

  /** mocha_teardown: the original methods back. */
  restore(): void {
    for (const undo of this.restores.reverse()) undo();
    this.restores.length = 0;
    this.stubbed.clear();
  }
}
