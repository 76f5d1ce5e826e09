// Booting the app from a single executable (Node's SEA): the manifest, the embedded files and the SQLite binding.
export type { SeaManifest } from "./boot.js";
