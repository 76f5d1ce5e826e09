// The recorded vector files (../shared/rails/vectors): their headers and vectors, as the suite reads them.
import { readFileSync } from "node:fs";

export interface Vector {
  group: string;
  call: string;
  output: string;
  html_safe: boolean;
  output_class?: string;
  /** "erb" (the call is a template), "view" / "ruby" / "broadcast" (turbo file); absent: a view call. */
  kind?: string;
  normalized?: boolean;
  broadcasting?: string;
  wire_payload?: string;
  /** How many broadcasts the call made, where that is what the vector checks. */
  broadcasts?: number;
}

export interface VectorHeader {
  load_defaults: string;
  frozen_time: string;
  secret_key_base: string;
  routes: string;
  /** "none (...)" when no asset pipeline was loaded: asset paths resolve to /images, /javascripts... */
  asset_pipeline?: string;
  setup: string;
  /** GlobalID.app of the recording (turbo). */
  global_id_app?: string;
  /** Partials the turbo calls render (path under the app root -> ERB source). */
  view_files?: Record<string, string>;
  /** The gems the recording loaded, with their versions (actionview file). */
  gems?: Record<string, string>;
  /** How Action Cable ran in the recording (turbo file; it loads Action Cable, its broadcasts are captured). */
  action_cable?: string;
}

export interface VectorFile {
  name: string;
  header: VectorHeader;
  vectors: Vector[];
}

export interface RecordedError {
  group: string;
  call: string;
  kind?: string;
  error_class: string;
  message: string;
}

const DIR = new URL("../../../shared/rails/vectors/", import.meta.url);

/** A vector file by name, from ../shared/rails/vectors unless `dir` says (a directory URL ending in "/"). */
export function loadVectorFile(name: string, dir: URL = DIR): VectorFile {
  const json = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8")) as VectorHeader & { vectors: Vector[] };
  const { vectors, ...header } = json;
  return { name, header, vectors };
}

export function loadRecordedErrors(name: string, dir: URL = DIR): RecordedError[] {
  return (JSON.parse(readFileSync(new URL(`${name}.errors.json`, dir), "utf8")) as { errors: RecordedError[] }).errors;
}

export const VECTOR_FILES = ["actionview-7.2.4", "actionview-7.2.4-defaults-7.0", "turbo-rails-2.0.0"] as const;
