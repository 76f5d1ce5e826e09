// ActionCable::RemoteConnections: the connections identified so, wherever they are (a disconnect is a broadcast
// on the connection's internal channel, which every server relays to its socket).
//   ActionCable.server.remote_connections.where(current_user: u).disconnect(reconnect: false)
//     -> actionCableRemoteConnections().where({ current_user: u }).disconnect({ reconnect: false })
import { NoMethodError } from "../ruby/exceptions.js";
import { isPlainObject } from "../ruby/ruby.js";
import { rubyClassName } from "../active-support/core-ext/core-object.js";
import { actionCableServer } from "./global.js";

/** What a remote disconnect needs of the server (CableServer#disconnect). */
export interface Disconnecting {
  disconnect(identifiers: Record<string, unknown>, options?: { reconnect?: unknown }): void;
  /** Raises InvalidIdentifiersError unless every identifier of the connection class is a key. */
  checkIdentifiers(identifiers: Record<string, unknown>): void;
}

export class RemoteConnections {
  constructor(private readonly server: Disconnecting) {}

  /** where(identifier): the connection those identifiers name (a Hash: Rails reads its keys). */
  where(identifiers: unknown): RemoteConnection {
    if (!isPlainObject(identifiers)) {
      throw new NoMethodError(`undefined method \`keys' for ${identifiers === null || identifiers === undefined ? "nil" : `an instance of ${rubyClassName(identifiers)}`}`);
    }
    // (Rails checks them here, in RemoteConnection#initialize, not when disconnecting.)
    this.server.checkIdentifiers(identifiers);
    return new RemoteConnection(this.server, identifiers);
  }
}

export class RemoteConnection {
  constructor(
    private readonly server: Disconnecting,
    private readonly identifiers: Record<string, unknown>,
  ) {}

  /** disconnect(reconnect: true): the connection is told to close (and whether to reconnect). */
  disconnect(options: { reconnect?: unknown } = {}): void {
    this.server.disconnect(this.identifiers, options);
  }
}

/** `ActionCable.server.remote_connections` of the process's server (one that has none raises NoMethodError). */
export function actionCableRemoteConnections(): RemoteConnections {
  const server = actionCableServer() as Partial<Disconnecting>;
  if (typeof server.disconnect !== "function" || typeof server.checkIdentifiers !== "function") throw new NoMethodError("undefined method `remote_connections' for the Action Cable server");
  return new RemoteConnections(server as Disconnecting);
}
