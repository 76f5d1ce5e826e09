// Where the app finds what lives next to it on disk. An emitted project: its own directory (public/ beside dist/,
// storage/ and tmp/ under it). A single executable (runtime/sea/) sets these before the app module evaluates:
// public/ unpacked from the executable, and the working directory as the project root.
export interface AppHost {
  /** Replaces the emitted app's `publicDir`. */
  publicDir: string | null;
  /** Where storage/ (the default database) and tmp/ (the local secret) go; default: publicDir's parent. */
  root: string | null;
}

export const appHost: AppHost = { publicDir: null, root: null };

/** Rails.root of the running app: the directory createApp settled on (the app's own files the compiler copied
 * beside dist/, e.g. `Rails.root.join("app/assets/images/x.svg")`, are found under it). */
export const railsRoot: { path: string | null } = { path: null };
