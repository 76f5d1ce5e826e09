// What is benchmarked per fixture: GETs that leave the database as they found it once a lane is warm, so every
// round sees the same data and rounds are comparable. The Host header is the fixture scenario's, so absolute
// URLs in pages are the recorded bytes. An app with `signIn` is measured signed in: each lane signs in once
// (lib/sign-in.js) and wrk sends that lane's cookies with every request.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const APPS = {
  blog: {
    dir: "fixtures/blog",
    paths: [
      "/articles", // index: the layout, a collection partial, CSRF meta tags; 1 query
      "/articles/1", // show: a record, its comments through the association, a nested comment form
      "/articles.json", // jbuilder index: partials per record, URL helpers, JSON encoding
      "/articles/1/comments", // nested resource: parent lookup then its children
    ],
    signIn: null,
    // The write lane (lib/writes.js): a new article from the scaffold's form, answered by the redirect to it.
    writes: {
      formPage: "/articles/new",
      action: "/articles",
      fields: (i) => ({ "article[title]": `Bench article ${i}`, "article[body]": "A body long enough to pass the length validation." }),
      okStatus: 302,
      table: "articles",
    },
    // The issue's targets: the blog index at least 15x Rails' best lane, 25x less CPU per request than Rails 1x5.
    targets: [{ path: "/articles", vsBestRails: 15, cpuVsRails1x5: 25, ofSqlCeiling: 0.5 }],
    compileTargetMs: 500,
  },
  chat: {
    dir: "fixtures/chat",
    paths: [
      "/rooms/1", // the room page: layout, cached room list, last page of cached messages, composer form
      "/rooms/1/messages", // the messages fragment (layout false): the same cached collection, fresh_when
    ],
    // A seeded user (fixtures/chat/db/seeds.rb): alice is a member of every seeded room.
    signIn: { email: "alice@example.com", password: "alice-password-1", cookie: "session_token" },
    targets: [{ path: "/rooms/1", vsBestRails: 10, cpuVsRails1x5: 20, ofCeiling: 0.6, ofSqlCeiling: 0.5 }],
    // The write lane: a message from the room page's composer, answered with its Turbo Stream (as Turbo submits it).
    writes: {
      formPage: "/rooms/1",
      action: "/rooms/1/messages",
      fields: (i) => ({ "message[body]": `bench message ${i}` }),
      accept: "text/vnd.turbo-stream.html, text/html, application/xhtml+xml",
      okStatus: 200,
      table: "messages",
    },
    // The sockets lane (lib/sockets.js): the channel a room page subscribes to, the composer form's post.
    sockets: {
      channel: "RoomChannel",
      roomParam: "room_id",
      pagePath: (id) => `/rooms/${id}`,
      postPath: (id) => `/rooms/${id}/messages`,
      bodyField: "message[body]",
    },
    // What one request does, for the report (from the controllers; the SQL counts per lane are measured).
    requestNotes: {
      "/rooms/1":
        "authenticates by the signed session_token cookie (Session by token, its user; Session#resume writes only when " +
        "last_active_at is over an hour old: not during a run) and re-sets that cookie; finds the membership and room; " +
        "loads the last page of messages with their creators; renders the room list (cached collection, key [room, " +
        "user]) and the messages (cached collection of `cache [message, \"presentation-v2\"]` fragments with nested " +
        "boost fragments). `@membership.read if @membership.unread?` is a write (UPDATE memberships) only while the " +
        "membership is unread: the seeds leave alice's unread, so each lane's first room request (in the counting pass " +
        "or the warm-up) writes once and every timed request after it only reads.",
      "/rooms/1/messages":
        "authenticates as above, finds the membership and room (RoomScoped), loads the last page of messages with " +
        "creators, `fresh_when @messages` (an ETag; wrk sends no If-None-Match, so always 200), renders the cached " +
        "message collection without a layout. No write.",
    },
  },

  // ONCE Campfire itself (lib/campfire.js: from RAILS2TS_CAMPFIRE / --campfire and its gem directory, never in this
  // repository), the fixtures database of its Campfire lane, signed in as the fixture user david, as the recorded
  // reference (../shared/campfire/README.md) was. The Designers room's page, the seeds' headline, and its messages.
  campfire: {
    external: true,
    host: "127.0.0.1:3000",
    paths: [
      "/rooms/654632876", // the Designers room: layout, sidebar of rooms (cached), the last page of messages (cached), composer
      "/rooms/654632876/messages", // the messages page of the same room (layout false)
    ],
    signIn: { email: "david@37signals.com", password: "secret123456", cookie: "session_token" },
    // The targets: 20x less CPU per request than Rails 1x5 and half the SQL-inclusive ceiling; against
    // Campfire's own Puma (1x5 and Nx5) the ratios are stated, with no target.
    targets: [{ path: "/rooms/654632876", cpuVsRails1x5: 20, ofSqlCeiling: 0.5 }],
    compileTargetMs: 2000,
    // production.rb: assume_ssl and force_ssl unless DISABLE_SSL is set; the bench serves plain HTTP on both sides.
    // config/initializers/sentry.rb runs Sentry.init in production unless SKIP_TELEMETRY is set: the emitted app
    // declines it (it raises at boot), and the bench reports to no Sentry, so both sides skip it.
    appEnv: { DISABLE_SSL: "1", SKIP_TELEMETRY: "1" },
    requestNotes: {
      "/rooms/654632876":
        "authenticates by the signed session_token cookie, finds the room among Current.user.rooms, remembers it in the " +
        "last_room cookie, loads the last page of messages with their creators (`messages.with_creator.last_page`) and " +
        "renders the layout, the sidebar and the messages with their fragment caches; Rack::Deflater adds Vary.",
      "/rooms/654632876/messages":
        "authenticates as above, finds the room, loads the last page of messages, `fresh_when @messages` (an ETag; wrk " +
        "sends no If-None-Match, so always 200), renders the messages without a layout.",
    },
  },
};

export function scenarioHost(appDir) {
  return JSON.parse(readFileSync(join(appDir, "scenarios.json"), "utf8")).host;
}

/**
 * How many fragment-cache sites (`cache`, `cache_if`, `cache_unless`, `render ... cached: true`/`cached: ->`)
 * the app's views have, by a plain scan of ERB code tags: enough to say "none" truthfully, and to flag when
 * caching enters the numbers.
 */
export function cacheSites(appDir) {
  const views = join(appDir, "app", "views");
  let count = 0;
  for (const file of readdirSync(views, { recursive: true })) {
    if (!String(file).endsWith(".erb")) continue;
    const text = readFileSync(join(views, String(file)), "utf8");
    for (const tag of text.match(/<%[^%]*%>/g) ?? []) if (/(^|[\s(=])cache(_if|_unless)?[\s(]|\bcached:\s*(true|->|lambda)/.test(tag.slice(2))) count++;
  }
  return count;
}
