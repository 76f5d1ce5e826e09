// Classes of Rails and of gems that an app's plain classes subclass (`class ApplicationPlatform < PlatformAgent`,
// `class SanitizeTags < ActionText::Content::Filter`), by the Ruby constant path as written: the runtime class to
// extend, exported from the runtime's index under the given name. The compiler reads the class's prototype to know
// which self calls are the base's methods (`match?`, `fragment`), so those lower to `this.<member>(...)`.
export const LIBRARY_BASES: Record<string, [exportName: string, cls: abstract new (...args: never[]) => object]> = {};

/** Registers a library base class (each runtime module that implements one calls this at load). */
export function registerLibraryBase(rubyPath: string, exportName: string, cls: abstract new (...args: never[]) => object): void {
  LIBRARY_BASES[rubyPath] = [exportName, cls];
}
