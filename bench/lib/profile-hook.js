// Preloaded (--import) into a server the quick bench profiles: V8's sampling profiler from the start, written to
// $RAILS2TS_PROFILE_DIR/<pid>.cpuprofile when the SIGTERM that stops the server arrives (--cpu-prof itself is not
// allowed in NODE_OPTIONS). Open it in Chrome's DevTools or speedscope.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const dir = process.env.RAILS2TS_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 200 });
  // RAILS2TS_PROFILE_ON_SIGNAL=1: start at the first SIGWINCH instead (bench/ab.js sends it after boot, the sign-in
  // and the warm-up, so the profile holds the measured requests alone).
  if (process.env.RAILS2TS_PROFILE_ON_SIGNAL) process.once("SIGWINCH", () => session.post("Profiler.start"));
  else session.post("Profiler.start");
  process.on("SIGTERM", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      }
      process.exit(0);
    });
  });
}
