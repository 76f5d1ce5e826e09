// The test support of lowered Minitest suites (`rails2ts test`): ActiveSupport::TestCase's assertions and fixtures,
// ActionDispatch::IntegrationTest's requests, each test in a rolled-back transaction.
export { Assertion, Assertions, Skip } from "./assertions.js";
export { TestCase, TestSuite, inTestTransaction } from "./test-case.js";
export { IntegrationSession, TestResponse, TestCookieJar, TestRequest, CookieJarBuilder, buildNestedQuery, type RequestOptions } from "./integration.js";
export { defineTestCase, testEnvironment, type TestCaseDefinition, type TestRunnerApi } from "./define.js";
export { TEST_CASE_METHODS, TEST_CASE_CLASSES, type TestMethodForm } from "./methods.js";
export { WebMock, NetConnectNotAllowedError, RequestStub } from "./webmock.js";
export { TEST_CONSTANTS } from "./methods.js";
