// How a 500's exception is logged: Rails' backtrace cleaner puts the app's own frames in front of the log
// (app/views/posts/show.html.erb:12, not the gem that raised). Here the app's frames are the ones the source
// maps name as .rb/.erb files (`node --enable-source-maps`, the emitted `start`); the runtime's frames follow.

const FRAME = /^\s+at /;
const APP_FRAME = /\.(?:rb|erb):\d+:\d+\)?$/;

/** The error's stack with the frames in the app's .rb/.erb first; the error itself when it has none. */
export function appFramesFirst(error: unknown): unknown {
  if (!(error instanceof Error) || typeof error.stack !== "string") return error;
  const lines = error.stack.split("\n");
  const first = lines.findIndex((l) => FRAME.test(l));
  if (first < 0) return error;
  const frames = lines.slice(first);
  const app = frames.filter((l) => APP_FRAME.test(l));
  if (!app.length) return error;
  return [...lines.slice(0, first), ...app, ...frames.filter((l) => !APP_FRAME.test(l))].join("\n");
}
