// The V8 flags the emitted server runs with, wherever rails2ts starts it (`npm start` in the emitted project,
// bootEmitted for conformance, the bench and the tests); `node dist/server.js` by hand runs without them.
//   --max-semi-space-size=2   a 2 MB young generation (V8's default grows it to 16 MB): a page's garbage is
//                             short-lived, so a small nursery is scavenged often and cheaply. Measured on the chat
//                             room page under wrk (3 interleaved runs each): RSS 120-123 -> 95-98 MB, CPU per
//                             request not higher (1.94-2.44 ms against 2.39-2.89 ms on a busy machine).
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2"];
