// The Action Cable runtime's public surface (for runtime/index.ts to re-export): the server mounted at /cable,
// connections and channels the compiler lowers app/channels onto, pubsub adapters, callbacks. Turbo's channel and
// broadcasts are turbo-rails' (gems/turbo-rails/), GlobalID the globalid gem's (gems/globalid/).
export { CableServer, createCableServer, cableHttpResponse, PROTOCOLS, BEAT_INTERVAL_MS, type CableServerConfig } from "./server.js";
export { Connection, UnauthorizedError, type ConnectionClass } from "./connection.js";
export { Channel, serializeBroadcasting } from "./channel.js";
export { Subscriptions } from "./subscriptions.js";
export type { CableSocket, CableServerCore } from "./socket.js";
export { actionCableServer, setActionCableServer, type Broadcaster, type Coder } from "./global.js";
export { actionCableRemoteConnections, type RemoteConnections, type RemoteConnection } from "./remote-connections.js";
export {
  AsyncAdapter, InlineAdapter, TestAdapter, SubscriberMap, withChannelPrefix, post,
  type SubscriptionAdapter, type MessageCallback,
} from "./pubsub.js";
export { adapterFor, workerCount } from "./adapters.js";
export { RedisAdapter, RedisCannotConnectError, redisConfigFrom, type RedisConfig } from "./redis.js";
export { runCallbacks, setCallback, type CallbackFn, type CallbackOptions } from "./callbacks.js";
