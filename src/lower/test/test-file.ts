// An app's Minitest files -> vitest files of the emitted project (`rails2ts test`, `compile --tests`):
//   require "test_helper"                          import { suite } from "../test_helper.js";
//   class PostTest < ActiveSupport::TestCase       defineTestCase(vitest, suite, { name: "PostTest", file, setup, teardown, tests });
//     setup do @post = posts(:one) end             setup: [async function () { this.ivars.post = this.fixture("posts", "one"); }]
//     test "is valid" do assert @post.valid? end   tests: [{ name: "test_is_valid", line, body: async function () { this.assert(...); } }]
//   get posts_url, params: { q: 1 }                (await this.get(routes.postsUrl(this), { params: { q: 1 } }))
//   assert_difference("Post.count") { post ... }   (await this.assertDifference({ exprs: [[() => Post.count(), "\"Post.count\""]], by: [] }, null, async () => { ... }))
// Test bodies are Ruby, lowered as any method is (stmts.ts); the calls on the test case are the runtime's table
// (runtime/testing/methods.ts). Requests and block assertions are awaited, so they are lowered only where the test's
// own async function runs them (not inside a plain block); anything declined is a diagnostic and raises when reached.
import type { AppModel } from "../../analyze/app-model.js";
import type { Diagnostics } from "../../diagnostics/index.js";
import type { Span } from "../../diagnostics/span.js";
import { listFiles, parseRubyFile } from "../../parse/app.js";
import { parseRuby } from "../../parse/ruby.js";
import { literalString, type Block, type Node, type NodeOf } from "../../parse/ir.js";
import { TEST_CASE_CLASSES, TEST_CASE_METHODS } from "../../../runtime/testing/methods.js";
import type { EmittedModule } from "../emitted-module.js";
import { relativeModule } from "../emitted-module.js";
import { makeEnv } from "../env.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import { lowerArgs } from "../calls.js";
import { catchReturns } from "../jumps.js";
import { Scope, type LowerEnv, type ReturnTarget } from "../scope.js";
import { lowerBody } from "../stmts.js";
import { UNKNOWN } from "../types.js";
import { constPath as constName } from "../../analyze/constants.js";
import { FIXTURES_MODULE } from "../fixtures.js";

export const TEST_HELPER_MODULE = "test/test_helper.ts";

/** Every test/**\/*_test.rb but test/system (browser tests: out of scope) as a module; files with no test are left out. */
export function lowerTestFiles(app: AppModel, diags: Diagnostics): EmittedModule[] {
  const root = app.parsed.root;
  const files = listFiles(root, "test", ".rb").filter((rel) => rel.endsWith("_test.rb") && !rel.startsWith("test/system/") && !rel.startsWith("test/fixtures/"));
  const modules = files.map((rel) => lowerTestFile(parseRubyFile(root, rel, diags), app, diags)).filter((m): m is EmittedModule => m !== null);
  return modules.length ? [lowerTestHelper(app, diags), ...modules] : [];
}

interface TestClass {
  name: string;
  superclass: string | null;
  node: NodeOf<"class">;
}

function lowerTestFile(file: { path: string; absPath: string; body: Node[] }, app: AppModel, diags: Diagnostics): EmittedModule | null {
  const path = file.path.replace(/\.rb$/, ".ts");
  const env = testEnv(app, diags);
  const classes: TestClass[] = [];
  collectClasses(file.body, [], classes, diags);
  const definitions = classes.map((c) => lowerTestClass(c, file.path, env)).filter((d): d is string => d !== null);
  if (!definitions.length) return null;
  const define = env.module.use("defineTestCase");
  const statements = [
    `import * as vitest from "vitest";`,
    `import { suite } from "${relativeModule(path, TEST_HELPER_MODULE)}";`,
    ...definitions.map((d) => `${define}(vitest, suite, ${d});`),
  ];
  return { path, state: env.module, statements, from: file.absPath };
}

function testEnv(app: AppModel, diags: Diagnostics): LowerEnv {
  const env = makeEnv(app, diags, "script", { selfExpr: "this", ivar: (n) => `this.ivars.${n}`, ivarStore: { object: "this.ivars" }, urlContext: "this" });
  env.selfCall = (call, scope) => testSelfCall(call, scope);
  return env;
}

/** `require`s are the test helper's business; classes (in modules too) are the tests; anything else is declined. */
function collectClasses(body: Node[], nesting: string[], out: TestClass[], diags: Diagnostics): void {
  for (const node of body) {
    if (node.kind === "call" && !node.receiver && (node.method === "require" || node.method === "require_relative")) continue;
    if (node.kind === "module") collectClasses(node.body, [...nesting, constName(node.name) ?? "?"], out, diags);
    else if (node.kind === "class") out.push({ name: [...nesting, constName(node.name) ?? "?"].join("::"), superclass: node.superclass && constName(node.superclass), node });
    else diags.report("test_declined", node.span, "a statement outside a test class");
  }
}

/** The kind of test class being lowered with an env: an ActiveSupport::TestCase has no integration session. */
const CLASS_KIND = new WeakMap<LowerEnv, "unit" | "integration">();

/** One class as TestCaseDefinition's object literal; null when it defines no test (nothing to run, as in Rails). */
function lowerTestClass(c: TestClass, file: string, env: LowerEnv): string | null {
  const setup: string[] = [];
  const teardown: string[] = [];
  const tests: string[] = [];
  const kind = c.superclass ? TEST_CASE_CLASSES[c.superclass] : undefined;
  if (kind) CLASS_KIND.set(env, kind);
  const declinedClass = kind ? null : `a test class of ${c.superclass ?? "no superclass"} (${site(c.node.span, env)})`;
  if (declinedClass && c.node.body.some(testOf)) env.diags.report("test_declined", c.node.superclass?.span ?? c.node.span, `tests of ${c.superclass ?? "a class with no superclass"}`);
  for (const node of c.node.body) {
    const test = testOf(node);
    if (test) {
      const body = declinedClass ? raising(declinedClass, env) : asyncFunction(test.body, env);
      tests.push(`{ name: ${JSON.stringify(test.name)}, line: ${node.span.line}, body: ${body} }`);
    } else if (node.kind === "call" && !node.receiver && (node.method === "setup" || node.method === "teardown") && node.block && !node.args.length) {
      (node.method === "setup" ? setup : teardown).push(declinedClass ? raising(declinedClass, env) : asyncFunction(node.block.body, env));
    } else {
      env.diags.report("test_declined", node.span, describeStatement(node));
      setup.push(raising(`${describeStatement(node)} (${site(node.span, env)})`, env));
    }
  }
  if (!tests.length) return null;
  return `{ name: ${JSON.stringify(c.name)}, file: ${JSON.stringify(file)}, setup: [${setup.join(", ")}], teardown: [${teardown.join(", ")}], tests: [${tests.join(",\n")}] }`;
}

/** `test "a b" do ... end` (Minitest's method name test_a_b) or `def test_x`. */
function testOf(node: Node): { name: string; body: Node[] } | null {
  if (node.kind === "def" && !node.singleton && node.name.startsWith("test_") && node.params.length === 0) return { name: node.name, body: node.body };
  if (node.kind !== "call" || node.receiver || node.method !== "test" || node.args.length !== 1 || !node.block) return null;
  const name = literalString(node.args[0]!);
  return name === null ? null : { name: `test_${name.replace(/\s+/g, "_")}`, body: node.block.body };
}

function describeStatement(node: Node): string {
  if (node.kind === "def") return `a method of a test class (${node.name})`;
  if (node.kind === "call") return `${node.method} in a test class body`;
  return `a statement (${node.kind}) in a test class body`;
}

function site(span: Span, env: LowerEnv): string {
  const root = env.app.parsed.root.endsWith("/") ? env.app.parsed.root : `${env.app.parsed.root}/`;
  return `${span.file.startsWith(root) ? span.file.slice(root.length) : span.file}:${span.line}:${span.column}`;
}

function raising(what: string, env: LowerEnv): string {
  return `async function () {\n${env.module.use("unsupported")}(${JSON.stringify(what)});\n}`;
}

/** Where the test's own async function runs (its body, a block assertion's block): awaiting is allowed there. */
const ASYNC_TARGETS = new WeakSet<ReturnTarget>();

function awaitAllowed(scope: Scope): boolean {
  return scope.returnsDirectly && scope.returnTarget !== null && ASYNC_TARGETS.has(scope.returnTarget);
}

/** A test's body or a setup block: `async function () { ... }` with `this` the test case. */
function asyncFunction(body: Node[], env: LowerEnv): string {
  const scope = new Scope(env);
  return `async function (this: ${env.module.useType("TestCase")}) {\n${asyncBody(body, scope).join("\n")}\n}`;
}

function asyncBody(body: Node[], scope: Scope): string[] {
  scope.returnTarget = { tag: null };
  scope.returnsDirectly = true;
  scope.jump = null;
  ASYNC_TARGETS.add(scope.returnTarget);
  return catchReturns(lowerBody(body, scope, "return"), scope.returnTarget, scope);
}

/** A block assertion's block: an async arrow (it may make requests), `this` still the test case. */
function asyncBlock(block: Block, scope: Scope): string {
  const inner = scope.child();
  inner.jump = { kind: "block", breakTag: null };
  return `async () => {\n${asyncBody(block.body, inner).join("\n")}\n}`;
}

/** A watched expression: a synchronous thunk (`-> { x }`, or the String Ruby would eval, parsed here). */
function watched(node: Node, scope: Scope): string | null {
  const text = literalString(node);
  if (text !== null) {
    const parsed = parseRuby(text, node.span.file, () => ({ line: node.span.line, column: node.span.column }));
    if (parsed.errors.length || parsed.body.length === 0) return null;
    return `[${thunk(parsed.body, scope)}, ${JSON.stringify(JSON.stringify(text))}]`;
  }
  if (node.kind === "lambda" && node.params.length === 0) return `[${thunk(node.body, scope)}, "#<Proc:(lambda)>"]`;
  return null;
}

function thunk(body: Node[], scope: Scope): string {
  const inner = scope.fn({ kind: "lambda" });
  return `() => {\n${catchReturns(lowerBody(body, inner, "return"), inner.returnTarget, inner).join("\n")}\n}`;
}

/** Receiver-less calls in a test: the test case's methods (the table), fixture accessors; null for the rest. */
function testSelfCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  const env = scope.env;
  const fixtureSet = env.app.parsed.fixtures.find((f) => f.name === call.method);
  if (fixtureSet && call.args.length > 0 && !call.block) {
    return lit(`this.fixture(${[JSON.stringify(fixtureSet.name), ...lowerArgs(call.args, null, scope)].join(", ")})`, UNKNOWN);
  }
  const method = TEST_CASE_METHODS[call.method];
  if (!method) return null;
  const decline = (what: string) => {
    env.diags.report("test_declined", call.span, what);
    return lit(`${env.module.use("unsupported")}(${JSON.stringify(`${what} (${site(call.span, env)})`)})`, UNKNOWN);
  };
  // ActiveSupport::TestCase has no get/post/response/assert_response: Ruby's NoMethodError, so declined here.
  if (method.integration && CLASS_KIND.get(env) !== "integration") return decline(`${call.method} outside an integration test`);
  switch (method.form) {
    case "call":
      return call.block ? decline(`${call.method} with a block`) : lit(`this.${method.ts}(${lowerArgs(call.args, null, scope).join(", ")})`, UNKNOWN);
    case "property":
      return call.args.length || call.block ? decline(`${call.method} with arguments`) : lit(`this.${method.ts}`, UNKNOWN);
    case "request":
      if (call.block) return decline(`${call.method} with a block`);
      if (!awaitAllowed(scope)) return decline(`${call.method} inside a block (requests are awaited only in the test's own body)`);
      return lit(`(await this.${method.ts}(${lowerArgs(call.args, null, scope).join(", ")}))`, UNKNOWN);
    default:
      return blockAssertion(call, method, scope, decline);
  }
}

function blockAssertion(call: NodeOf<"call">, method: { ts: string; form: string }, scope: Scope, decline: (what: string) => TsExpr): TsExpr {
  if (!call.block) return decline(`${call.method} without a block`);
  if (!awaitAllowed(scope)) return decline(`${call.method} inside a block (it is awaited only in the test's own body)`);
  const [first, ...rest] = call.args;
  const options = rest.length && rest[rest.length - 1]!.kind === "hash" ? (rest.pop() as NodeOf<"hash">) : null;
  const args = (nodes: Node[]) => nodes.map((n) => lowerExpr(n, scope).code);
  const block = asyncBlock(call.block, scope);
  const message = (node: Node | undefined) => (node ? lowerExpr(node, scope).code : "null");
  const awaited = (inner: string) => lit(`(await this.${method.ts}(${inner}))`, UNKNOWN);
  switch (method.form) {
    case "difference":
    case "noDifference": {
      const watch = first ? watchedList(first, scope) : null;
      if (!watch || options) return decline(`${call.method} with expressions not written as a String, an Array of them, a Hash of them or a lambda`);
      const by = method.form === "difference" && !watch.by ? `by: [${args(rest.slice(0, 1)).join(", ")}]` : watch.by ? `by: [${watch.by.join(", ")}]` : "by: []";
      const messageArg = message(method.form === "difference" && !watch.by ? rest[1] : rest[0]);
      return awaited(`{ exprs: [${watch.exprs.join(", ")}], ${by} }, ${messageArg}, ${block}`);
    }
    case "changes":
    case "noChanges": {
      const watch = first ? watched(first, scope) : null;
      const opts = options ? keywordOptions(options, ["from", "to"], scope) : "{}";
      if (!watch || opts === null) return decline(`${call.method} of an expression not written as a String or a lambda, or with options other than from: and to:`);
      return awaited(`${watch}, ${message(rest[0])}, ${opts}, ${block}`);
    }
    case "raises": {
      // Classes by name, as a rescue clause names them (runtime/ruby/rescue.ts matches an error's ancestry).
      const classes = call.args.filter((a) => a.kind !== "str").map((a) => { const name = constName(a); return name === null ? lowerExpr(a, scope).code : JSON.stringify(name); });
      const text = call.args.find((a) => a.kind === "str");
      return awaited(`[${classes.join(", ")}], ${message(text)}, ${block}`);
    }
    default:
      return call.args.length ? decline(`${call.method} with arguments`) : awaited(block);
  }
}

/** "Post.count" / ["A.count", "B.count"] / { "A.count" => 1 } / -> { x }: thunks, and per-expression differences for a Hash. */
function watchedList(node: Node, scope: Scope): { exprs: string[]; by: string[] | null } | null {
  const list = node.kind === "array" ? node.elements : node.kind === "hash" ? node.pairs.map((p) => p.key) : [node];
  const exprs = list.map((n) => watched(n, scope));
  if (exprs.some((e) => e === null)) return null;
  const by = node.kind === "hash" ? node.pairs.map((p) => lowerExpr(p.value, scope).code) : null;
  return { exprs: exprs as string[], by };
}

/** `from: a, to: b` as an object literal holding only the keys written (absent keys are untracked); null for others. */
function keywordOptions(hash: NodeOf<"hash">, allowed: string[], scope: Scope): string | null {
  const entries: string[] = [];
  for (const { key, value } of hash.pairs) {
    if (key.kind !== "sym" || !allowed.includes(key.name)) return null;
    entries.push(`${key.name}: ${lowerExpr(value, scope).code}`);
  }
  return `{ ${entries.join(", ")} }`;
}

/**
 * test/test_helper.ts: the environment test_helper.rb sets (RAILS_ENV=test, a test database), the app, and the
 * suite every test file shares. What test_helper.rb says beyond the generated lines is declined: every test raises.
 */
function lowerTestHelper(app: AppModel, diags: Diagnostics): EmittedModule {
  const env = makeEnv(app, diags, "script", { selfExpr: "undefined" });
  const rel = "test/test_helper.rb";
  const declined: string[] = [];
  const helper = listFiles(app.parsed.root, "test", ".rb").includes(rel) ? parseRubyFile(app.parsed.root, rel, diags) : null;
  for (const node of helper?.body ?? []) {
    for (const problem of helperProblems(node)) {
      diags.report("test_declined", problem.span, problem.what);
      declined.push(`${problem.what} (${site(problem.span, env)})`);
    }
  }
  const fixtures = app.parsed.fixtures.length ? `import { fixtures } from "${relativeModule(TEST_HELPER_MODULE, FIXTURES_MODULE)}";` : "const fixtures: never[] = [];";
  const statements = [
    `import { afterAll } from "vitest";`,
    fixtures,
    `afterAll(${env.module.use("testEnvironment")}());`,
    `const { app } = await import("${relativeModule(TEST_HELPER_MODULE, "app.ts")}");`,
    `export const suite = new (${env.module.use("TestSuite")})(app, fixtures, ${JSON.stringify(declined[0] ?? null)});`,
  ];
  return { path: TEST_HELPER_MODULE, state: env.module, statements, from: helper?.absPath ?? null };
}

/** What Rails generates in test_helper.rb is understood; anything else is a problem to report. */
function helperProblems(node: Node): Array<{ span: Span; what: string }> {
  if (node.kind === "call" && !node.receiver && (node.method === "require" || node.method === "require_relative")) return [];
  // ENV["RAILS_ENV"] ||= "test"
  if (node.kind === "opAssign" && node.target.kind === "index" && node.target.receiver.kind === "const" && node.target.receiver.name === "ENV") return [];
  if (node.kind === "module" && constName(node.name) === "ActiveSupport") return node.body.flatMap(helperProblems);
  if (node.kind === "class" && constName(node.name) === "TestCase" && !node.superclass) return node.body.flatMap(testCaseStatementProblems);
  if (node.kind === "class" && constName(node.name) === "ActiveSupport::TestCase" && !node.superclass) return node.body.flatMap(testCaseStatementProblems);
  return [{ span: node.span, what: "this statement of test_helper.rb" }];
}

/** `parallelize(...)` (tests run one file per worker here; results do not depend on it) and `fixtures :all`. */
function testCaseStatementProblems(node: Node): Array<{ span: Span; what: string }> {
  if (node.kind === "call" && !node.receiver && node.method === "parallelize") return [];
  if (node.kind === "call" && !node.receiver && node.method === "fixtures" && node.args.length === 1 && node.args[0]!.kind === "sym" && node.args[0]!.name === "all") return [];
  return [{ span: node.span, what: node.kind === "def" ? `a helper method of ActiveSupport::TestCase (${node.name})` : "this statement of ActiveSupport::TestCase in test_helper.rb" }];
}
