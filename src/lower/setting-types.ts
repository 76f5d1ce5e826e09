// The app's own settings (analyze/app-model.ts customConfig) typed by what every assignment of them makes:
//   config.x.web_push_pool = WebPush::Pool.new(...)     (in an initializer, and again in test_helper.rb)
//   Rails.configuration.x.web_push_pool.queue(...)      (the setting: a WebPush::Pool, its queue called directly)
// Only where every write of the setting's name written anywhere in the app's Ruby (its tests too) is `X.new(...)` of
// one plain class of the app (one that defines no `self.new` of its own): a write by index (`config.x[:name] =`),
// by a Symbol (`send(:"name=")`) or of any other value leaves it untyped.
import type { AppModel } from "../analyze/app-model.js";
import { constPath } from "../analyze/constants.js";
import { walk, type Node } from "../parse/ir.js";
import { plainClassFacts } from "./core/plain-calls.js";
import { UNKNOWN, type RType } from "./types.js";

const cache = new WeakMap<AppModel, Map<string, RType>>();

/** The type of the setting keyed `Rails.application.config.x.a.b` (its value made where it is set). */
export function settingType(app: AppModel, setting: string): RType {
  let known = cache.get(app);
  if (!known) cache.set(app, (known = new Map()));
  let t = known.get(setting);
  if (!t) known.set(setting, (t = computeSettingType(app, setting)));
  return t;
}

function computeSettingType(app: AppModel, setting: string): RType {
  const name = setting.slice(setting.lastIndexOf(".") + 1);
  const writer = `${name}=`;
  const files: Array<{ body: Node[] }> = [
    ...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config,
    ...app.templates.values(), ...(app.parsed.seeds ? [app.parsed.seeds] : []), ...app.parsed.tests,
  ];
  const made = new Set<string>();
  let opaque = false;
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "call" && n.method === writer) {
          const value = n.args.length === 1 ? n.args[0]! : null;
          const cls = value?.kind === "call" && value.method === "new" && value.receiver ? constPath(value.receiver) : null;
          if (cls === null) opaque = true;
          else made.add(cls);
        }
        // `config.x[:name] = v`, `send(:"name=", v)`, `public_send("name=")`: written in ways not followed here.
        if ((n.kind === "sym" && (n.name === name || n.name === writer)) || (n.kind === "str" && n.parts.length === 1 && (n.parts[0] === name || n.parts[0] === writer))) opaque = true;
      });
    }
  }
  const [cls] = made;
  if (opaque || made.size !== 1 || !cls) return UNKNOWN;
  const facts = plainClassFacts(app, cls);
  return facts && !facts.classMethods.has("new") ? { k: "model", model: cls } : UNKNOWN;
}
