// The runtime's one public surface: everything emitted code imports comes from here ("rails2ts/runtime").
// The families stay reachable as namespaces for tools and tests; emitted code uses the names below.
export { createApp, afterInitialize, type AppConfig, type AppSchema } from "./app/index.js";
export { View, MissingTemplate, type TemplateEntry, type ViewContext } from "./app/index.js";
export { directUrl, NO_REQUEST_URL_CONTEXT, routeHelper, routerFor, type RouteHelper, type UrlContext } from "./app/index.js";
export { polymorphicName, polymorphicUrl } from "./action-pack/index.js";
export {
  and, binop, blockArgs, caseEq, each, eachWithIndex, eq, index, indexSet, isBlank, isPresent, or, send, sendSafe, symProc, blockArg, kwsplat, toAry, toA, toS,
  truthy, unsupported, declineIfString, readLocal, NameError, constantValue, ivarGet, ivarSet, ivarDefined,
} from "./active-support/index.js";
export { rescues } from "./ruby/index.js";
export { declinedError, declinePatch, atExit, reopenClassMethods } from "./ruby/index.js";
export { breakable, caughtReturn, jumpTag, BreakSignal, ReturnSignal } from "./ruby/index.js";
export { rubyLambda, rubyMethod, rubyProc } from "./ruby/index.js";

// The gems' railties: what they include into Rails' own classes (GlobalID::Identification into models,
// GearedPagination::Controller into controllers) is installed when these load.
import "./gems/globalid/index.js";
import "./gems/geared_pagination/controller.js";

export { Controller, FormatCollector, Parameters, startServer, type RouteEntry, type Filter, type ControllerRescueHandler } from "./action-pack/index.js";
export { Base, Record, defineModel, Relation, Errors, ErrorEntry, Time, CollectionProxy, abort, model, scope, scopeArray } from "./active-record/index.js";
export { assignAttribute, queryAttribute } from "./active-record/index.js";
export type { HasManyAssociation } from "./active-record/index.js";
export { OutputBuffer, SafeString, FormBuilder } from "./action-view/index.js";
export { Jbuilder } from "./gems/jbuilder/index.js";
// Action Mailer's base class (a library base: its load registers it for the compiler).
export { ActionMailerBase } from "./action-mailer/index.js";

export * as http from "./action-pack/index.js";
// Rails' own objects emitted code calls directly (src/lower/runtime-objects.ts), under names no app constant takes.
export type { Request as ActionDispatchRequest, Response as ActionDispatchResponse, CookieJar, SignedCookieJar, EncryptedCookieJar, Session as ActionDispatchSession, Flash as ActionDispatchFlash } from "./action-pack/index.js";
export type { ModelName as ActiveModelName } from "./active-model/index.js";
export * as record from "./active-record/index.js";
export * as db from "./active-record/connection/index.js";
export * as view from "./app/view-namespace.js";
export * as json from "./gems/jbuilder/index.js";
export * as fixtures from "./active-record/fixtures/index.js";
export type { FixtureSetSource } from "./active-record/index.js";
export { bindArgs, ArgumentError, type ArgSpec, type BoundArgs } from "./ruby/index.js";
export { CurrentAttributes, defineCurrentAttributes, executorWrap } from "./active-support/index.js";
// Ruby core and ActiveSupport on plain values, Ruby's own constants, and plain (ActiveModel) classes.
export { coreSend, nonNil } from "./active-support/index.js";
export { StringMethods, BinaryStringMethods, RegexpMethods, StringInquirer } from "./active-support/index.js";
export { SanitizeHelperMethods } from "./action-view/index.js";
export { NumericMethods } from "./active-support/index.js";
export { ArrayMethods, HashMethods, KeyedHashMethods } from "./active-support/index.js";
export { hashLiteral } from "./active-support/index.js";
export { PatternMatch } from "./active-support/index.js";
export { TimeMethods, DurationMethods, TimeZoneMethods } from "./active-support/index.js";
export type { Duration } from "./active-support/index.js";
export { ObjectMethods, NilMethods, raise, raiseFrom } from "./active-support/index.js";
export {
  RubyException, ScriptError, NotImplementedError, StandardError, RuntimeError, FrozenError, UncaughtThrowError, RubyTypeError,
  NoMethodError, ZeroDivisionError, IndexError, KeyError, StopIteration, RubyRangeError, FloatDomainError, IOError, EncodingError,
  LocalJumpError, NoMatchingPatternError, NoMatchingPatternKeyError, RegexpError, ThreadError, SecurityError, TimeoutError,
} from "./ruby/index.js";
export {
  ErbUtil, EnvModule, TimeClass, DateClass, DateTimeClass, I18nModule, JsonModule, ActiveSupportJson, DurationClass, NumberHelperModule,
  TimeZoneClass, RangeClass, RecordIdentifierModule, FloatClass, SetClass, KeyGeneratorClass, Kernel, ZlibModule, Base64Module, MarshalModule, RailsModule, registerAppConfig,
  StringClass, SymbolClass, IntegerClass, NumericClass, ArrayClass, HashClass, NilClassClass, ComparableModule, EnumerableModule, TrueClassClass, FalseClassClass,
} from "./app/index.js";
export { SecureRandomModule, RandomModule, BCryptPasswordClass, BCryptPassword } from "./app/index.js";
export { ActiveStorageAttachedOne, ActiveStorageAttachedMany, AttachedOne, AttachedMany } from "./active-storage/index.js";
export { LIBRARY_BASES, registerLibraryBase } from "./ruby/index.js";
export { extendCore, CORE_EXTENSIBLE } from "./active-support/index.js";
export { TurboStreamsChannelConstant, TurboModule, TurboStreamsTagBuilderClass, GlobalIdModule, GlobalIdLocator } from "./gems/turbo-rails/index.js";
export type { TurboStreamTagBuilder } from "./gems/turbo-rails/index.js";
export type { RailsLogger, EnvironmentInquirer } from "./active-support/index.js";
export type { UserAgentBrowser } from "./gems/useragent/index.js";
export type { Page as GearedPaginationPage } from "./gems/geared_pagination/index.js";
export { ActiveModel, RubyObject, ValidationError, attrAccessor, defineActiveModel } from "./active-model/index.js";
export { inflections } from "./active-support/index.js";
export { rubyStruct, declineClass, registerAppConstant, appClassName } from "./ruby/index.js";
export { UriModule, NetHttpClass, NetModule, TCPSocketClass, ResolvModule, IPAddrClass } from "./ruby/index.js";
// Typed values of Ruby's URI and Net::HTTP (a lowered `URI(url).host`, `http.request(req).code`).
export type { UriGeneric, NetHttp, NetHttpRequest, NetHttpResponse, RubyPathname, IPAddr } from "./ruby/index.js";
// Active Job: ApplicationJob < ActiveJob::Base, perform_later (in this process, after the request's work).
export { ActiveJobBase, drainJobs, queueAdapterConfig } from "./active-job/index.js";
// Action Text's content objects (Content, Fragment, nodes, attachments, the Content::Filter base apps subclass).
export {
  ActionTextContent, ActionTextFragment, ActionTextNode, ActionTextAttachment, ActionTextRemoteImage, ActionTextAttachmentGallery,
  ActionTextTrixAttachment, ActionTextNotImplemented, actionTextRenderer, actionTextConfig, actionTextSanitizerConfig,
  renderActionTextContent, sanitizeActionTextContent,
} from "./action-text/index.js";
export * as actionText from "./action-text/index.js";
export { includeActionTextAttachable, actionTextAttachableSgid, attachableFromSgid, ActionTextAttachableModule, ActionTextMissingAttachable } from "./action-text/index.js";
// Gems' classes an app subclasses or calls (platform_agent over useragent).
export { PlatformAgent } from "./gems/platform_agent/index.js";
export { ActionPolicyBase, authorizationTarget } from "./gems/action_policy/index.js";
export { UserAgentClass, parseUserAgent } from "./gems/useragent/index.js";
export { RQRCodeQRCodeClass } from "./gems/rqrcode/index.js";
export type { RQRCodeQRCode } from "./gems/rqrcode/index.js";
export { ThreadPoolExecutorClass, FixedThreadPoolClass, drainPools } from "./gems/concurrent-ruby/index.js";
export type { ThreadPool as ConcurrentThreadPool } from "./gems/concurrent-ruby/index.js";
export { NetHttpPersistentClass } from "./gems/net-http-persistent/index.js";
export type { NetHttpPersistent } from "./gems/net-http-persistent/index.js";
export { NokogiriModule, NokogiriHtml4 } from "./gems/nokogiri/index.js";
export type { NokogiriDocument, NokogiriNode } from "./gems/nokogiri/index.js";
export { WebPushModule, OpenSSLError, WebPushError } from "./gems/web-push/index.js";
export {
  ResponseError as WebPushResponseError,
  InvalidSubscription as WebPushInvalidSubscription,
  ExpiredSubscription as WebPushExpiredSubscription,
  Unauthorized as WebPushUnauthorized,
  PayloadTooLarge as WebPushPayloadTooLarge,
  TooManyRequests as WebPushTooManyRequests,
  PushServiceError as WebPushPushServiceError,
} from "./gems/web-push/index.js";
export { tagElement, tagAttributes } from "./action-view/index.js";
export { coreBinop, coreIndex, coreNegate, coreShovel, keepString, freezeValue } from "./active-support/index.js";
export { hashEntries, RubyFloat, RubyRange, RubySymbol, rubyRegexp, interpolatedRegexp } from "./ruby/index.js";
export * from "./action-view/index.js";
export { serveApp, renderForBroadcast, type CableSetup } from "./app/index.js";
export { controllerRenderer, ControllerRenderer } from "./app/index.js";
export { ActionViewBase } from "./action-view/index.js";
export { Connection, Channel, actionCableServer } from "./action-cable/index.js";
export { actionCableRemoteConnections } from "./action-cable/index.js";
export type { RemoteConnections as ActionCableRemoteConnections, RemoteConnection as ActionCableRemoteConnection } from "./action-cable/index.js";
// Model.connection (the database connection an app executes SQL on), as a typed value.
export type { ActiveRecordConnection } from "./active-record/index.js";
export * as cable from "./app/cable-namespace.js";
export { BACK } from "./action-view/index.js";
export * as testing from "./testing/index.js";
export { defineTestCase, testEnvironment, TestSuite, TestCase, WebMock, NetConnectNotAllowedError, CookieJarBuilder } from "./testing/index.js";
