// Turbo::DriveHelper and Turbo::IncludesHelper (turbo-rails 2.0.0): meta directives for Turbo Drive, either as
// tags or provided into `yield :head`.
//   turbo_exempts_page_from_cache_tag            -> turboExemptsPageFromCacheTag()
//   turbo_exempts_page_from_cache                -> turboExemptsPageFromCache(view)   (provide :head, ...)
//   turbo_refreshes_with(method: :morph, scroll: :preserve) -> turboRefreshesWith(view, { method: "morph", scroll: "preserve" })
//   turbo_include_tags                           -> turboIncludeTags(view)
import { ArgumentError } from "../../ruby/args.js";
import { toS } from "../../ruby/ruby.js";
import { javascriptIncludeTag } from "../../action-view/asset-tag.js";
import type { ViewHost } from "../../active-model/host.js";
import type { SafeString } from "../../active-support/safe.js";
import { tagElement } from "../../action-view/tag.js";

/** The part of the view these helpers write to: `provide(name, content)` (content_for without a block). */
export interface ProvidingViewHost extends ViewHost {
  provide(name: unknown, value: unknown): unknown;
}

function meta(name: string, content: unknown): SafeString {
  return tagElement("meta", { name, content });
}

function provideHead(view: ViewHost, content: SafeString): null {
  const host = view as Partial<ProvidingViewHost>;
  if (typeof host.provide !== "function") throw new Error("this view cannot provide content (provide is missing)");
  host.provide("head", content);
  return null;
}

export function turboExemptsPageFromCacheTag(): SafeString {
  return meta("turbo-cache-control", "no-cache");
}

export function turboExemptsPageFromCache(view: ViewHost): null {
  return provideHead(view, turboExemptsPageFromCacheTag());
}

export function turboExemptsPageFromPreviewTag(): SafeString {
  return meta("turbo-cache-control", "no-preview");
}

export function turboExemptsPageFromPreview(view: ViewHost): null {
  return provideHead(view, turboExemptsPageFromPreviewTag());
}

export function turboPageRequiresReloadTag(): SafeString {
  return meta("turbo-visit-control", "reload");
}

export function turboPageRequiresReload(view: ViewHost): null {
  return provideHead(view, turboPageRequiresReloadTag());
}

/** `turbo_refresh_method_tag(method = :replace)`: replace or morph, anything else an ArgumentError. */
export function turboRefreshMethodTag(method: unknown = "replace"): SafeString {
  if (!["replace", "morph"].includes(toS(method))) throw new ArgumentError(`Invalid refresh option '${toS(method)}'`);
  return meta("turbo-refresh-method", method);
}

/** `turbo_refresh_scroll_tag(scroll = :reset)`: reset or preserve. */
export function turboRefreshScrollTag(scroll: unknown = "reset"): SafeString {
  if (!["reset", "preserve"].includes(toS(scroll))) throw new ArgumentError(`Invalid scroll option '${toS(scroll)}'`);
  return meta("turbo-refresh-scroll", scroll);
}

/** `turbo_refreshes_with(method: :replace, scroll: :reset)`. */
export function turboRefreshesWith(view: ViewHost, options: { method?: unknown; scroll?: unknown } = {}): null {
  provideHead(view, turboRefreshMethodTag(options.method ?? "replace"));
  return provideHead(view, turboRefreshScrollTag(options.scroll ?? "reset"));
}

/** `turbo_include_tags`: the turbo.js module script. */
export function turboIncludeTags(view: ViewHost): SafeString {
  return javascriptIncludeTag(view, "turbo", { type: "module" });
}
