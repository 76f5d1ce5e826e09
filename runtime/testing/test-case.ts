// ActiveSupport::TestCase and ActionDispatch::IntegrationTest as the lowered tests run them: one instance per
// test (its @ivars), the test inside a transaction rolled back after it (use_transactional_tests), fixtures
// loaded once per file and read through accessors, the block-taking assertions awaited.
//   posts(:one)                                  this.fixture("posts", "one")
//   assert_difference("Post.count", -1) { ... }  await this.assertDifference({ exprs: [[() => Post.count(), "Post.count"]], by: [-1] }, null, async () => ...)
//   assert_changes -> { x }, from: a, to: b       await this.assertChanges([() => x, "#<Proc>"], null, { from: a, to: b }, async () => ...)
//   assert_raises(K) { ... }                      await this.assertRaises([K], null, async () => ...)
//   assert_response :success / assert_redirected_to url
import type { HttpApp } from "../action-pack/server.js";
import { HTTP_STATUS_CODES, statusCode } from "../action-pack/status.js";
import type { HostOptions } from "../action-pack/url.js";
import { connection } from "../active-record/connection/index.js";
import { loadFixtures, type FixtureSetSource, type LoadedFixtureSet } from "../active-record/fixtures/index.js";
import { modelClass } from "../active-record/index.js";
import { caseEq, eq, send } from "../active-support/index.js";
import { CurrentAttributes } from "../active-support/current-attributes.js";
import { rescues } from "../ruby/rescue.js";
import { RubyDate } from "../ruby/date.js";
import { currentTime, setClock } from "../active-support/time.js";
import { ArgumentError, LocalJumpError, notLoweredError, RubyTypeError, StandardError, UncaughtThrowError } from "../ruby/index.js";
import { rubyCatchAwaited } from "../ruby/jumps.js";
import { inspect, toS } from "../ruby/ruby.js";
import { Assertion, Assertions, failureMessage } from "./assertions.js";
import { HashIncludingMatcher, WebMock, type RequestStub } from "./webmock.js";
import { AnyInstance, Mockery } from "./mocha.js";
import { ChannelTestHarness, ConnectionTestHarness } from "./channel.js";
import { domClass, domId } from "../action-view/record-identifier.js";
import type { CookieJar } from "../action-pack/cookies.js";
import { checkSelection, innerHtml, parseDocument, selectRequest, selectWithin } from "./select.js";
import { broadcastsOn, captureTurboStreamBroadcasts, enqueuedCount, keywordArgs, newBroadcasts, performEnqueuedJobs, takeBlock, turboStreamName } from "./library-helpers.js";
import type { Element } from "domhandler";
import { IntegrationSession, type RequestOptions, type TestCookieJar, type TestRequest, type TestResponse } from "./integration.js";

type Thunk = () => unknown;
type Block = () => Promise<unknown> | unknown;
/** A watched expression: the lowered code and how Minitest shows it (the String's inspect, or a Proc's). */
type Watched = [Thunk, string];

/** A setup or teardown block, or an own method (`def` of a test class or helper module), run with the test case as self. */
export type OwnMethod = (this: TestCase, ...args: never[]) => unknown;
export type Step = (this: TestCase) => Promise<unknown>;

export interface SuiteSteps {
  setup: Step[];
  teardown: Step[];
  methods: Record<string, OwnMethod>;
}

/** What one file's tests share: the app (booted once per file) and its fixtures (loaded once, as Rails does). */
export class TestSuite {
  private loaded: Map<string, LoadedFixtureSet> | null = null;

  /**
   * `declined`: what of test_helper.rb the compiler did not lower (then every test raises, naming it); `shared`:
   * test_helper.rb's ActiveSupport::TestCase setup and teardown blocks and own methods, for every test.
   */
  constructor(
    readonly app: HttpApp,
    private readonly fixtureSources: FixtureSetSource[],
    readonly declined: string | null = null,
    readonly shared: SuiteSteps = { setup: [], teardown: [], methods: {} },
  ) {}

  fixtureSet(name: string): LoadedFixtureSet {
    this.loaded ??= new Map(loadFixtures(connection(), this.fixtureSources).map((s) => [s.name, s]));
    const set = this.loaded.get(name);
    if (!set) throw new Error(`No fixture named '${name}' found for fixture set '${name}'`);
    return set;
  }
}

export class TestCase extends Assertions {
  /** The test's @ivars. */
  readonly ivars: Record<string, unknown> = {};
  private readonly fixtureCache = new Map<string, unknown>();
  private session: IntegrationSession | null = null;

  /** A channel test's harness (ActionCable::Channel::TestCase), over the channel its class names. */
  private readonly channelTest: ChannelTestHarness | null;

  /** A connection test's harness (ActionCable::Connection::TestCase). */
  private readonly connectionTest: ConnectionTestHarness | null;

  /** `subject`: a channel test's channel class, or a connection test's connection class (`kind` says which). */
  constructor(readonly suite: TestSuite, private readonly methods: Record<string, OwnMethod> = {}, subject: { kind: "channel" | "connection"; class: unknown } | null = null) {
    super();
    this.channelTest = subject?.kind === "channel" ? new ChannelTestHarness(subject.class as ConstructorParameters<typeof ChannelTestHarness>[0]) : null;
    this.connectionTest = subject?.kind === "connection" ? new ConnectionTestHarness(subject.class as ConstructorParameters<typeof ConnectionTestHarness>[0], suite.app) : null;
  }

  // ActionCable::Connection::TestCase

  private connectionHarness(): ConnectionTestHarness {
    if (!this.connectionTest) throw new StandardError("undefined method: not an ActionCable::Connection::TestCase");
    return this.connectionTest;
  }

  connect(path: unknown = "/cable", options: unknown = null): Promise<unknown> {
    return this.connectionHarness().connect(path, options);
  }

  get connection(): unknown {
    return this.connectionHarness().connection;
  }

  /** assert_reject_connection { connect }. */
  async assertRejectConnection(block: Block): Promise<true> {
    try {
      await block();
    } catch (error) {
      if (ConnectionTestHarness.rejected(error)) return true;
      throw error;
    }
    throw new Assertion("Expected to reject connection but no rejection was made.\nActionCable::Connection::Authorization::UnauthorizedError expected but nothing was raised.");
  }

  // ActionCable::Channel::TestCase

  private channel(): ChannelTestHarness {
    if (!this.channelTest) throw new StandardError("undefined method: not an ActionCable::Channel::TestCase");
    return this.channelTest;
  }

  stubConnection(identifiers: unknown = null): unknown {
    return this.channel().stubConnection(identifiers);
  }

  subscribe(params: unknown = null): Promise<unknown> {
    return this.channel().subscribe(params);
  }

  unsubscribe(): Promise<unknown> {
    return this.channel().unsubscribe();
  }

  get subscription(): unknown {
    return this.channel().subscription;
  }

  get transmissions(): unknown[] {
    return this.channel().transmissions();
  }

  assertHasStream(stream: unknown): true {
    return this.assert(this.channel().streams().includes(toS(stream)), `Stream ${toS(stream)} has not been started`);
  }

  assertHasStreamFor(object: unknown): true {
    return this.assertHasStream(this.channel().broadcastingFor(object));
  }

  assertHasNoStream(stream: unknown): true {
    return this.assert(!this.channel().streams().includes(toS(stream)), `Stream ${toS(stream)} has been started`);
  }

  assertNoStreams(): true {
    const streams = this.channel().streams();
    return this.assert(streams.length === 0, `No streams started was expected, but ${streams.length} found`);
  }

  /** A receiver-less call of a method the app's test code defines (sign_in :david), by Ruby name. */
  own(name: string, ...args: unknown[]): unknown {
    const method = this.methods[name] ?? this.suite.shared.methods[name];
    if (!method) throw new StandardError(`undefined method '${name}' for an instance of the test case`);
    return (method as (...a: unknown[]) => unknown).apply(this, args);
  }

  /** posts(:one) (one record), posts(:one, :two) (an Array). */
  fixture(setName: string, ...labels: unknown[]): unknown {
    const records = labels.map((label) => this.fixtureRecord(setName, toS(label)));
    return labels.length === 1 ? records[0] : records;
  }

  private fixtureRecord(setName: string, label: string): unknown {
    const key = `${setName}\0${label}`;
    if (this.fixtureCache.has(key)) return this.fixtureCache.get(key);
    const set = this.suite.fixtureSet(setName);
    const row = set.rows.get(label);
    if (!row) throw new StandardError(`No fixture named '${label}' found for fixture set '${setName}'`);
    if (!set.modelName) throw new StandardError(`No class attached to find: the fixture set '${setName}' has no model`);
    const model = modelClass(set.modelName) as unknown as { primaryKey: string; find(id: unknown): unknown };
    const record = model.find(row.get(model.primaryKey));
    this.fixtureCache.set(key, record);
    return record;
  }

  async assertDifference(watch: { exprs: Watched[]; by: unknown[] }, message: unknown, block: Block): Promise<unknown> {
    const before = watch.exprs.map(([read]) => read());
    const result = await block();
    watch.exprs.forEach(([read, shown], i) => {
      const by = Number(watch.by[i] ?? watch.by[0] ?? 1);
      const after = read();
      const error = `${shown} didn't change by ${by}, but by ${Number(after) - Number(before[i])}`;
      this.assertEqual(Number(before[i]) + by, after, message === null || message === undefined ? error : `${toS(message)}.\n${error}`);
    });
    return result;
  }

  async assertNoDifference(watch: { exprs: Watched[]; by?: unknown[] }, message: unknown, block: Block): Promise<unknown> {
    return this.assertDifference({ exprs: watch.exprs, by: [0] }, message, block);
  }

  async assertChanges([read, shown]: Watched, message: unknown, options: { from?: unknown; to?: unknown }, block: Block): Promise<unknown> {
    const before = read();
    const result = await block();
    const withMessage = (error: string) => (message === null || message === undefined ? error : `${toS(message)}.\n${error}`);
    if ("from" in options) this.assert(caseEq(options.from, before), withMessage(`Expected change from ${inspect(options.from)}, got ${inspect(before)}`));
    const after = read();
    let error = `${shown} didn't change`;
    if ("to" in options && eq(before, options.to)) error = `${error}. It was already ${inspect(options.to)}`;
    this.refuteEqual(before, after, withMessage(error));
    if ("to" in options) this.assert(caseEq(options.to, after), withMessage(`Expected change to ${inspect(options.to)}, got ${inspect(after)}`));
    return result;
  }

  async assertNoChanges([read, shown]: Watched, message: unknown, options: { from?: unknown }, block: Block): Promise<unknown> {
    const before = read();
    const result = await block();
    if ("from" in options) this.assert(caseEq(options.from, before), `Expected initial value of ${inspect(options.from)}, got ${inspect(before)}`);
    const after = read();
    const error = `${shown} changed`;
    this.assertEqual(before, after, message === null || message === undefined ? error : `${toS(message)}.\n${error}`);
    return result;
  }

  /** assert_raises(*classes) { }: the exception raised (StandardError when no class is named). */
  async assertRaises(classes: unknown[], message: unknown, block: Block): Promise<unknown> {
    const expected = classes.length ? classes : [StandardError];
    try {
      await block();
    } catch (error) {
      if (error instanceof Assertion && !expected.includes(Assertion)) throw error;
      if (rescues(error, expected)) return error;
      throw error;
    }
    const shown = expected.length === 1 ? className(expected[0]) : `[${expected.map(className).join(", ")}]`;
    const text = `${shown} expected but nothing was raised.`;
    throw new Assertion(message === null || message === undefined ? text : `${toS(message)}.\n${text}`);
  }

  /**
   * assert_throws(sym, msg = nil) { }: the block throws sym (Kernel#throw, as a Mocha `throws` does); the value
   * thrown. Minitest 5.20's words: "Expected :a to have been thrown", with ", not :b" when another tag was thrown.
   */
  async assertThrows(tag: unknown, ...rest: unknown[]): Promise<unknown> {
    const block = rest.pop();
    if (typeof block !== "function") throw new LocalJumpError("no block given (yield)");
    const message = rest[0] ?? null;
    // A Symbol is a String at run time: shown as mu_pp shows the Symbol.
    const shown = typeof tag === "string" && /^[A-Za-z_]\w*[?!=]?$/.test(tag) ? `:${tag}` : inspect(tag);
    let text = `Expected ${shown} to have been thrown`;
    try {
      const { thrown, value } = await rubyCatchAwaited(tag, block as Block);
      if (thrown) return value;
    } catch (error) {
      if (!(error instanceof UncaughtThrowError)) throw error;
      text += `, not ${error.message.split(" ").pop()}`;
    }
    throw new Assertion(message === null || message === undefined ? text : `${toS(message)}.\n${text}`);
  }

  /** assert_kind_of(klass, obj): klass === obj (Module#===). */
  assertKindOf(klass: unknown, object: unknown, message: unknown = null): true {
    const ok = caseEq(klass, object);
    if (!ok) throw new Assertion(failureMessage(message, () => `Expected ${inspect(object)} to be a kind of ${className(klass)}, not ${toS(send(send(object, "class"), "name"))}`));
    return true;
  }

  /** assert_instance_of(klass, obj): obj.class == klass. */
  assertInstanceOf(klass: unknown, object: unknown, message: unknown = null): true {
    const actual = send(object, "class");
    if (actual !== klass) throw new Assertion(failureMessage(message, () => `Expected ${inspect(object)} to be an instance of ${className(klass)}, not ${toS(send(actual, "name"))}`));
    return true;
  }

  async assertNothingRaised(block: Block): Promise<unknown> {
    return block();
  }

  // ActiveSupport::Testing::TimeHelpers: the clock stopped at an instant until travel_back (or the block's end);
  // after_teardown travels back.

  private travelled = false;

  /** With a block: the block's Promise, the clock set back after it; without one, the clock stays stopped. */
  travelTo(time: unknown, block?: Block | null): unknown {
    const at = travelInstant(time);
    return this.stopClock(at, block);
  }

  /** travel(duration): the clock stopped at now + the duration (its usec dropped). */
  travel(duration: unknown, block?: Block | null): unknown {
    const now = travelInstant(currentTime());
    const seconds = Number(send(duration, "to_f"));
    return this.stopClock(new Date(now.getTime() + Math.round(seconds * 1000)), block);
  }

  freezeTime(block?: Block | null): unknown {
    return this.travelTo(currentTime(), block);
  }

  travelBack(): void {
    if (this.travelled) setClock(null);
    this.travelled = false;
  }

  private stopClock(at: Date, block?: Block | null): unknown {
    setClock(() => new Date(at.getTime()));
    this.travelled = true;
    if (!block) return null;
    return (async () => {
      try {
        return await block();
      } finally {
        this.travelBack();
      }
    })();
  }

  /** assert_select's nesting: the elements an enclosing assert_select's block selects within. */
  private selection: Element[] | null = null;

  /**
   * assert_select / assert_dom over the last response's body (or within the enclosing assert_select's matches);
   * with a block (the last argument), the block runs with the matches as the selection, when there are any.
   */
  assertSelect(...args: unknown[]): unknown {
    const block = typeof args[args.length - 1] === "function" ? (args.pop() as (matches: Element[]) => unknown) : null;
    const request = selectRequest(args);
    const roots = this.selection ?? [parseDocument(this.response.body)];
    const matches = checkSelection(selectWithin(roots, request.selector), request, innerHtml);
    if (!block || !matches.length) return matches;
    const outer = this.selection;
    this.selection = matches;
    return (async () => {
      try {
        await block(matches);
      } finally {
        this.selection = outer;
      }
      return matches;
    })();
  }

  // ActiveJob::TestHelper, ActionCable::TestHelper, Turbo::Broadcastable::TestHelper (library-helpers.ts): each
  // method takes its block last; with one it answers a Promise.

  /** assert_enqueued_jobs(number, only:, except:, queue:) { }. */
  assertEnqueuedJobs(number: unknown, ...rest: unknown[]): Promise<true> {
    const block = takeBlock(rest);
    return enqueuedCount(keywordArgs(rest[0]), block).then((actual) =>
      this.assertEqual(number, actual, `${toS(number)} jobs expected, but ${actual} were enqueued`),
    );
  }

  assertNoEnqueuedJobs(...rest: unknown[]): Promise<true> {
    return this.assertEnqueuedJobs(0, ...rest);
  }

  /** perform_enqueued_jobs(only:) { } (jobs enqueued in the block perform at once) or, with no block, the enqueued ones now. */
  performEnqueuedJobs(...rest: unknown[]): Promise<unknown> {
    const block = takeBlock(rest);
    return performEnqueuedJobs(keywordArgs(rest[0]), block);
  }

  /** assert_broadcasts(stream, number) { }: what the block broadcast on the stream (or all so far). */
  async assertBroadcasts(stream: unknown, number: unknown, ...rest: unknown[]): Promise<true> {
    const actual = (await newBroadcasts(toS(stream), takeBlock(rest))).length;
    return this.assertEqual(number, actual, `${toS(number)} broadcasts to ${toS(stream)} expected, but ${actual} were sent`);
  }

  async assertNoBroadcasts(stream: unknown, ...rest: unknown[]): Promise<true> {
    return this.assertBroadcasts(stream, 0, ...rest);
  }

  /** assert_turbo_stream_broadcasts(stream_or_object, count: n) { }. */
  async assertTurboStreamBroadcasts(streamable: unknown, ...rest: unknown[]): Promise<true> {
    const block = takeBlock(rest);
    const payloads = await captureTurboStreamBroadcasts(streamable, block);
    const name = inspect(turboStreamName(streamable));
    const count = keywordArgs(rest[0]).count;
    if (count === undefined || count === null) return this.refuteEmpty(payloads, `Expected at least one broadcast on ${name}, but there were none`);
    const what = Number(count) === 1 ? "Turbo Stream broadcast" : "Turbo Stream broadcasts";
    return this.assert(Number(count) === payloads.length, `Expected ${toS(count)} ${what} on ${name}, but there were ${payloads.length}`);
  }

  async assertNoTurboStreamBroadcasts(streamable: unknown, ...rest: unknown[]): Promise<true> {
    const block = takeBlock(rest);
    if (block) await block();
    const payloads = broadcastsOn(turboStreamName(streamable));
    return this.assert(payloads.length === 0, `Expected no broadcasts on ${inspect(turboStreamName(streamable))}, but there were ${payloads.length}`);
  }

  captureTurboStreamBroadcasts(streamable: unknown, ...rest: unknown[]): Promise<unknown[]> {
    return captureTurboStreamBroadcasts(streamable, takeBlock(rest));
  }

  /** dom_id(record, prefix = nil): ActionView::RecordIdentifier, which integration tests include. */
  domId(record: unknown, prefix: unknown = null): string {
    return domId(record as Parameters<typeof domId>[0], prefix);
  }

  domClass(record: unknown, prefix: unknown = null): string {
    return domClass(record as Parameters<typeof domClass>[0], prefix);
  }

  /**
   * Kernel#sleep(seconds) in a test: a timer awaited, so work the app posted to run after the current work (a thread
   * pool's tasks) runs meanwhile, as a Ruby thread would. Answers the whole seconds slept, rounded, as Ruby's does;
   * sleep without an argument (forever) is declined.
   */
  async sleep(...args: unknown[]): Promise<number> {
    // Declined as NotLowered (which no `rescue` takes), never an ArgumentError a test's rescue could swallow.
    if (args.length === 0) throw notLoweredError("rails2ts: declined: sleep without a duration (it sleeps forever)");
    if (args.length !== 1) throw new ArgumentError(`wrong number of arguments (given ${args.length}, expected 0..1)`);
    const value = args[0];
    const seconds = typeof value === "number" ? value : value instanceof Object && "valueOf" in value ? Number(value.valueOf()) : NaN;
    if (Number.isNaN(seconds)) throw new RubyTypeError(`can't convert ${inspect(value)} into time interval`);
    if (seconds < 0) throw new ArgumentError("time interval must not be negative");
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return Math.round((performance.now() - start) / 1000);
  }

  /** hash_including(hash): WebMock's body matcher (the expected keys as Strings, deep). */
  hashIncluding(expected: unknown = null): HashIncludingMatcher {
    return new HashIncludingMatcher(expected);
  }

  /** stub_request(:get, url): WebMock's stub, registered. */
  stubRequest(method: unknown, uri: unknown): RequestStub {
    return WebMock.stubRequest(method, uri);
  }

  /** Mocha's stubs and expectations of this test. */
  readonly mockery = new Mockery();

  /** `K.any_instance`: stubs on every instance of the class. */
  anyInstance(klass: unknown): AnyInstance {
    return new AnyInstance(klass as { prototype: object });
  }

  /**
   * What runs after the teardown blocks (Rails' and Mocha's after_teardown hooks): Mocha's expectations verified when
   * the test passed, its stubs removed; the clock set back.
   */
  afterTeardown(passed: boolean): void {
    try {
      if (passed) this.mockery.verify();
    } finally {
      this.mockery.restore();
      this.travelBack();
    }
  }

  // ActionDispatch::Integration::Runner

  private integration(): IntegrationSession {
    this.session ??= new IntegrationSession(this.suite.app);
    return this.session;
  }

  /** The URL options of the integration session's route helpers (posts_url): its host (host! changes it). */
  urlHost(): HostOptions {
    return { host: this.session?.host ?? "www.example.com", protocol: "http://" };
  }

  /** host!(name): the host of the session's next requests and URLs. */
  hostBang(name: unknown): null {
    this.integration().host = toS(name);
    return null;
  }

  /** The session's cookies (Rack::Test's jar): what the app set, sent with the next request; a connection test's jar. */
  get cookies(): TestCookieJar | CookieJar {
    return this.connectionTest ? this.connectionTest.cookies : this.integration().cookies;
  }

  /** The last request (handed to CookieJar.build). */
  get request(): TestRequest {
    const request = this.session?.request;
    if (!request) throw new StandardError("undefined method 'request': no request was made in this test");
    return request;
  }

  recall(): Record<string, unknown> {
    return {};
  }

  get(url: unknown, options?: RequestOptions): Promise<number> {
    return this.copySessionVariables(this.integration().process("GET", url, options ?? {}));
  }

  post(url: unknown, options?: RequestOptions): Promise<number> {
    return this.copySessionVariables(this.integration().process("POST", url, options ?? {}));
  }

  patch(url: unknown, options?: RequestOptions): Promise<number> {
    return this.copySessionVariables(this.integration().process("PATCH", url, options ?? {}));
  }

  put(url: unknown, options?: RequestOptions): Promise<number> {
    return this.copySessionVariables(this.integration().process("PUT", url, options ?? {}));
  }

  delete(url: unknown, options?: RequestOptions): Promise<number> {
    return this.copySessionVariables(this.integration().process("DELETE", url, options ?? {}));
  }

  head(url: unknown, options?: RequestOptions): Promise<number> {
    return this.copySessionVariables(this.integration().process("HEAD", url, options ?? {}));
  }

  followRedirect(): Promise<number> {
    return this.copySessionVariables(this.integration().followRedirect());
  }

  /**
   * Integration::Runner#copy_session_variables!: after each request the test's @response and @request are the
   * session's (Rails sets @controller too; the emitted app has no controller object to give, so it stays nil).
   */
  private async copySessionVariables(request: Promise<number>): Promise<number> {
    const status = await request;
    this.ivars.response = this.session?.response ?? null;
    this.ivars.request = this.session?.request ?? null;
    return status;
  }

  get response(): TestResponse {
    const response = this.session?.response;
    if (!response) throw new StandardError("undefined method 'response': no request was made in this test");
    return response;
  }

  /**
   * assert_response :success / :redirect / :missing / :error (a predicate of the response), a status name or a
   * number (compared with assert_equal); the message as Rails' generate_response_message words it.
   */
  assertResponse(type: unknown, message: unknown = null): true {
    const response = this.response;
    const kind = RESPONSE_KINDS[toS(type)];
    const expected = kind ? null : statusCode(typeof type === "number" ? type : toS(type));
    const ok = kind ? kind.test(response.status) : response.status === expected;
    if (ok) return true;
    const given = message ?? (() => {
      const location = response.status >= 300 && response.status < 400 && response.location ? ` redirect to <${normalizeRedirect(response.location)}>` : "";
      const body = response.body.length > 500 ? "" : `\nResponse body: ${response.body}`;
      return `Expected response to be a ${kind ? `<${kind.code}: ${toS(type)}>` : codeWithName(expected!)}, but was a ${codeWithName(response.status)}${location}${body}`;
    });
    if (kind) return this.assert(false, given);
    return this.assertEqual(expected, response.status, given);
  }

  /** assert_redirected_to url: a redirect, to that URL (a path is read against http://www.example.com). */
  assertRedirectedTo(target: unknown, message: unknown = null): true {
    this.assertResponse("redirect", message);
    const expected = normalizeRedirect(toS(target));
    const actual = normalizeRedirect(this.response.location ?? "");
    if (expected === actual) return true;
    const given = message ?? `Expected response to be a redirect to <${expected}> but was a redirect to <${actual}>`;
    throw new Assertion(failureMessage(given, () => `Expected ${inspect(expected)} to be === ${inspect(actual)}`));
  }

  /** A construct the compiler declined (its diagnostic): the test raises where it is reached. */
  declined(site: string, what: string): never {
    throw new StandardError(`rails2ts: ${what} was not lowered (${site}); see the compiler's diagnostic there`);
  }
}

const RESPONSE_KINDS: Record<string, { code: string; test: (status: number) => boolean }> = {
  success: { code: "2XX", test: (s) => s >= 200 && s < 300 },
  redirect: { code: "3XX", test: (s) => s >= 300 && s < 400 },
  missing: { code: "404", test: (s) => s === 404 },
  error: { code: "5XX", test: (s) => s >= 500 && s < 600 },
};

/** AssertionResponse#code_and_name: the generic names (404 is "missing"), else Rack's status name. */
function codeWithName(code: number): string {
  const generic = Object.entries(RESPONSE_KINDS).find(([, k]) => k.code === String(code));
  return `<${code}: ${generic ? generic[0] : (HTTP_STATUS_CODES[code] ?? "Unknown")}>`;
}

/** normalize_argument_to_redirection: a path is read against the integration session's host. */
function normalizeRedirect(url: string): string {
  return /^\w[\w+.-]*:/.test(url) ? url : new URL(url, "http://www.example.com").href;
}

function className(c: unknown): string {
  if (typeof c === "string") return c;
  return typeof c === "function" ? String((c as { rubyName?: string }).rubyName ?? c.name) : inspect(c);
}

/** Keeps each test's database writes and per-request state from reaching the next test. */
export async function inTestTransaction(run: () => Promise<void>): Promise<void> {
  const transactions = connection().transactions;
  transactions.beginTestTransaction();
  try {
    await run();
  } finally {
    transactions.rollbackTestTransaction();
    CurrentAttributes.resetAll();
  }
}


/** The instant travel_to stops the clock at: a Time (its usec dropped, as Rails' travel_to does) or a Date (its midnight). */
export function travelInstant(value: unknown, withUsec = false): Date {
  if (value instanceof RubyDate) return new Date(Date.UTC(value.year, value.month - 1, value.day));
  const micros = (value as { epochMicros?: bigint } | null)?.epochMicros;
  if (typeof micros === "bigint") {
    const ms = Number(micros / 1000n);
    return new Date(withUsec ? ms : Math.floor(ms / 1000) * 1000);
  }
  if (value instanceof Date) return new Date(withUsec ? value.getTime() : Math.floor(value.getTime() / 1000) * 1000);
  throw new StandardError(`travel_to: not a Time or a Date: ${inspect(value)}`);
}
