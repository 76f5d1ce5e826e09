// Rails::Application#config_for (railties 7.2): a YAML file's entry for the running environment.
//   config_for(:cable)   ERB rendered, YAML loaded (aliases and `<<:` merges as Psych does), keys symbolized,
//                        `shared:` deep-merged under the environment's entry; nil when neither is there.
// Keys come back as JS object keys (Ruby's symbols); values keep the YAML's typing.
import { loadYaml } from "../active-record/fixtures/yaml.js";

export type ConfigEntry = Record<string, unknown>;

export function configFor(yamlText: string, env: string, file: string): unknown {
  const all = toObject(loadYaml(yamlText, file) ?? new Map());
  if (!isEntry(all)) throw new Error(`rails2ts: ${file} is not a mapping of environments`);
  let config = all[env];
  const shared = all.shared;
  if (shared !== undefined) {
    if ((config === undefined || config === null) && isEntry(shared)) config = {};
    if (isEntry(config) && isEntry(shared)) config = deepMerge(shared, config);
    else if (config === undefined || config === null) config = shared;
  }
  return config ?? null;
}

function isEntry(value: unknown): value is ConfigEntry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** deep_symbolize_keys over Psych's Hashes (Maps): nested Hashes become objects keyed by name. */
function toObject(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), toObject(v)]));
  if (Array.isArray(value)) return value.map(toObject);
  return value;
}

/** Hash#deep_merge: the right side wins; nested Hashes merge. */
function deepMerge(left: ConfigEntry, right: ConfigEntry): ConfigEntry {
  const out: ConfigEntry = { ...left };
  for (const [k, v] of Object.entries(right)) out[k] = isEntry(out[k]) && isEntry(v) ? deepMerge(out[k] as ConfigEntry, v) : v;
  return out;
}
