// The runtime's one public surface: everything emitted code imports comes from here ("rails2ts/runtime").
// The families stay reachable as namespaces for tools and tests; emitted code uses the names below.
export { createApp, type AppConfig, type AppSchema } from "./app/app.js";
export { View, MissingTemplate, type TemplateEntry, type ViewContext } from "./app/view.js";
export { directUrl, NO_REQUEST_URL_CONTEXT, routeHelper, routerFor, type RouteHelper, type UrlContext } from "./app/routes.js";
export { polymorphicName, polymorphicUrl } from "./app/polymorphic.js";
export { defineScopes, model, scope, type ScopeFn } from "./app/scopes.js";
export {
  and, binop, blockArgs, caseEq, each, eachWithIndex, eq, index, indexSet, isBlank, isPresent, or, send, sendSafe, symProc, blockArg, kwsplat, toAry, toA, toS,
  truthy, unsupported, readLocal, NameError, constantValue, ivarGet, ivarSet, ivarDefined,
} from "./app/ops.js";
export { rescues } from "./app/rescue.js";
export { declinedError } from "./support/not-lowered.js";
export { breakable, caughtReturn, jumpTag, BreakSignal, ReturnSignal } from "./support/jumps.js";
export { rubyLambda, rubyMethod, rubyProc } from "./support/core-proc.js";

export { Controller, FormatCollector, Parameters, startServer, type RouteEntry, type Filter } from "./http/index.js";
export { Base, Record, defineModel, Relation, Errors, ErrorEntry, Time, CollectionProxy, abort } from "./record/index.js";
export { queryAttribute } from "./record/attribute-methods.js";
export { OutputBuffer, SafeString, FormBuilder } from "./view/index.js";
export { Jbuilder } from "./json/index.js";

export * as http from "./http/index.js";
export * as record from "./record/index.js";
export * as db from "./db/index.js";
export * as view from "./view/index.js";
export * as json from "./json/index.js";
export * as fixtures from "./fixtures/index.js";
export type { FixtureSetSource } from "./fixtures/index.js";
export { bindArgs, ArgumentError, type ArgSpec, type BoundArgs } from "./app/args.js";
export { CurrentAttributes, resetCurrentAttributes } from "./app/current.js";
// Ruby core and ActiveSupport on plain values, Ruby's own constants, and plain (ActiveModel) classes.
export { coreSend } from "./support/core-send.js";
export { StringMethods, BinaryStringMethods } from "./support/core-string.js";
export { NumericMethods } from "./support/core-numeric.js";
export { ArrayMethods, HashMethods } from "./support/core-collections.js";
export { hashLiteral } from "./support/core-hash.js";
export { PatternMatch } from "./support/pattern-match.js";
export { TimeMethods, DurationMethods, TimeZoneMethods } from "./support/core-time.js";
export { ObjectMethods, NilMethods, raise, raiseFrom } from "./support/core-object.js";
export {
  RubyException, ScriptError, NotImplementedError, StandardError, RuntimeError, FrozenError, UncaughtThrowError, RubyTypeError,
  NoMethodError, ZeroDivisionError, IndexError, KeyError, StopIteration, RubyRangeError, FloatDomainError, IOError, EncodingError,
  LocalJumpError, NoMatchingPatternError, NoMatchingPatternKeyError, RegexpError, ThreadError, SecurityError, TimeoutError,
} from "./support/exceptions.js";
export {
  ErbUtil, EnvModule, TimeClass, DateClass, DateTimeClass, I18nModule, JsonModule, ActiveSupportJson, DurationClass, NumberHelperModule,
  TimeZoneClass, RangeClass, RecordIdentifierModule, FloatClass, SetClass, KeyGeneratorClass, Kernel, ZlibModule, Base64Module, RailsModule,
  StringClass, SymbolClass, IntegerClass, NumericClass, ArrayClass, HashClass, NilClassClass, ComparableModule, EnumerableModule, TrueClassClass, FalseClassClass,
} from "./support/core-constants.js";
export { SecureRandomModule, RandomModule, BCryptPasswordClass, BCryptPassword } from "./support/secure-constants.js";
export { ActiveStorageAttachedOne, ActiveStorageAttachedMany, AttachedOne, AttachedMany } from "./active-storage/attached.js";
export { LIBRARY_BASES, registerLibraryBase } from "./support/library-bases.js";
export { extendCore, CORE_EXTENSIBLE } from "./support/core-extensions.js";
export { TurboStreamsChannelConstant, TurboModule, TurboStreamsTagBuilderClass, GlobalIdModule, GlobalIdLocator } from "./support/turbo-constants.js";
export { ActiveModel, RubyObject, attrAccessor } from "./support/active-model.js";
export { inflections } from "./support/inflections.js";
export { rubyStruct, declineClass } from "./support/ruby-object.js";
// Active Job: ApplicationJob < ActiveJob::Base, perform_later (in this process, after the request's work).
export { ActiveJobBase, drainJobs } from "./job/active-job.js";
// Action Text's content objects (Content, Fragment, nodes, attachments, the Content::Filter base apps subclass).
export {
  ActionTextContent, ActionTextFragment, ActionTextNode, ActionTextAttachment,
  ActionTextTrixAttachment, ActionTextNotImplemented, actionTextRenderer, actionTextConfig, actionTextSanitizerConfig,
  renderActionTextContent, sanitizeActionTextContent,
} from "./action-text/index.js";
export * as actionText from "./action-text/index.js";
export { includeActionTextAttachable, attachableFromSgid } from "./action-text/index.js";
// Gems' classes an app subclasses or calls (platform_agent over useragent).
export { PlatformAgent } from "./support/platform-agent.js";
export { UserAgentClass, parseUserAgent } from "./support/user-agent-browsers.js";
export { tagElement, tagAttributes } from "./view/tag.js";
export { coreBinop, coreIndex, coreNegate, coreShovel } from "./support/core-operators.js";
export { hashEntries, RubyFloat, RubyRange, RubySymbol, rubyRegexp } from "./support/ruby.js";
export * from "./cache/index.js";
export { serveApp, renderForBroadcast, type CableSetup } from "./app/serve.js";
export { controllerRenderer, ControllerRenderer } from "./app/renderer.js";
export { ActionViewBase } from "./view/view-class.js";
export { Connection, Channel, actionCableServer } from "./cable/index.js";
export * as cable from "./cable/index.js";
export { BACK } from "./view/url.js";
