// Action Cable as the app runs it, as one namespace (runtime/index.ts's `cable`): Action Cable's own server,
// connections, channels and adapters, Turbo's StreamsChannel and record broadcasts (turbo-rails), GlobalID.
export * from "../action-cable/index.js";
export {
  TurboStreamsChannel, turboBroadcastConfig, configureSignedStreamVerifier, signedStreamVerifierKey, signedStreamName,
  verifiedStreamName, streamNameFrom, signStreamValue, verifyStreamValue,
} from "../gems/turbo-rails/index.js";
export * from "../gems/turbo-rails/broadcastable.js";
export * from "../gems/globalid/index.js";
