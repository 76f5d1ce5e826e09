// ActionDispatch::Routing::PolymorphicRoutes: records and arrays of records -> a named route.
//   post (persisted)          post_path(post)
//   Post.new                  posts_path
//   [post, comment]           post_comment_path(post, comment)
//   [post, Comment.new]       post_comments_path(post)
//   "admin" / :admin in arrays   admin_..._path
//   action: "edit" / "new"       edit_post_path(post) / new_post_comment_path(post)   (new: the last class singular)
import type { Router, UrlOptions } from "./router.js";
import type { HostOptions } from "./url.js";
import { isModelClass, isViewRecord } from "../active-model/host.js";

/** HelperMethodBuilder's route name and arguments; an action ("edit", "new") prefixes the name. */
export function polymorphicName(target: unknown, action: string | null = null): { name: string; args: unknown[] } {
  // One persisted record (link_to "Show", record): its singular route key, the record the argument (as below).
  if (!Array.isArray(target) && isViewRecord(target) && target.isPersisted()) {
    const key = target.modelName.singularRouteKey;
    return { name: action ? `${action}_${key}` : key, args: [target] };
  }
  const list = Array.isArray(target) ? target.filter((x) => x !== null && x !== undefined) : [target];
  const names: string[] = [];
  const args: unknown[] = [];
  list.forEach((item, i) => {
    const last = i === list.length - 1;
    if (typeof item === "string") names.push(item);
    else if (isViewRecord(item)) {
      if (item.isPersisted()) {
        names.push(item.modelName.singularRouteKey);
        args.push(item);
      } else names.push(last && action !== "new" ? item.modelName.routeKey : item.modelName.singularRouteKey);
    } else if (isModelClass(item)) names.push(action === "new" ? item.modelName.singularRouteKey : item.modelName.routeKey);
    else throw new Error(`polymorphic route for ${String(item)} is not supported`);
  });
  return { name: (action ? `${action}_` : "") + names.join("_"), args };
}

export function polymorphicUrl(router: Router, target: unknown, kind: "path" | "url", options: UrlOptions, host: HostOptions, recall: Record<string, unknown>, action: string | null = null): string {
  if (kind === "path") return polymorphicPathOf(router, target, options, recall, action);
  const { name, args } = polymorphicName(target, action);
  return router.urlFor(name, args, { ...host, ...options }, recall);
}

/** polymorphicUrl's path: no host is read (a view's url_for(record) asks for none). */
export function polymorphicPathOf(router: Router, target: unknown, options: UrlOptions, recall: Record<string, unknown>, action: string | null = null): string {
  const { name, args } = polymorphicName(target, action);
  return router.pathFor(name, args, options, recall);
}
