// Turbo::Broadcastable (turbo-rails 2.0.0): a record broadcasting itself, with its own partial and dom id as
// defaults. Every Active Record model has these instance methods; installBroadcastable puts them on a class.
//   message.broadcast_append_to room, :messages, target: [room, :messages]
//     -> message.broadcastAppendTo(room, "messages", { target: [room, "messages"] })
//   message.broadcast_replace_to room, :messages, partial: "messages/presentation", attributes: { maintain_scroll: true }
//   message.broadcast_remove_to room, :messages      (target: the record itself -> dom_id)
// Defaults: locals get `<element>: record` (the caller's locals win), the partial is to_partial_path unless html:,
// partial:, template: or render: false says otherwise, and the target is model_name.plural for inserts.
import { ArgumentError } from "../../ruby/exceptions.js";
import { isPlainObject } from "../../ruby/ruby.js";
import type { ViewRecord } from "../../active-model/host.js";
import type { Attributes } from "../../action-view/tag-options.js";
import { TurboStreamsChannel } from "./streams-channel.js";

type Broadcasting = ViewRecord & { toPartialPath?(): string };

function split(args: unknown[]): { streamables: unknown[]; rendering: Attributes } {
  const streamables = [...args];
  const rendering = isPlainObject(streamables[streamables.length - 1]) ? { ...(streamables.pop() as Attributes) } : {};
  return { streamables, rendering };
}

function partialPath(record: Broadcasting): string {
  return record.toPartialPath ? record.toPartialPath() : `${record.modelName.collection}/${record.modelName.element}`;
}

/** broadcast_rendering_with_defaults. */
export function broadcastRenderingWithDefaults(record: Broadcasting, options: Attributes): Attributes {
  const o = { ...options };
  const given = isPlainObject(o.locals) ? o.locals : {};
  o.locals = { [record.modelName.element]: record, ...given };
  if (o.html || o.partial) return o;
  if (o.template || o.renderable) o.layout = false;
  else if (o.render === false) return o;
  else o.partial ??= partialPath(record);
  return o;
}

/** extract_options_and_add_target: the defaults, and `target:` unless the caller named target or targets. */
function withTarget(record: Broadcasting, rendering: Attributes, target: unknown): Attributes {
  const o = broadcastRenderingWithDefaults(record, rendering);
  if (!("target" in o) && !("targets" in o)) o.target = target;
  return o;
}

/** The forms whose target is the record itself unless given: the defaults added, the channel's method called. */
function toRecordTarget(record: Broadcasting, args: unknown[], send: (...args: unknown[]) => void): void {
  const { streamables, rendering } = split(args);
  send(...streamables, withTarget(record, rendering, record));
}

/** broadcast_target_default: the model's plural name ("messages"). */
export function broadcastTargetDefault(record: Broadcasting): string {
  return record.modelName.plural;
}

/** broadcast_remove_to(*streamables, target: self): the target alone, nothing rendered. */
export function broadcastRemoveTo(record: Broadcasting, ...args: unknown[]): void {
  const { streamables, rendering } = split(args);
  const { target = record, ...rest } = rendering;
  const unknown = Object.keys(rest);
  if (unknown.length) throw new ArgumentError(`unknown keyword${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => `:${k}`).join(", ")}`);
  TurboStreamsChannel.broadcastRemoveTo(...streamables, { target });
}

export function broadcastReplaceTo(record: Broadcasting, ...args: unknown[]): void {
  toRecordTarget(record, args, (...a) => TurboStreamsChannel.broadcastReplaceTo(...a));
}

export function broadcastUpdateTo(record: Broadcasting, ...args: unknown[]): void {
  toRecordTarget(record, args, (...a) => TurboStreamsChannel.broadcastUpdateTo(...a));
}

function insertion(action: "append" | "prepend", record: Broadcasting, args: unknown[], later = false): void {
  const { streamables, rendering } = split(args);
  const { target = broadcastTargetDefault(record), ...rest } = rendering;
  const opts = withTarget(record, rest, target);
  if (later) TurboStreamsChannel.broadcastActionLaterTo(...streamables, { ...opts, action });
  else TurboStreamsChannel.broadcastActionTo(...streamables, { ...opts, action });
}

export function broadcastAppendTo(record: Broadcasting, ...args: unknown[]): void {
  insertion("append", record, args);
}

export function broadcastPrependTo(record: Broadcasting, ...args: unknown[]): void {
  insertion("prepend", record, args);
}

function adjacent(action: "before" | "after", record: Broadcasting, args: unknown[]): void {
  const { streamables, rendering } = split(args);
  const { target = null, targets = null, ...rest } = rendering;
  if (!target && !targets) throw new Error("at least one of target or targets is required");
  TurboStreamsChannel.broadcastActionTo(...streamables, { ...withTarget(record, { ...rest, target, targets }, null), action });
}

export function broadcastBeforeTo(record: Broadcasting, ...args: unknown[]): void {
  adjacent("before", record, args);
}

export function broadcastAfterTo(record: Broadcasting, ...args: unknown[]): void {
  adjacent("after", record, args);
}

export function broadcastRefreshTo(_record: Broadcasting, ...args: unknown[]): void {
  TurboStreamsChannel.broadcastRefreshTo(...args);
}

/** `broadcast_action_to(*streamables, action:, target: broadcast_target_default, attributes: {}, **rendering)`. */
export function broadcastActionTo(record: Broadcasting, ...args: unknown[]): void {
  const { streamables, rendering } = split(args);
  const { action, target = broadcastTargetDefault(record), attributes = {}, ...rest } = rendering;
  TurboStreamsChannel.broadcastActionTo(...streamables, { action, attributes, ...withTarget(record, rest, target) });
}

export function broadcastRenderTo(record: Broadcasting, ...args: unknown[]): void {
  toRecordTarget(record, args, (...a) => TurboStreamsChannel.broadcastRenderTo(...a));
}

export function broadcastReplaceLaterTo(record: Broadcasting, ...args: unknown[]): void {
  toRecordTarget(record, args, (...a) => TurboStreamsChannel.broadcastReplaceLaterTo(...a));
}

export function broadcastUpdateLaterTo(record: Broadcasting, ...args: unknown[]): void {
  toRecordTarget(record, args, (...a) => TurboStreamsChannel.broadcastUpdateLaterTo(...a));
}

export function broadcastAppendLaterTo(record: Broadcasting, ...args: unknown[]): void {
  insertion("append", record, args, true);
}

export function broadcastPrependLaterTo(record: Broadcasting, ...args: unknown[]): void {
  insertion("prepend", record, args, true);
}

export function broadcastRefreshLaterTo(_record: Broadcasting, ...args: unknown[]): void {
  TurboStreamsChannel.broadcastRefreshLaterTo(...args);
}

// The `_to`-less forms stream to the record itself.
const SELF_STREAMED = {
  broadcastRemove: broadcastRemoveTo,
  broadcastReplace: broadcastReplaceTo,
  broadcastUpdate: broadcastUpdateTo,
  broadcastAppend: broadcastAppendTo,
  broadcastPrepend: broadcastPrependTo,
  broadcastRefresh: broadcastRefreshTo,
  broadcastRender: broadcastRenderTo,
  broadcastReplaceLater: broadcastReplaceLaterTo,
  broadcastUpdateLater: broadcastUpdateLaterTo,
  broadcastAppendLater: broadcastAppendLaterTo,
  broadcastPrependLater: broadcastPrependLaterTo,
  broadcastRefreshLater: broadcastRefreshLaterTo,
} as const;

const STREAMED_TO = {
  broadcastRemoveTo, broadcastReplaceTo, broadcastUpdateTo, broadcastAppendTo, broadcastPrependTo, broadcastBeforeTo,
  broadcastAfterTo, broadcastRefreshTo, broadcastActionTo, broadcastRenderTo, broadcastReplaceLaterTo,
  broadcastUpdateLaterTo, broadcastAppendLaterTo, broadcastPrependLaterTo, broadcastRefreshLaterTo,
} as const;

/**
 * What installBroadcastable puts on every record, as methods (a model may define one of the names itself, which
 * overrides it): each takes the streamables and options Ruby passes.
 */
interface BroadcastableMethods {
  broadcastRemoveTo(...args: unknown[]): void;
  broadcastReplaceTo(...args: unknown[]): void;
  broadcastUpdateTo(...args: unknown[]): void;
  broadcastAppendTo(...args: unknown[]): void;
  broadcastPrependTo(...args: unknown[]): void;
  broadcastBeforeTo(...args: unknown[]): void;
  broadcastAfterTo(...args: unknown[]): void;
  broadcastRefreshTo(...args: unknown[]): void;
  broadcastActionTo(...args: unknown[]): void;
  broadcastRenderTo(...args: unknown[]): void;
  broadcastReplaceLaterTo(...args: unknown[]): void;
  broadcastUpdateLaterTo(...args: unknown[]): void;
  broadcastAppendLaterTo(...args: unknown[]): void;
  broadcastPrependLaterTo(...args: unknown[]): void;
  broadcastRefreshLaterTo(...args: unknown[]): void;
  broadcastRemove(...args: unknown[]): void;
  broadcastReplace(...args: unknown[]): void;
  broadcastUpdate(...args: unknown[]): void;
  broadcastAppend(...args: unknown[]): void;
  broadcastPrepend(...args: unknown[]): void;
  broadcastRefresh(...args: unknown[]): void;
  broadcastRender(...args: unknown[]): void;
  broadcastReplaceLater(...args: unknown[]): void;
  broadcastUpdateLater(...args: unknown[]): void;
  broadcastAppendLater(...args: unknown[]): void;
  broadcastPrependLater(...args: unknown[]): void;
  broadcastRefreshLater(...args: unknown[]): void;
}
// Every name installBroadcastable defines is declared (a compile-time check).
const DECLARED: Record<Exclude<keyof typeof STREAMED_TO | keyof typeof SELF_STREAMED, keyof BroadcastableMethods>, never> = {};
void DECLARED;

// Turbo::Broadcastable is included in every Active Record model where turbo-rails is bundled (its engine's
// ActiveSupport.on_load(:active_record)); the compiler calls them directly only for an app that bundles it.
declare module "../../active-record/record.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Base extends BroadcastableMethods {}
}

/** The Broadcastable instance methods installBroadcastable defines, by their TS names (the compiler's to know). */
export const BROADCASTABLE_METHODS: readonly string[] = [...Object.keys(STREAMED_TO), ...Object.keys(SELF_STREAMED)];

/** Defines the Broadcastable instance methods (`record.broadcastAppendTo(...)`, `record.broadcastRemove()`) on a prototype. */
export function installBroadcastable(proto: object): void {
  defineEach(proto, STREAMED_TO, false);
  defineEach(proto, SELF_STREAMED, true);
}

/** Each function as a method whose receiver is the record (and, for the `_to`-less forms, the first streamable). */
function defineEach(proto: object, table: Record<string, (record: Broadcasting, ...args: unknown[]) => void>, toSelf: boolean): void {
  for (const [name, fn] of Object.entries(table)) {
    Object.defineProperty(proto, name, {
      value(this: Broadcasting, ...args: unknown[]) {
        return toSelf ? fn(this, this, ...args) : fn(this, ...args);
      },
      writable: true,
      configurable: true,
    });
  }
}
