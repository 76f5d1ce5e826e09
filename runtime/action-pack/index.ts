// The HTTP runtime's public surface (runtime/index.ts re-exports it): routing, requests and params, cookies,
// session, flash, CSRF, controllers and the server.
export type { RouteEntry } from "./route-table.js";
export { Router, UrlGenerationError, normalizeRequestPath, type Recognized, type UrlOptions } from "./router.js";
export { pathForOptions, urlForOptions } from "./url-for.js";
export { escapeSegment, escapePath, escapeFragment, hostUrl, type HostOptions } from "./url.js";
export { toParam, toQuery, cgiEscape, type HasToParam } from "../active-support/to-query.js";
export { Parameters, ParameterMissing, UnfilteredParameters, isPresent, type PermitFilter, type ParamsEntry } from "./parameters.js";
export { BadRequest, parseNestedQuery, type ParamTree, type ParamValue } from "./query.js";
export { UploadedFile } from "./multipart.js";
export { Request, type RawRequest } from "./request.js";
export { Response, DEFAULT_HEADERS, type WireResponse } from "./response.js";
export { CookieJar, SignedCookieJar, EncryptedCookieJar, parseCookieHeader, setCookieHeader, type CookieOptions } from "./cookies.js";
export { KeyGenerator, MessageEncryptor } from "../active-support/messages.js";
export { MessageVerifier } from "../active-support/message-verifier.js";
export { activeSupportJson } from "../active-support/message-codec.js";
export { Session, CookieSessionStore } from "./session.js";
export { Flash } from "./flash.js";
export { Csrf, InvalidAuthenticityToken } from "./csrf.js";
export { ALL as MIME_ALL, mimeByExtension, mimeLookup, parseAccept, registerMime, type MimeType } from "./mime.js";
export { HTTP_STATUS_CODES, SYMBOL_TO_STATUS_CODE, statusCode } from "./status.js";
export { ActionNotFound, RoutingError, UnknownFormat, UnsafeRedirectError, DoubleRenderError, statusForError } from "./errors.js";
export {
  Controller, actionMethod, type ControllerApp, type ControllerClass, type ControllerContext, type Filter, type ControllerRescueHandler,
  type TemplateRenderer, type WrapParameters,
} from "./controller.js";
export { FormatCollector, type RenderOptions, type RedirectOptions } from "./rendering.js";
export { RailsHealthController, RailsPwaController } from "./builtin.js";
export { browserBlocked, MODERN_BROWSERS } from "./user-agent.js";
export { HttpApp, createHttpApp, startServer, type HttpAppConfig } from "./server.js";
export { polymorphicName, polymorphicUrl } from "./polymorphic.js";
