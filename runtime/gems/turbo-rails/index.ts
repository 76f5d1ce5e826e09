// turbo-rails (2.0.0) at run time: the view helpers (frames, stream tags, the stream builder, Drive's meta tags),
// Turbo::StreamsChannel with its broadcasts, Turbo::Broadcastable for records, and signed stream names.
export * from "./turbo-frames.js";
export * from "./turbo-stream-tags.js";
export * from "./turbo-stream-builder.js";
export * from "./turbo-drive.js";
export { TurboStreamsChannel, turboBroadcastConfig } from "./streams-channel.js";
export * from "./broadcastable.js";
export {
  configureSignedStreamVerifier, signedStreamVerifierKey, signedStreamName, verifiedStreamName, streamNameFrom,
  signStreamValue, verifyStreamValue,
} from "./stream-name.js";
export { TurboStreamsChannelConstant, TurboModule, TurboStreamsTagBuilderClass, GlobalIdModule, GlobalIdLocator } from "./turbo-constants.js";
