// Turbo::Streams::ActionHelper (turbo-rails 2.0.0) and Turbo.current_request_id:
//   turbo_stream_action_tag :replace, target: @message, template: "..."   -> turboStreamActionTag("replace", { target: message, template: "..." })
//   turbo_stream_action_tag :update, targets: [@room, :messages]          -> targets="#messages_room_1" (a CSS selector)
//   turbo_stream_refresh_tag(request_id: "abc", method: :morph)          -> turboStreamRefreshTag({ request_id: "abc", method: "morph" })
//   Turbo.with_request_id(id) { ... }                                     -> withRequestId(id, () => ...)
// Extra attributes come first, then action and target(s), as `tag.turbo_stream(template, **attributes, action:, target:)`
// writes them; remove and refresh carry no <template>.
import { AsyncLocalStorage } from "node:async_hooks";
import { toS, truthy } from "../../ruby/ruby.js";
import { isViewRecord } from "../../active-model/host.js";
import { domId } from "../../action-view/record-identifier.js";
import { htmlSafe, type SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../../action-view/tag-options.js";
import { tagElement } from "../../action-view/tag.js";

const requestIds = new AsyncLocalStorage<string | null>();

/** Turbo.current_request_id: the X-Turbo-Request-Id of the request being served (set by withRequestId). */
export function currentRequestId(): string | null {
  return requestIds.getStore() ?? null;
}

/** Turbo.with_request_id(request_id) { ... }: what Turbo::RequestIdTracking wraps every action in. */
export function withRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestIds.run(requestId ?? null, fn);
}

/**
 * convert_to_turbo_stream_dom_id: a record (or an array holding one) becomes `dom_id(*target)`, with "#" in front
 * when it names `targets` (a selector); anything else passes through.
 */
export function convertToTurboStreamDomId(target: unknown, includeSelector = false): unknown {
  const list = target === null || target === undefined ? [] : Array.isArray(target) ? target : [target];
  if (!list.some(isViewRecord)) return target;
  if (!isViewRecord(list[0]) || list.length > 2) throw new Error(`dom_id cannot identify ${toS(target)}`);
  return `${includeSelector ? "#" : ""}${domId(list[0], list[1] ?? null)}`;
}

/** `turbo_stream_action_tag(action, target: nil, targets: nil, template: nil, **attributes)`. */
export function turboStreamActionTag(action: unknown, options: Attributes = {}): SafeString {
  const { target = null, targets = null, template = null, ...attributes } = options;
  const name = toS(action);
  const body = name === "remove" || name === "refresh" ? "" : tagElement("template", htmlSafe(toS(template)));
  const t = convertToTurboStreamDomId(target);
  if (truthy(t)) return tagElement("turbo_stream", body, { ...attributes, action: name, target: t });
  const ts = convertToTurboStreamDomId(targets, true);
  if (truthy(ts)) return tagElement("turbo_stream", body, { ...attributes, action: name, targets: ts });
  return tagElement("turbo_stream", body, { ...attributes, action: name });
}

/** `turbo_stream_refresh_tag(request_id: Turbo.current_request_id, **attributes)`. */
export function turboStreamRefreshTag(options: Attributes = {}): SafeString {
  const { request_id: requestId = currentRequestId(), ...attributes } = options;
  // `{ "request-id": request_id }.compact`: only nil drops it.
  const head: Attributes = requestId === null || requestId === undefined ? {} : { "request-id": requestId };
  return turboStreamActionTag("refresh", { ...head, ...attributes });
}
