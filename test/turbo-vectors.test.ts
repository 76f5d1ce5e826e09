// The 250 turbo-rails 2.0.0 vectors (../shared/rails/vectors/turbo-rails-2.0.0.json, recorded from real Rails with
// the gem at Campfire's lock) through runtime/view's turbo helpers and runtime/cable's stream names and broadcasts.
// Each Ruby call is evaluated by test/view-ruby-eval.ts; the table below maps every Ruby method it meets to the
// runtime call the compiler emits. Outputs, html_safe flags, broadcasting names and the JSON sent to subscribers
// must match byte for byte; KNOWN_GAPS lists the few vectors with no runtime counterpart, and why.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Evaluator, flat, SELF, type Call, type Dispatch } from "./view-ruby-eval.js";
import * as V from "../runtime/app/view-namespace.js";
import { inspect, isPlainObject, toS } from "../runtime/ruby/ruby.js";
import { FakeRecord, type FakeModelClass } from "./view-vector-context.js";
import {
  globalIdConfig, locateGlobalId, parseGlobalId, toGidParam, toGlobalId, type ParsedGlobalId,
} from "../runtime/gems/globalid/global-id.js";
import {
  configureSignedStreamVerifier, signedStreamName, signedStreamVerifierKey, signStreamValue, streamNameFrom,
  verifiedStreamName,
} from "../runtime/gems/turbo-rails/stream-name.js";
import { TurboStreamsChannel, turboBroadcastConfig } from "../runtime/gems/turbo-rails/streams-channel.js";
import * as B from "../runtime/gems/turbo-rails/broadcastable.js";
import { setActionCableServer } from "../runtime/action-cable/global.js";
import { TestAdapter } from "../runtime/action-cable/pubsub.js";
import { toJson } from "../runtime/active-support/json-encode.js";
import { rubyToTs } from "../runtime/ruby/names.js";
import { assigns, find, MODELS, SECRET_KEY_BASE, TestView } from "./fixtures/cable/turbo-context.js";

interface Vector {
  group: string;
  kind: string;
  call: string;
  output: string;
  html_safe: boolean;
  output_class?: string;
  broadcasting?: string;
  wire_payload?: string;
  broadcasts?: number;
}

const FILE = new URL("../../shared/rails/vectors/turbo-rails-2.0.0.json", import.meta.url);
const spec = JSON.parse(readFileSync(FILE, "utf8")) as { vectors: Vector[]; secret_key_base: string; global_id_app: string };
const errors = JSON.parse(readFileSync(new URL("turbo-rails-2.0.0.errors.json", FILE), "utf8")) as { errors: (Vector & { message: string })[] };

/** Vectors that inspect Ruby objects the runtime has no counterpart for. */
const KNOWN_GAPS: Record<string, string> = {
  "@message.to_signed_global_id.class.name": "SignedGlobalID is not implemented (nothing in Turbo or Action Cable needs it)",
  "ActiveSupport::KeyGenerator.hash_digest_class.name": "Ruby class introspection; the key it yields is checked by Turbo.signed_stream_verifier_key",
  "ApplicationController.renderer.defaults.inspect": "Ruby inspection of the renderer's env; its effect (example.org URLs) is checked by every broadcast",
};

const TAG = Symbol("tag builder");
const STREAMS_CHANNEL = TurboStreamsChannel;
const TURBO = Symbol("Turbo");
const VERIFIER = Symbol("Turbo.signed_stream_verifier");
const TAG_BUILDER = Symbol("Turbo::Streams::TagBuilder");
const GLOBAL_ID = Symbol("GlobalID");
const LOCATOR = Symbol("GlobalID::Locator");
const APPLICATION_CONTROLLER = Symbol("ApplicationController");

type Fn = (c: Call, view: TestView) => unknown;
const route = (name: string): Fn => (c, v) => v.routePath(name, flat(c));

/** Receiver-less Ruby calls -> the runtime. */
const HELPERS: Record<string, Fn> = {
  turbo_frame_tag: (c, v) => V.turboFrameTag(v, ...flat(c)),
  turbo_stream_from: (c) => V.turboStreamFrom(...flat(c)),
  turbo_stream: (_c, v) => V.turboStream(v),
  turbo_stream_action_tag: (c) => V.turboStreamActionTag(c.args[0], c.kwargs ?? {}),
  turbo_stream_refresh_tag: (c) => V.turboStreamRefreshTag(c.kwargs ?? {}),
  turbo_exempts_page_from_cache_tag: () => V.turboExemptsPageFromCacheTag(),
  turbo_exempts_page_from_preview_tag: () => V.turboExemptsPageFromPreviewTag(),
  turbo_page_requires_reload_tag: () => V.turboPageRequiresReloadTag(),
  turbo_refresh_method_tag: (c) => V.turboRefreshMethodTag(...c.args),
  turbo_refresh_scroll_tag: (c) => V.turboRefreshScrollTag(...c.args),
  turbo_exempts_page_from_cache: (_c, v) => V.turboExemptsPageFromCache(v),
  turbo_exempts_page_from_preview: (_c, v) => V.turboExemptsPageFromPreview(v),
  turbo_page_requires_reload: (_c, v) => V.turboPageRequiresReload(v),
  turbo_refreshes_with: (c, v) => V.turboRefreshesWith(v, c.kwargs ?? {}),
  turbo_include_tags: (_c, v) => V.turboIncludeTags(v),
  content_for: (c, v) => v.contentFor(c.args[0]),
  tag: () => TAG,
  safe_join: (c) => V.safeJoin(...(flat(c) as [unknown[], unknown])),
  room_path: route("room"),
  room_messages_path: route("room_messages"),
  edit_room_message_path: route("edit_room_message"),
};

const CONSTANTS: Record<string, unknown> = {
  "Turbo::StreamsChannel": STREAMS_CHANNEL, Turbo: TURBO, "Turbo::Streams::TagBuilder": TAG_BUILDER,
  GlobalID: GLOBAL_ID, "GlobalID::Locator": LOCATOR, ApplicationController: APPLICATION_CONTROLLER, ...MODELS,
};

/** Turbo::StreamsChannel's class methods (its broadcasts are the `broadcast*` names, camelCased). */
function streamsChannel(name: string, c: Call): unknown {
  if (name === "signed_stream_name") return signedStreamName(c.args[0]);
  if (name === "verified_stream_name") return verifiedStreamName(c.args[0]);
  if (name === "send" && c.args[0] === "stream_name_from") return streamNameFrom(c.args[1]);
  const method = (TurboStreamsChannel as unknown as Record<string, unknown>)[rubyToTs(name)];
  if (typeof method !== "function") throw new Error(`undefined method '${name}' for class Turbo::StreamsChannel`);
  return method.apply(TurboStreamsChannel, flat(c));
}

function record(r: FakeRecord, name: string, c: Call): unknown {
  if (name === "to_gid_param") return toGidParam(r);
  if (name === "to_global_id") return toGlobalId(r);
  if (c.args.length === 0 && r.klass.attributeNames.includes(name)) return r.readAttribute(name);
  throw new Error(`undefined method '${name}' for ${r.modelName.name}`);
}

function method(recv: unknown, name: string, c: Call, view: TestView): unknown {
  if (recv === TAG) return V.tagElement(name, ...flat(c));
  if (recv === STREAMS_CHANNEL) return streamsChannel(name, c);
  if (recv === TURBO && name === "with_request_id") return V.withRequestId(c.args[0] as string, c.block!);
  if (recv === TURBO && name === "signed_stream_verifier") return VERIFIER;
  if (recv === TURBO && name === "signed_stream_verifier_key") return signedStreamVerifierKey();
  if (recv === VERIFIER && name === "generate") return signStreamValue(c.args[0]);
  if (recv === TAG_BUILDER && name === "new" && c.args[0] === SELF) return new V.TurboStreamTagBuilder(view);
  if (recv === GLOBAL_ID && name === "app") return globalIdConfig.app;
  if (recv === GLOBAL_ID && name === "parse") return parseGlobalId(c.args[0] as string);
  if (recv === LOCATOR && name === "locate") return locateGlobalId(c.args[0] as string);
  if (recv === APPLICATION_CONTROLLER && name === "render") return turboBroadcastConfig.render!(c.kwargs ?? {});
  if (recv instanceof V.TurboStreamTagBuilder) return (recv as unknown as Record<string, (...a: unknown[]) => unknown>)[rubyToTs(name)]!(...flat(c));
  if (recv instanceof FakeRecord) return record(recv, name, c);
  if (isModel(recv) && name === "new") return recv.build(c.kwargs ?? {});
  if (Buffer.isBuffer(recv) && name === "unpack1" && c.args[0] === "H*") return recv.toString("hex");
  if (Buffer.isBuffer(recv) && name === "bytesize") return recv.length;
  if (recv !== null && typeof recv === "object" && "modelName" in recv && name === "model_name") return (recv as ParsedGlobalId).modelName;
  if (typeof recv === "string" && name === "length") return [...recv].length;
  if (typeof recv === "string" && name === "html_safe") return V.htmlSafe(recv);
  if (typeof recv === "string" && name === "to_s") return recv;
  if (recv instanceof V.SafeString && name === "+") return recv.concat(c.args[0]);
  throw new Error(`no mapping for ${toS(recv)}.${name}`);
}

function isModel(v: unknown): v is FakeModelClass {
  return Object.values(MODELS).includes(v as FakeModelClass);
}

function dispatch(view: TestView, ivars: Record<string, unknown>): Dispatch {
  return {
    helper: (name, c) => {
      const fn = HELPERS[name];
      if (!fn) throw new Error(`no mapping for helper ${name}`);
      return fn(c, view);
    },
    method: (recv, name, c) => method(recv, name, c, view),
    constant: (path) => {
      if (!(path in CONSTANTS)) throw new Error(`uninitialized constant ${path}`);
      return CONSTANTS[path];
    },
    ivar: (name) => ivars[name] ?? null,
  };
}

/** The value as the recorder printed it: strings as-is, other classes inspected; html_safe as Ruby answers it. */
function printed(v: unknown, outputClass?: string): { output: string; htmlSafe: boolean } {
  if (outputClass === "NilClass") return { output: v === null || v === undefined ? "nil" : inspect(v), htmlSafe: false };
  if (outputClass === "Integer") return { output: toS(v), htmlSafe: typeof v === "number" };
  return { output: toS(v), htmlSafe: V.isHtmlSafe(v) };
}

/** Broadcasts as Action Cable's server saw them (the recorder wrapped ActionCable.server.broadcast). */
let captured: { broadcasting: string; message: unknown; payload: string }[] = [];

function runVector(v: Vector): Record<string, unknown> {
  captured = [];
  const view = new TestView("test.host");
  const result = new Evaluator(dispatch(view, assigns())).run(v.call);
  if (v.kind === "broadcast" && v.broadcasts === undefined) {
    expect(captured.length, v.call).toBe(1);
    const [b] = captured;
    const out = { ...printed(b!.message), broadcasting: b!.broadcasting };
    return v.wire_payload === undefined ? out : { ...out, wire_payload: b!.payload };
  }
  const out: Record<string, unknown> = printed(result, v.output_class);
  if (v.broadcasts !== undefined) out.broadcasts = captured.length;
  return out;
}

function expectedOf(v: Vector): Record<string, unknown> {
  const e: Record<string, unknown> = { output: v.output, htmlSafe: v.html_safe };
  if (v.kind === "broadcast" && v.broadcasts === undefined) {
    e.broadcasting = v.broadcasting;
    if (v.wire_payload !== undefined) e.wire_payload = v.wire_payload;
  }
  if (v.broadcasts !== undefined) e.broadcasts = v.broadcasts;
  return e;
}

beforeAll(() => {
  expect(spec.secret_key_base).toBe(SECRET_KEY_BASE);
  configureSignedStreamVerifier({ secretKeyBase: spec.secret_key_base });
  globalIdConfig.app = spec.global_id_app;
  globalIdConfig.locate = (modelName, id) => find(modelName, id);
  const adapter = new TestAdapter();
  setActionCableServer({
    broadcast(broadcasting, message) {
      const payload = toJson(message);
      adapter.broadcast(toS(broadcasting), payload);
      captured.push({ broadcasting: toS(broadcasting), message, payload });
    },
  });
  // ApplicationController.render: the default renderer's env (http://example.org).
  turboBroadcastConfig.render = (options) => new TestView("example.org").render(options);
  turboBroadcastConfig.enqueue = (job) => void job();
});

afterAll(() => {
  setActionCableServer(null);
  turboBroadcastConfig.render = null;
});

describe("turbo-rails 2.0.0 vectors", () => {
  it("lists only gaps that are vectors", () => {
    const calls = new Set(spec.vectors.map((v) => v.call));
    expect(Object.keys(KNOWN_GAPS).filter((c) => !calls.has(c))).toEqual([]);
  });

  for (const group of [...new Set(spec.vectors.map((v) => v.group))]) {
    it(group, () => {
      const mine = spec.vectors.filter((v) => v.group === group && KNOWN_GAPS[v.call] === undefined);
      const failures = mine.flatMap((v) => {
        let actual: Record<string, unknown>;
        try {
          actual = runVector(v);
        } catch (e) {
          actual = { error: (e as Error).message };
        }
        const expected = expectedOf(v);
        return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ call: v.call, expected, actual }];
      });
      console.log(`${group}: ${mine.length - failures.length}/${mine.length} passed`);
      expect(failures).toEqual([]);
    });
  }

  it("the recorded errors are errors here too", () => {
    const outcomes = errors.errors.map((v) => {
      const view = new TestView("test.host");
      try {
        new Evaluator(dispatch(view, assigns())).run(v.call);
        return { call: v.call, raised: null };
      } catch (e) {
        return { call: v.call, raised: (e as Error).message };
      }
    });
    expect(outcomes).toEqual(errors.errors.map((v) => ({
      call: v.call,
      raised: v.error_class === "NoMethodError" ? `undefined method 'broadcast_remove_later_to' for class Turbo::StreamsChannel` : v.message,
    })));
  });
});

describe("signed stream names against Campfire's pages", () => {
  it("signs the stream of the Designers room exactly as the real page embeds it", () => {
    const pages = ["dev-room_designers.html", "test-room_designers.html"]
      .map((p) => readFileSync(new URL(`../../shared/campfire/reference/${p}`, import.meta.url), "utf8"));
    const names = pages.map((page) => [...page.matchAll(/<turbo-cable-stream-source [^>]*signed-stream-name="([^"]+)"/g)].map((m) => m[1]));
    const designers = MODELS["Rooms::Closed"]!.build({ id: 654632876 });
    const ours = signedStreamName([designers, "messages"]);
    expect(names).toEqual([[ours], [ours]]);
    expect(verifiedStreamName(ours)).toBe(`${toGidParam(designers)}:messages`);
  });

  it("verifies only what it signed", () => {
    const signed = signedStreamName(["a", ["b", null]]);
    expect(verifiedStreamName(signed)).toBe("a:b:");
    expect(verifiedStreamName(`${signed.slice(0, -1)}0`)).toBe(null);
    expect(verifiedStreamName(`x${signed}`)).toBe(null);
    // Not a String: MessageVerifier#verified raises (no valid_encoding?), as Rails' Action Cable showed when a client
    // subscribed with a number for signed_stream_name (test/fixtures/tamper/cable.json: no answer, the command failed).
    expect(() => verifiedStreamName(42)).toThrow("undefined method `valid_encoding?' for an instance of Integer");
    expect(isPlainObject(verifiedStreamName(signStreamValue({ a: 1 })))).toBe(true);
  });
});

// Turbo::Broadcastable fills in a record's defaults (its partial, itself as a local, its dom id or the plural as
// target) and calls the StreamsChannel broadcast: each record call must send what the recorded StreamsChannel call
// with those defaults written out sent.
describe("record broadcasts (Turbo::Broadcastable)", () => {
  const cases: [string, (a: Record<string, FakeRecord>) => void][] = [
    ['Turbo::StreamsChannel.broadcast_replace_to(@room, target: @message, partial: "messages/message", locals: { message: @message })',
      ({ message, room }) => B.broadcastReplaceTo(message!, room)],
    ['Turbo::StreamsChannel.broadcast_replace_to(@room, target: @message, partial: "messages/message", locals: { message: @message }, attributes: { method: :morph })',
      ({ message, room }) => B.broadcastReplaceTo(message!, room, { attributes: { method: "morph" } })],
    ["Turbo::StreamsChannel.broadcast_remove_to(@room, target: @message)", ({ message, room }) => B.broadcastRemoveTo(message!, room)],
    ['Turbo::StreamsChannel.broadcast_prepend_to(@room, :messages, target: "messages", partial: "messages/message", locals: { message: @message })',
      ({ message, room }) => B.broadcastPrependTo(message!, room, "messages")],
    ['Turbo::StreamsChannel.broadcast_append_to(@room, :messages, target: "messages", partial: "messages/message", locals: { message: @message })',
      ({ message, room }) => B.broadcastAppendTo(message!, room, "messages", { target: "messages" })],
    ['Turbo::StreamsChannel.broadcast_append_to("rooms", target: "rooms", partial: "rooms/room", locals: { room: @room })',
      ({ room }) => B.broadcastAppendTo(room!, "rooms")],
    ['Turbo::StreamsChannel.broadcast_update_to(@room, target: "counter", html: "5")',
      ({ message, room }) => B.broadcastUpdateTo(message!, room, { target: "counter", html: "5" })],
    ['Turbo::StreamsChannel.broadcast_before_to(@room, target: "message_42", html: "<hr>")',
      ({ message, room }) => B.broadcastBeforeTo(message!, room, { target: "message_42", html: "<hr>" })],
    ['Turbo::StreamsChannel.broadcast_after_to(@room, target: "message_42", html: "<hr>")',
      ({ message, room }) => B.broadcastAfterTo(message!, room, { target: "message_42", html: "<hr>" })],
    ["Turbo::StreamsChannel.broadcast_refresh_to(@room)", ({ message, room }) => B.broadcastRefreshTo(message!, room)],
    ['Turbo::StreamsChannel.broadcast_render_to(@room, partial: "messages/stream", locals: { message: @message })',
      ({ message, room }) => B.broadcastRenderTo(message!, room, { partial: "messages/stream" })],
    ['Turbo::StreamsChannel.broadcast_append_later_to(@room, target: "messages", html: "<b>later</b>")',
      ({ message, room }) => B.broadcastAppendLaterTo(message!, room, { html: "<b>later</b>" })],
  ];
  for (const [call, run] of cases) {
    it(call.replace("Turbo::StreamsChannel.", "record."), () => {
      const v = spec.vectors.find((x) => x.call === call)!;
      captured = [];
      run(assigns());
      expect(captured.map((b) => ({ ...printed(b.message), broadcasting: b.broadcasting })))
        .toEqual([{ output: v.output, htmlSafe: v.html_safe, broadcasting: v.broadcasting }]);
    });
  }

  it("installs them as methods; the `_to`-less ones stream to the record itself", () => {
    const { message } = assigns();
    B.installBroadcastable(message!);
    captured = [];
    (message as unknown as { broadcastRemove(): void }).broadcastRemove();
    const removal = spec.vectors.find((x) => x.call === "Turbo::StreamsChannel.broadcast_remove_to(@room, target: @message)")!;
    const stream = spec.vectors.find((x) => x.call === "Turbo::StreamsChannel.send(:stream_name_from, @message)")!;
    expect(captured.map((b) => [b.broadcasting, toS(b.message)])).toEqual([[stream.output, removal.output]]);
  });
});
