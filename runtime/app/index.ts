// The wiring of an emitted app: createApp, the view and route registries, constants an app names, serving and workers.
export { createApp, type AppConfig, type AppSchema } from "./app.js";
export { afterInitialize } from "./after-initialize.js";
export { View, MissingTemplate, type TemplateEntry, type ViewContext } from "./view.js";
export { directUrl, NO_REQUEST_URL_CONTEXT, routeHelper, routerFor, type RouteHelper, type UrlContext } from "./routes.js";
export {
  ErbUtil, EnvModule, TimeClass, DateClass, DateTimeClass, I18nModule, JsonModule, ActiveSupportJson, DurationClass, NumberHelperModule,
  TimeZoneClass, RangeClass, RecordIdentifierModule, FloatClass, SetClass, KeyGeneratorClass, Kernel, ZlibModule, Base64Module, MarshalModule, RailsModule, registerAppConfig,
  StringClass, SymbolClass, IntegerClass, NumericClass, ArrayClass, HashClass, NilClassClass, ComparableModule, EnumerableModule, TrueClassClass, FalseClassClass,
} from "./core-constants.js";
export { SecureRandomModule, RandomModule, BCryptPasswordClass, BCryptPassword } from "./secure-constants.js";
export { serveApp, renderForBroadcast, type CableSetup } from "./serve.js";
export { controllerRenderer, ControllerRenderer } from "./renderer.js";
