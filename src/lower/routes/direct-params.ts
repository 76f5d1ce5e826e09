// A `direct` route's block parameters typed by what every call of its helpers passes (call-sites.ts):
//   direct :fresh_user_avatar do |user, options|        <%= image_tag fresh_user_avatar_path(member) %>  (member: a User)
//     route_for :user_avatar, user.avatar_token, ...     user: User, so user.avatar_token is direct
// Every call of `<name>_path` / `<name>_url` written in the app must have been lowered and recorded (receiver-less,
// or on Rails.application.routes.url_helpers); one on any other receiver (`main_app.x_path`, `helpers.x_path`) or
// the helper named by a Symbol leaves the parameters untyped.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { allSeen, joinedTypes, noteCall, positionalParams, recordedSites, siteKey } from "../call-sites.js";
import type { RType } from "../types.js";
import type { DirectRoute } from "./draw.js";

const key = (name: string) => `direct:${name}`;

/** Records one lowered call of a direct route's helper (`name`: the route's name, without _path/_url). */
export function noteDirectCall(app: AppModel, name: string, call: NodeOf<"call">, types: RType[]): void {
  noteCall(app, key(name), call, types);
}

/** The block parameters' types of each direct route, where every written call of its helpers was recorded and agrees. */
export function directParamTypes(app: AppModel, d: DirectRoute, isUrlHelpers: (n: Node) => boolean): RType[] {
  const helpers = new Set([`${d.name}_path`, `${d.name}_url`]);
  const files: Array<{ body: Node[] }> = [
    ...app.parsed.models, ...app.parsed.controllers, ...app.parsed.helpers, ...app.parsed.channels, ...app.parsed.lib, ...app.parsed.config,
    ...app.templates.values(), ...(app.parsed.seeds ? [app.parsed.seeds] : []), ...app.parsed.tests, ...(app.parsed.routes ? [app.parsed.routes] : []),
  ];
  const written = new Set<string>();
  let escaped = false;
  for (const f of files) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind === "sym" && helpers.has(n.name)) escaped = true;
        if (n.kind !== "call" || !helpers.has(n.method)) return;
        if (n.receiver === null || isUrlHelpers(n.receiver)) written.add(siteKey(n.span));
        else escaped = true;
      });
    }
  }
  const sites = recordedSites(app, key(d.name));
  if (escaped || !written.size || !sites || !allSeen(app, [key(d.name)], written)) return [];
  return joinedTypes(sites, positionalParams({ params: d.block.params }));
}
