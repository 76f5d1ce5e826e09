// turbo-rails' and globalid's constants as lowered code calls them (their runtime is runtime/cable and
// runtime/gems/turbo-rails/): each object's members are the constant's singleton methods, Ruby -> TS named.
//   Turbo::StreamsChannel.broadcast_append_to(...)   TurboStreamsChannelConstant.broadcastAppendTo(...)
//   Turbo::StreamsChannel.signed_stream_name(x)      ...signedStreamName(x)        (extends Turbo::Streams::StreamName)
//   Turbo.signed_stream_verifier.generate(x)         TurboModule.signedStreamVerifier().generate(x)
//   GlobalID::Locator.locate(gid)                    GlobalIdLocator.locate(gid)
import { globalIdConfig, locateGlobalId, parseGlobalId } from "../globalid/global-id.js";
import { signedStreamName, signedStreamVerifierKey, signStreamValue, streamNameFrom, verifiedStreamName, verifyStreamValue } from "./stream-name.js";
import { TurboStreamsChannel } from "./streams-channel.js";
import type { ViewHost } from "../../active-model/host.js";
import { TurboStreamTagBuilder } from "./turbo-stream-builder.js";
import { withRequestId } from "./turbo-stream-tags.js";
import { toS } from "../../ruby/ruby.js";

/** Private class methods Ruby code reaches with `send`. */
const STREAM_NAME_PRIVATE: Record<string, (...args: unknown[]) => unknown> = { stream_name_from: (s) => streamNameFrom(s) };

/**
 * Turbo::StreamsChannel as a value: the channel class (its broadcasts; `channel: Turbo::StreamsChannel` names it),
 * with Turbo::Streams::StreamName's class methods it extends.
 */
export class TurboStreamsChannelConstant extends TurboStreamsChannel {
  /** The objects that are this Ruby constant too (what a test's `Turbo::StreamsChannel.stubs(:m)` must replace). */
  static readonly sameRubyConstant: readonly object[] = [TurboStreamsChannel];
  static signedStreamName(streamables: unknown): string {
    return signedStreamName(streamables);
  }
  static verifiedStreamName(signed: unknown): unknown {
    return verifiedStreamName(signed);
  }
  /** `send(:stream_name_from, x)`: the private class method Ruby code may reach. */
  static send(name: unknown, ...args: unknown[]): unknown {
    const own = STREAM_NAME_PRIVATE[toS(name)];
    if (!own) throw new Error(`undefined method '${toS(name)}' for class Turbo::StreamsChannel`);
    return own(...args);
  }
}

export const TurboModule = {
  signedStreamVerifierKey: () => signedStreamVerifierKey(),
  signedStreamVerifier: () => ({ generate: (v: unknown) => signStreamValue(v), verified: (m: unknown) => verifyStreamValue(m) }),
  withRequestId: (id: unknown, block: () => unknown) => withRequestId(id === null ? null : toS(id), block),
};

export const TurboStreamsTagBuilderClass = { new: (view: ViewHost) => new TurboStreamTagBuilder(view) };

export const GlobalIdModule = {
  app: () => globalIdConfig.app,
  parse: (gid: unknown) => parseGlobalId(toS(gid)),
  /** GlobalID.find(gid): parse(gid)&.find, i.e. the located record (RecordNotFound when gone), nil for no GlobalID. */
  find: (gid: unknown) => locateGlobalId(toS(gid)),
};

export const GlobalIdLocator = { locate: (gid: unknown) => locateGlobalId(toS(gid)) };
