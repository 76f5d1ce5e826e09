// The methods a lowered test body calls on its test case, by Ruby name: the compiler lowers exactly these (and
// fixture accessors); any other receiver-less call it cannot place is a diagnostic and raises where reached.
//   call       this.assertEqual(a, b)                 a plain method
//   request    (await this.get(url, { params }))      an awaited call: an integration request, sleep
//   property   this.response
//   watch      await this.assertDifference(watched, message, async () => { ... })   (expressions lowered as thunks)
//   raises     await this.assertRaises([K], message, async () => { ... })
//   block      await this.assertNothingRaised(async () => { ... })
//   optionalBlock  (await this.travelTo(t, async () => { ... })) or, with no block, (await this.travelTo(t))
export type TestMethodForm = "call" | "request" | "property" | "difference" | "noDifference" | "changes" | "noChanges" | "raises" | "block" | "optionalBlock";

/** `integration`: ActionDispatch::IntegrationTest's own (an ActiveSupport::TestCase has no such method). */
export const TEST_CASE_METHODS: Record<string, { ts: string; form: TestMethodForm; integration?: true }> = {
  assert: { ts: "assert", form: "call" },
  refute: { ts: "refute", form: "call" },
  assert_not: { ts: "refute", form: "call" },
  assert_equal: { ts: "assertEqual", form: "call" },
  refute_equal: { ts: "refuteEqual", form: "call" },
  assert_not_equal: { ts: "refuteEqual", form: "call" },
  assert_nil: { ts: "assertNil", form: "call" },
  refute_nil: { ts: "refuteNil", form: "call" },
  assert_not_nil: { ts: "refuteNil", form: "call" },
  assert_empty: { ts: "assertEmpty", form: "call" },
  refute_empty: { ts: "refuteEmpty", form: "call" },
  assert_not_empty: { ts: "refuteEmpty", form: "call" },
  assert_includes: { ts: "assertIncludes", form: "call" },
  refute_includes: { ts: "refuteIncludes", form: "call" },
  assert_not_includes: { ts: "refuteIncludes", form: "call" },
  assert_match: { ts: "assertMatch", form: "call" },
  refute_match: { ts: "refuteMatch", form: "call" },
  assert_no_match: { ts: "refuteMatch", form: "call" },
  assert_predicate: { ts: "assertPredicate", form: "call" },
  refute_predicate: { ts: "refutePredicate", form: "call" },
  assert_not_predicate: { ts: "refutePredicate", form: "call" },
  assert_in_delta: { ts: "assertInDelta", form: "call" },
  flunk: { ts: "flunk", form: "call" },
  skip: { ts: "skip", form: "call" },
  assert_response: { ts: "assertResponse", form: "call", integration: true },
  assert_redirected_to: { ts: "assertRedirectedTo", form: "call", integration: true },
  // WebMock::API's matcher of a request body (`with(body: hash_including(user: { id: 1 }))`).
  hash_including: { ts: "hashIncluding", form: "call" },
  // Kernel#sleep: awaited, so what the app posted to its thread pools runs meanwhile.
  sleep: { ts: "sleep", form: "request" },
  get: { ts: "get", form: "request", integration: true },
  post: { ts: "post", form: "request", integration: true },
  patch: { ts: "patch", form: "request", integration: true },
  put: { ts: "put", form: "request", integration: true },
  delete: { ts: "delete", form: "request", integration: true },
  head: { ts: "head", form: "request", integration: true },
  "follow_redirect!": { ts: "followRedirect", form: "request", integration: true },
  response: { ts: "response", form: "property", integration: true },
  request: { ts: "request", form: "property", integration: true },
  cookies: { ts: "cookies", form: "property" },
  connect: { ts: "connect", form: "request" },
  connection: { ts: "connection", form: "property" },
  assert_reject_connection: { ts: "assertRejectConnection", form: "block" },
  "host!": { ts: "hostBang", form: "call", integration: true },
  assert_difference: { ts: "assertDifference", form: "difference" },
  assert_no_difference: { ts: "assertNoDifference", form: "noDifference" },
  assert_changes: { ts: "assertChanges", form: "changes" },
  assert_no_changes: { ts: "assertNoChanges", form: "noChanges" },
  assert_raises: { ts: "assertRaises", form: "raises" },
  assert_throws: { ts: "assertThrows", form: "optionalBlock" },
  assert_nothing_raised: { ts: "assertNothingRaised", form: "block" },
  travel_to: { ts: "travelTo", form: "optionalBlock" },
  travel: { ts: "travel", form: "optionalBlock" },
  freeze_time: { ts: "freezeTime", form: "optionalBlock" },
  travel_back: { ts: "travelBack", form: "call" },
  stub_request: { ts: "stubRequest", form: "call" },
  dom_id: { ts: "domId", form: "call", integration: true },
  dom_class: { ts: "domClass", form: "call", integration: true },
  assert_select: { ts: "assertSelect", form: "optionalBlock" },
  assert_enqueued_jobs: { ts: "assertEnqueuedJobs", form: "optionalBlock" },
  assert_no_enqueued_jobs: { ts: "assertNoEnqueuedJobs", form: "optionalBlock" },
  perform_enqueued_jobs: { ts: "performEnqueuedJobs", form: "optionalBlock" },
  assert_broadcasts: { ts: "assertBroadcasts", form: "optionalBlock" },
  assert_no_broadcasts: { ts: "assertNoBroadcasts", form: "optionalBlock" },
  assert_turbo_stream_broadcasts: { ts: "assertTurboStreamBroadcasts", form: "optionalBlock" },
  assert_no_turbo_stream_broadcasts: { ts: "assertNoTurboStreamBroadcasts", form: "optionalBlock" },
  capture_turbo_stream_broadcasts: { ts: "captureTurboStreamBroadcasts", form: "optionalBlock" },
  assert_raise: { ts: "assertRaises", form: "raises" },
  assert_kind_of: { ts: "assertKindOf", form: "call" },
  stub_connection: { ts: "stubConnection", form: "call" },
  subscribe: { ts: "subscribe", form: "request" },
  unsubscribe: { ts: "unsubscribe", form: "request" },
  subscription: { ts: "subscription", form: "property" },
  transmissions: { ts: "transmissions", form: "property" },
  assert_has_stream: { ts: "assertHasStream", form: "call" },
  assert_has_stream_for: { ts: "assertHasStreamFor", form: "call" },
  assert_has_no_stream: { ts: "assertHasNoStream", form: "call" },
  assert_no_streams: { ts: "assertNoStreams", form: "call" },
  assert_instance_of: { ts: "assertInstanceOf", form: "call" },
  assert_dom: { ts: "assertSelect", form: "optionalBlock" },
  unfreeze_time: { ts: "travelBack", form: "call" },
};

/** The superclasses whose tests are lowered: what each test case can call. */
export const TEST_CASE_CLASSES: Record<string, "unit" | "integration" | "channel" | "connection"> = {
  "ActiveSupport::TestCase": "unit",
  "ActionDispatch::IntegrationTest": "integration",
  // A helper test: an ActiveSupport::TestCase (its view-context methods are not lowered; calls to them are declined).
  "ActionView::TestCase": "unit",
  // A channel's test: the channel its name says (PresenceChannelTest -> PresenceChannel) on a stub connection.
  "ActionCable::Channel::TestCase": "channel",
  // A connection's test: the connection class its name says (ApplicationCable::ConnectionTest -> ...::Connection).
  "ActionCable::Connection::TestCase": "connection",
};

/**
 * The library test helpers a test class may include (`include ActiveJob::TestHelper`): their methods are the test
 * case's own here (runtime/testing), so including them adds nothing to lower.
 */
export const TEST_HELPER_MODULES: readonly string[] = [
  "ActiveJob::TestHelper",
  "ActionCable::TestHelper",
  "Turbo::Broadcastable::TestHelper",
  "ActionDispatch::TestProcess",
  "ActiveSupport::Testing::TimeHelpers",
];

/** Constants of the test libraries a lowered suite names, by Ruby path: the runtime export that is each. */
export const TEST_CONSTANTS: Record<string, string> = {
  WebMock: "WebMock",
  "ActionDispatch::Cookies::CookieJar": "CookieJarBuilder",
  "WebMock::NetConnectNotAllowedError": "NetConnectNotAllowedError",
};
