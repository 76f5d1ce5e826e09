// The route table as Rails holds it after drawing config/routes.rb (ActionDispatch::Journey::Route): the
// compiler's route expansion produces it, the runtime router matches and generates paths from it.

/** One drawn route, in the order `bin/rails routes` prints them. */
export interface RouteEntry {
  /** The named-route name (`post_comments`), null where Rails gives none (a later route reusing a name). */
  name: string | null;
  /** `GET`, `POST`, ... or `GET|POST` for a `via:` list, `""` for `via: :all`, as Journey's Route#verb. */
  verb: string;
  /** The Journey path spec, e.g. `/posts/:post_id/comments(.:format)`. */
  path: string;
  controller: string;
  action: string;
  /** Route defaults other than controller/action (e.g. `format` of `format: "xml"`). */
  defaults: Record<string, string>;
  /** Regexp sources constraining path segments (`locale: "en|fr"`; a glob gets `.+?`). */
  requirements: Record<string, string>;
}
