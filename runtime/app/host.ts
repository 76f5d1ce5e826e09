// Where the app finds what lives next to it on disk. An emitted project: its own directory (public/ beside dist/,
// storage/ and tmp/ under it) and better-sqlite3's addon from node_modules. A single executable (runtime/sea/)
// sets these before the app module evaluates: public/ unpacked from the executable, the working directory as the
// project root, and the addon it loaded itself (inside an executable, require loads built-in modules only).
export interface AppHost {
  /** Replaces the emitted app's `publicDir`. */
  publicDir: string | null;
  /** Where storage/ (the default database) and tmp/ (the local secret) go; default: publicDir's parent. */
  root: string | null;
  /** better-sqlite3's `nativeBinding` option: the addon's exports. */
  sqliteBinding: object | null;
}

export const appHost: AppHost = { publicDir: null, root: null, sqliteBinding: null };
