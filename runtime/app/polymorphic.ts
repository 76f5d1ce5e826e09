// ActionDispatch::Routing::PolymorphicRoutes: records and arrays of records -> a named route.
//   post (persisted)          post_path(post)
//   Post.new                  posts_path
//   [post, comment]           post_comment_path(post, comment)
//   [post, Comment.new]       post_comments_path(post)
//   "admin" / :admin in arrays   admin_..._path
import type { Router, UrlOptions } from "../http/router.js";
import type { HostOptions } from "../http/url.js";
import { isModelClass, isViewRecord } from "../view/host.js";

export function polymorphicName(target: unknown): { name: string; args: unknown[] } {
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
      } else names.push(last ? item.modelName.routeKey : item.modelName.singularRouteKey);
    } else if (isModelClass(item)) names.push(item.modelName.routeKey);
    else throw new Error(`polymorphic route for ${String(item)} is not supported`);
  });
  return { name: names.join("_"), args };
}

export function polymorphicUrl(router: Router, target: unknown, kind: "path" | "url", options: UrlOptions, host: HostOptions, recall: Record<string, unknown>): string {
  const { name, args } = polymorphicName(target);
  return kind === "path" ? router.pathFor(name, args, options, recall) : router.urlFor(name, args, { ...host, ...options }, recall);
}
