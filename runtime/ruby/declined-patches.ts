// What an initializer's declined monkey patch would have changed, raised where the runtime reaches the patched
// method, never skipped:
//   WebPush::Request.prepend WebPush::PersistentRequest     declinePatch("WebPush::Request#perform", site, diagnostic)
//   (the runtime's WebPush::Request#perform)                 reachPatched("WebPush::Request#perform") -> NotLowered
// PATCH_POINTS lists the methods of Rails' and the gems' classes the runtime reaches by that name; the compiler
// registers a patch of any other method of a class it does not compile so that the app raises at boot instead.
import { declinedError } from "./not-lowered.js";

export const PATCH_POINTS: ReadonlySet<string> = new Set([
  // gems/web-push: the POST of a notification (payloadSend).
  "WebPush::Request#perform",
  // active-record/connection: the busy handler a connection is configured with, reached when SQLite is busy.
  "ActiveRecord::ConnectionAdapters::SQLite3Adapter#configure_connection",
]);

/**
 * Classes of Rails whose methods the emitted app never runs, so a patch of them changes nothing it does: database
 * tasks (`bin/rails db:*`), and Active Storage's controllers (its /rails/active_storage routes are not served).
 */
export const NEVER_RUN_CLASSES: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /^ActiveRecord::Tasks::/, why: "no database tasks" },
  { pattern: /^ActiveStorage::\w+Controller$/, why: "Active Storage's routes are not served" },
];

const declined = new Map<string, { site: string; diagnostic: string }>();

/** Boot: the initializer at `site` patches `point`, which the compiler declined (`diagnostic`). */
export function declinePatch(point: string, site: string, diagnostic: string): void {
  if (!declined.has(point)) declined.set(point, { site, diagnostic });
}

/** Where the runtime runs `point`: raises when an initializer patched it and the patch was declined. */
export function reachPatched(point: string): void {
  const entry = declined.get(point);
  if (entry) throw declinedError(entry.site, entry.diagnostic);
}

/** For tests: forget every registered patch. */
export function clearDeclinedPatches(): void {
  declined.clear();
}
