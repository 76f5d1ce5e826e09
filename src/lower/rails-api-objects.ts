// Rails' and Ruby's objects an app's code reaches through Rails' own API, typed as the runtime classes that
// implement them (runtime-objects.ts calls their members directly, as send would find them):
//   Rails.root.join("storage", dir).mkpath     RailsModule.root().join("storage", dir).mkpath()   (Pathname)
//   path.exist?                                path.isExist()
//   Rails.env.production?                      RailsModule.env().isProduction()   (ActiveSupport::EnvironmentInquirer)
//   ActionCable.server.remote_connections.where(current_user: u).disconnect(reconnect: false)
//       actionCableRemoteConnections().where({ current_user: u }).disconnect({ reconnect: false })
//   Message.connection                         Message.connection   (the database connection, a static getter of Base)
import { Pathname } from "../../runtime/ruby/pathname.js";
import { EnvironmentInquirer } from "../../runtime/active-support/environment-inquirer.js";
import { RemoteConnection, RemoteConnections } from "../../runtime/action-cable/remote-connections.js";
import { Connection } from "../../runtime/active-record/connection/connection.js";
import type { RuntimeObject } from "./runtime-objects.js";
import { BOOL, STRING, type RType } from "./types.js";

export const PATHNAME: RType = { k: "runtime", cls: "pathname" };
export const ENVIRONMENT: RType = { k: "runtime", cls: "environment" };
export const REMOTE_CONNECTIONS: RType = { k: "runtime", cls: "remoteConnections" };
export const DB_CONNECTION: RType = { k: "runtime", cls: "dbConnection" };

export const RAILS_API_OBJECTS: Record<string, RuntimeObject> = {
  // Ruby's Pathname (what Rails.root answers): join answers another; its methods take whatever Ruby passes.
  pathname: {
    members: Pathname.prototype, anyArgs: true,
    results: { join: PATHNAME, basename: PATHNAME, dirname: PATHNAME, extname: STRING, read: STRING, "exist?": BOOL, "file?": BOOL },
  },
  // Rails.env: its own development?/test?/production?/local? (another `name?` is StringInquirer's, by name).
  environment: {
    members: EnvironmentInquirer.prototype,
    results: { "development?": BOOL, "test?": BOOL, "production?": BOOL, "local?": BOOL },
  },
  // ActionCable.server.remote_connections (ActionCable::RemoteConnections): where(identifiers) names a connection,
  // whose disconnect(reconnect:) is told to it; each takes what Ruby passes (a Hash, keywords).
  remoteConnections: { members: RemoteConnections.prototype, anyArgs: true, results: { where: { k: "runtime", cls: "remoteConnection" } } },
  remoteConnection: { members: RemoteConnection.prototype, anyArgs: true },
  // Model.connection (the database connection): its methods as the runtime types them (execute takes SQL, a String).
  dbConnection: { members: Connection.prototype },
};
