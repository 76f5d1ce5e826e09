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
import { Diagnostics } from "../../diagnostics/index.js";
import type { Span } from "../../diagnostics/span.js";
import { listFiles, parseRubyFile, type SourceFile } from "../../parse/app.js";
import { parseRuby } from "../../parse/ruby.js";
import { literalString, walk, type Block, type Node, type NodeOf } from "../../parse/ir.js";
import { TEST_CASE_CLASSES, TEST_CASE_METHODS, TEST_CONSTANTS, TEST_HELPER_MODULES } from "../../../runtime/testing/methods.js";
import { lowerParams } from "../params.js";
import type { EmittedModule } from "../emitted-module.js";
import { relativeModule } from "../emitted-module.js";
import { makeEnv } from "../env.js";
import { lit, lowerExpr, type TsExpr } from "../expr.js";
import { lowerArgs } from "../calls.js";
import { catchReturns, lowerMethodBody } from "../jumps.js";
import { Scope, type LowerEnv, type ReturnTarget } from "../scope.js";
import { lowerBody } from "../stmts.js";
import { UNKNOWN } from "../types.js";
import { constPath as constName } from "../../analyze/constants.js";
import { FIXTURES_MODULE } from "../fixtures.js";

export const TEST_HELPER_MODULE = "test/test_helper.ts";

/** Every test/**\/*_test.rb but test/system (browser tests: out of scope) as a module; files with no test are left out. */
/**
 * The suite's Ruby as the app's other lowerings read it (ParsedApp.tests: callers of the app's methods). Parse
 * problems are reported where the tests are lowered, not here.
 */
export function parseTestSources(root: string): SourceFile[] {
  const quiet = new Diagnostics();
  return listFiles(root, "test", ".rb").filter((rel) => !/^test\/(fixtures|system)\//.test(rel)).map((rel) => parseRubyFile(root, rel, quiet));
}

export function lowerTestFiles(app: AppModel, diags: Diagnostics): EmittedModule[] {
  const root = app.parsed.root;
  const files = listFiles(root, "test", ".rb").filter((rel) => rel.endsWith("_test.rb") && !rel.startsWith("test/system/") && !rel.startsWith("test/fixtures/"));
  const helper = readTestHelper(app, diags);
  const modules = files.map((rel) => lowerTestFile(parseRubyFile(root, rel, diags), app, diags, helper)).filter((m): m is EmittedModule => m !== null);
  return modules.length ? [lowerTestHelper(app, diags, helper), ...modules] : [];
}

interface TestClass {
  name: string;
  superclass: string | null;
  node: NodeOf<"class">;
}

function lowerTestFile(file: { path: string; absPath: string; body: Node[] }, app: AppModel, diags: Diagnostics, helper: TestHelper): EmittedModule | null {
  const path = file.path.replace(/\.rb$/, ".ts");
  const env = testEnv(app, diags, helper.methods);
  const classes: TestClass[] = [];
  collectClasses(file.body, [], classes, diags);
  const constants: string[] = [];
  const definitions = classes.map((c) => lowerTestClass(c, file.path, env, helper, constants)).filter((d): d is string => d !== null);
  if (!definitions.length) return null;
  const define = env.module.use("defineTestCase");
  const statements = [
    `import * as vitest from "vitest";`,
    `import { suite } from "${relativeModule(path, TEST_HELPER_MODULE)}";`,
    ...constants,
    ...definitions.map((d) => `${define}(vitest, suite, ${d});`),
  ];
  return { path, state: env.module, statements, from: file.absPath };
}

/** A method of the test case the app defines (in a test class, an included helper module, or test_helper.rb). */
interface OwnMethod {
  def: NodeOf<"def">;
  /** It makes a request or runs a block assertion (directly or through another such method): it is awaited. */
  async: boolean;
}

function testEnv(app: AppModel, diags: Diagnostics, methods: Map<string, OwnMethod>): LowerEnv {
  const env = makeEnv(app, diags, "script", { selfExpr: "this", ivar: (n) => `this.ivars.${n}`, ivarStore: { object: "this.ivars" }, urlContext: "this" });
  env.selfCall = (call, scope) => testSelfCall(call, scope);
  env.ownConstant = (node) => {
    const name = node.scope ? null : CLASS_CONSTANTS.get(env)?.get(node.name);
    if (name) return lit(name, UNKNOWN);
    const path = constName(node);
    const library = path ? TEST_CONSTANTS[path] : undefined;
    return library ? lit(env.module.use(library), UNKNOWN) : null;
  };
  env.receiverCall = (call, scope) => mochaCall(call, scope);
  OWN_METHODS.set(env, new Map(methods));
  return env;
}

/** Mocha's `x.stubs(:m)` / `x.expects(:m)` (on any object) and `K.any_instance`: the test's mockery. */
function mochaCall(call: NodeOf<"call">, scope: Scope): TsExpr | null {
  if (!call.receiver || call.block || call.safeNav) return null;
  if ((call.method === "stubs" || call.method === "expects") && call.args.length === 1) {
    const [target, name] = [lowerExpr(call.receiver, scope).code, lowerExpr(call.args[0]!, scope).code];
    return lit(`this.mockery.add(${target}, ${name}, ${call.method === "expects"})`, UNKNOWN);
  }
  if (call.method === "any_instance" && call.args.length === 0) return lit(`this.anyInstance(${lowerExpr(call.receiver, scope).code})`, UNKNOWN);
  return null;
}

/** The own methods a test body can call, by Ruby name (the suite's, then its class's). */
const OWN_METHODS = new WeakMap<LowerEnv, Map<string, OwnMethod>>();
/** A test class's constants: Ruby name -> the module-level TS constant holding its value. */
const CLASS_CONSTANTS = new WeakMap<LowerEnv, Map<string, string>>();

/** Marks which methods are async: those that make a request, run a block assertion or call such a method. */
function markAsync(methods: Map<string, OwnMethod>): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (const m of methods.values()) {
      if (m.async) continue;
      let found = false;
      for (const stmt of m.def.body) walk(stmt, (n) => {
        if (n.kind !== "call" || n.receiver) return;
        const known = TEST_CASE_METHODS[n.method];
        if (known && known.form !== "call" && known.form !== "property" && (known.form !== "optionalBlock" || n.block)) found = true;
        if (methods.get(n.method)?.async) found = true;
      });
      if (found) m.async = changed = true;
    }
  }
}

/** The modules test_helper.rb's ActiveSupport::TestCase may include: the runtime's test helpers. */
function includedModules(node: NodeOf<"call">): string[] | null {
  const names = node.args.map((a) => constName(a));
  return names.every((n): n is string => n !== null) ? names : null;
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
const CLASS_KIND = new WeakMap<LowerEnv, "unit" | "integration" | "channel" | "connection">();

/** One class as TestCaseDefinition's object literal; null when it defines no test (nothing to run, as in Rails). */
function lowerTestClass(c: TestClass, file: string, env: LowerEnv, helper: TestHelper, constants: string[]): string | null {
  const setup: string[] = [];
  const teardown: string[] = [];
  const tests: string[] = [];
  const kind = c.superclass ? TEST_CASE_CLASSES[c.superclass] : undefined;
  if (kind) CLASS_KIND.set(env, kind);
  const declinedClass = kind ? null : `a test class of ${c.superclass ?? "no superclass"} (${site(c.node.span, env)})`;
  if (declinedClass && c.node.body.some(testOf)) env.diags.report("test_declined", c.node.superclass?.span ?? c.node.span, `tests of ${c.superclass ?? "a class with no superclass"}`);
  // The class's own methods join the suite's (a class's method of the same name wins, as Ruby's lookup finds it first).
  const own = new Map(helper.methods);
  for (const node of c.node.body) if (node.kind === "def" && !node.singleton && !testOf(node)) own.set(node.name, { def: node, async: false });
  markAsync(own);
  OWN_METHODS.set(env, own);
  const classConstants = new Map<string, string>();
  CLASS_CONSTANTS.set(env, classConstants);
  const methods: string[] = [];
  for (const node of c.node.body) {
    const test = testOf(node);
    if (test) {
      const body = declinedClass ? raising(declinedClass, env) : asyncFunction(test.body, env);
      tests.push(`{ name: ${JSON.stringify(test.name)}, line: ${node.span.line}, body: ${body} }`);
    } else if (node.kind === "call" && !node.receiver && (node.method === "setup" || node.method === "teardown") && node.block && !node.args.length) {
      (node.method === "setup" ? setup : teardown).push(declinedClass ? raising(declinedClass, env) : asyncFunction(node.block.body, env));
    } else if (node.kind === "def" && !node.singleton) {
      methods.push(ownMethod(node, own.get(node.name)!, env));
    } else if (isVisibility(node)) {
      continue;
    } else if (node.kind === "call" && !node.receiver && node.method === "include" && includedModules(node)?.every((m) => TEST_HELPER_MODULES.includes(m))) {
      continue;
    } else if (node.kind === "assign" && node.target.kind === "const" && !node.target.scope) {
      const name = env.module.fresh(node.target.name);
      constants.push(`const ${name} = ${lowerExpr(node.value, new Scope(env)).code};`);
      classConstants.set(node.target.name, name);
    } else {
      env.diags.report("test_declined", node.span, describeStatement(node));
      setup.push(raising(`${describeStatement(node)} (${site(node.span, env)})`, env));
    }
  }
  if (!tests.length) return null;
  // A channel or connection test's subject: the class its name says (PresenceChannelTest -> PresenceChannel,
  // ApplicationCable::ConnectionTest -> ApplicationCable::Connection), when the app has it.
  const subjectName = kind === "channel" || kind === "connection" ? c.name.replace(/Test$/, "") : null;
  const found = subjectName ? env.app.channels.find((ch) => ch.className === subjectName && ch.kind === kind) : undefined;
  const channel = found ? `, subject: { kind: ${JSON.stringify(kind)}, class: ${env.module.channel(found.className)} }` : "";
  if (subjectName && !found) env.diags.report("test_declined", c.node.span, `the ${kind} ${subjectName} of a ${kind} test (no such class in the app)`);
  return `{ name: ${JSON.stringify(c.name)}, file: ${JSON.stringify(file)}, setup: [${setup.join(", ")}], teardown: [${teardown.join(", ")}], methods: { ${methods.join(",\n")} }${channel}, tests: [${tests.join(",\n")}] }`;
}

/** `private` / `protected` / `public` alone: visibility does not change what a test can call on itself. */
function isVisibility(node: Node): boolean {
  const name = node.kind === "ident" ? node.name : node.kind === "call" && !node.receiver && !node.args.length && !node.block ? node.method : null;
  return name === "private" || name === "protected" || name === "public";
}

/** A `def` of a test class or helper module: `name: async function (this: TestCase, ...params) { ... }`. */
function ownMethod(def: NodeOf<"def">, method: OwnMethod, env: LowerEnv): string {
  const scope = new Scope(env);
  const params = lowerParams(def, scope);
  const body = method.async ? asyncBody(def.body, scope) : lowerMethodBody(def.body, scope);
  const signature = [`this: ${env.module.useType("TestCase")}`, params.signature].filter(Boolean).join(", ");
  return `${JSON.stringify(def.name)}: ${method.async ? "async " : ""}function (${signature}): ${method.async ? "Promise<unknown>" : "unknown"} {\n${[...params.prologue, ...body].join("\n")}\n}`;
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
  // A fixture set in a subdirectory (push/subscriptions.yml) is read as push_subscriptions(:label), as Rails names its accessor.
  const fixtureSet = env.app.parsed.fixtures.find((f) => f.name.replace(/\//g, "_") === call.method);
  if (fixtureSet && call.args.length > 0 && !call.block) {
    return lit(`this.fixture(${[JSON.stringify(fixtureSet.name), ...lowerArgs(call.args, null, scope)].join(", ")})`, UNKNOWN);
  }
  const own = OWN_METHODS.get(env)?.get(call.method);
  if (own) {
    const args = [JSON.stringify(call.method), ...lowerArgs(call.args, call.block, scope)].join(", ");
    if (!own.async) return lit(`this.own(${args})`, UNKNOWN);
    if (!awaitAllowed(scope)) {
      env.diags.report("test_declined", call.span, `${call.method} inside a block (it makes requests, awaited only in the test's own body)`);
      return lit(`${env.module.use("unsupported")}(${JSON.stringify(`${call.method} inside a block (${site(call.span, env)})`)})`, UNKNOWN);
    }
    return lit(`(await this.own(${args}))`, UNKNOWN);
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
    case "optionalBlock": {
      const args = lowerArgs(call.args, null, scope);
      // Without a block it may still answer a Promise (an assertion over jobs or broadcasts): awaited where it can be.
      if (!call.block) return lit(awaitAllowed(scope) ? `(await this.${method.ts}(${args.join(", ")}))` : `this.${method.ts}(${args.join(", ")})`, UNKNOWN);
      if (!awaitAllowed(scope)) return decline(`${call.method} with a block inside a block (it is awaited only in the test's own body)`);
      return lit(`(await this.${method.ts}(${[...args, asyncBlock(call.block, scope)].join(", ")}))`, UNKNOWN);
    }
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
 * What test_helper.rb sets up for every test: ActiveSupport::TestCase reopened with `setup`/`teardown` blocks, its
 * own methods and the app's helper modules it includes (modules of test/**\/*.rb, e.g. test/test_helpers/), plus
 * top-level statements run once when it loads (`WebMock.enable!`).
 */
interface TestHelper {
  methods: Map<string, OwnMethod>;
  setup: Node[][];
  teardown: Node[][];
  atLoad: Node[];
  problems: Array<{ span: Span; what: string }>;
  absPath: string | null;
}

function readTestHelper(app: AppModel, diags: Diagnostics): TestHelper {
  const root = app.parsed.root;
  const rel = "test/test_helper.rb";
  const helper: TestHelper = { methods: new Map(), setup: [], teardown: [], atLoad: [], problems: [], absPath: null };
  const rbFiles = listFiles(root, "test", ".rb");
  if (!rbFiles.includes(rel)) return helper;
  const file = parseRubyFile(root, rel, diags);
  helper.absPath = file.absPath;
  // The app's own modules under test/ (not tests, fixtures or browser tests), by name: what `include` may name.
  const modules = new Map<string, NodeOf<"module">>();
  for (const other of rbFiles.filter((f) => f !== rel && !f.endsWith("_test.rb") && !/^test\/(fixtures|system)\//.test(f))) {
    for (const node of parseRubyFile(root, other, diags).body) if (node.kind === "module") modules.set(constName(node.name) ?? "?", node);
  }
  const addMethods = (body: Node[]) => {
    for (const node of body) if (node.kind === "def" && !node.singleton) helper.methods.set(node.name, { def: node, async: false });
  };
  const testCaseStatement = (node: Node) => {
    if (node.kind === "call" && !node.receiver && node.method === "parallelize") return;
    if (node.kind === "call" && !node.receiver && node.method === "fixtures" && node.args.length === 1 && node.args[0]!.kind === "sym" && node.args[0]!.name === "all") return;
    if (node.kind === "call" && !node.receiver && (node.method === "setup" || node.method === "teardown") && node.block && !node.args.length) {
      helper[node.method].push(node.block.body);
      return;
    }
    if (node.kind === "def" && !node.singleton) return addMethods([node]);
    if (isVisibility(node)) return;
    const included = node.kind === "call" && !node.receiver && node.method === "include" ? includedModules(node) : null;
    if (included) {
      for (const name of included) {
        const own = modules.get(name);
        if (own) {
          const rest = own.body.filter((n) => !(n.kind === "def" && !n.singleton) && !isVisibility(n));
          addMethods(own.body);
          for (const n of rest) helper.problems.push({ span: n.span, what: `a statement (${n.kind}) of the helper module ${name}` });
        } else if (!TEST_HELPER_MODULES.includes(name)) {
          helper.problems.push({ span: node.span, what: `include ${name} (neither a module of test/ nor a test helper the runtime has)` });
        }
      }
      return;
    }
    helper.problems.push({ span: node.span, what: "this statement of ActiveSupport::TestCase in test_helper.rb" });
  };
  for (const node of file.body) {
    if (node.kind === "call" && !node.receiver && (node.method === "require" || node.method === "require_relative")) continue;
    // ENV["RAILS_ENV"] ||= "test"
    if (node.kind === "opAssign" && node.target.kind === "index" && node.target.receiver.kind === "const" && node.target.receiver.name === "ENV") continue;
    const reopened = node.kind === "module" && constName(node.name) === "ActiveSupport" ? node.body : [node];
    for (const inner of reopened) {
      if (inner.kind === "class" && !inner.superclass && ["TestCase", "ActiveSupport::TestCase"].includes(constName(inner.name) ?? "")) inner.body.forEach(testCaseStatement);
      else if (node.kind === "module") helper.problems.push({ span: inner.span, what: "this statement of test_helper.rb" });
      else if (inner.kind === "call" || inner.kind === "assign" || inner.kind === "opAssign") helper.atLoad.push(inner);
      else helper.problems.push({ span: inner.span, what: "this statement of test_helper.rb" });
    }
  }
  markAsync(helper.methods);
  for (const p of helper.problems) diags.report("test_declined", p.span, p.what);
  return helper;
}

/**
 * test/test_helper.ts: the environment test_helper.rb sets (RAILS_ENV=test, a test database), the app, and the
 * suite every test file shares (its setup and teardown blocks, its own methods). What test_helper.rb says that is
 * not lowered is declined: every test raises, naming it.
 */
function lowerTestHelper(app: AppModel, diags: Diagnostics, helper: TestHelper): EmittedModule {
  const env = testEnv(app, diags, helper.methods);
  CLASS_KIND.set(env, "integration");
  const declined = helper.problems.map((p) => `${p.what} (${site(p.span, env)})`);
  const atLoad = helper.atLoad.length ? lowerBody(helper.atLoad, new Scope(env), "void") : [];
  const methods = [...helper.methods.values()].map((m) => ownMethod(m.def, m, env));
  const steps = (list: Node[][]) => `[${list.map((body) => asyncFunction(body, env)).join(", ")}]`;
  const fixtures = app.parsed.fixtures.length ? `import { fixtures } from "${relativeModule(TEST_HELPER_MODULE, FIXTURES_MODULE)}";` : "const fixtures: never[] = [];";
  const statements = [
    `import { afterAll } from "vitest";`,
    fixtures,
    `afterAll(${env.module.use("testEnvironment")}());`,
    `const { app } = await import("${relativeModule(TEST_HELPER_MODULE, "app.ts")}");`,
    ...atLoad,
    `export const suite = new (${env.module.use("TestSuite")})(app, fixtures, ${JSON.stringify(declined[0] ?? null)}, { setup: ${steps(helper.setup)}, teardown: ${steps(helper.teardown)}, methods: { ${methods.join(",\n")} } });`,
  ];
  return { path: TEST_HELPER_MODULE, state: env.module, statements, from: helper.absPath };
}
