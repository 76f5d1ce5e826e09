// Ruby's core semantics on JavaScript values: String, Symbol, Integer, Float, Range, Regexp, exceptions, Proc,
// arguments and jumps.
export { rescues } from "./rescue.js";
export { randomBytes } from "./secure-random.js";
export { declinedError, notLoweredError } from "./not-lowered.js";
export { declinePatch, reachPatched, PATCH_POINTS } from "./declined-patches.js";
export { reopenClassMethods } from "./reopened-class.js";
export { atExit } from "./at-exit.js";
export { breakable, caughtReturn, jumpTag, BreakSignal, ReturnSignal } from "./jumps.js";
export { rubyLambda, rubyMethod, rubyProc } from "./core-proc.js";
export { bindArgs, ArgumentError, type ArgSpec, type BoundArgs } from "./args.js";
export {
  RubyException, ScriptError, NotImplementedError, StandardError, RuntimeError, FrozenError, UncaughtThrowError, RubyTypeError,
  NoMethodError, ZeroDivisionError, IndexError, KeyError, StopIteration, RubyRangeError, FloatDomainError, IOError, EncodingError,
  LocalJumpError, NoMatchingPatternError, NoMatchingPatternKeyError, RegexpError, ThreadError, SecurityError, TimeoutError,
} from "./exceptions.js";
export { LIBRARY_BASES, registerLibraryBase } from "./library-bases.js";
export { rubyStruct, declineClass } from "./ruby-object.js";
export { registerAppConstant, appConstant, appClassName } from "./app-class.js";
export { hashEntries, RubyFloat, RubyRange, RubySymbol, rubyRegexp } from "./ruby.js";
export { UriModule } from "./uri.js";
export type { Generic as UriGeneric } from "./uri.js";
export { interpolatedRegexp } from "./regexp-translate.js";
export { ResolvModule } from "./resolv.js";
export { IPAddrClass } from "./ipaddr.js";
export type { IPAddr } from "./ipaddr.js";
export { NetHttpClass, NetModule, TCPSocketClass } from "./net-http.js";
export type { NetHttp, HTTPGenericRequest as NetHttpRequest, HTTPResponse as NetHttpResponse } from "./net-http.js";
export type { Pathname as RubyPathname } from "./pathname.js";
