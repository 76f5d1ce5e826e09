// `ActionCable.server`: the one cable server of the process, which class-level broadcasts (broadcast_to,
// Turbo's broadcast_*_to, `ActionCable.server.broadcast`) reach without holding a connection.
//   ActionCable.server.broadcast("x", { a: 1 })   -> actionCableServer().broadcast("x", { a: 1 })

/** What a broadcast needs of the server: ActionCable::Server::Broadcasting#broadcast. */
export interface Broadcaster {
  broadcast(broadcasting: unknown, message: unknown, options?: { coder?: Coder | null }): void;
}

/** A message coder (ActiveSupport::JSON by default); `coder: null` sends strings as they are. */
export interface Coder {
  encode(value: unknown): string;
  decode(text: string): unknown;
}

let server: Broadcaster | null = null;

/** Makes `server` ActionCable.server (the cable server does this when created, unless told not to). */
export function setActionCableServer(next: Broadcaster | null): void {
  server = next;
}

/** ActionCable.server. */
export function actionCableServer(): Broadcaster {
  if (!server) throw new Error("No Action Cable server: create one with createCableServer before broadcasting");
  return server;
}
