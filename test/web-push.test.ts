// Web push as an app's own delivery pool sends it (test/fixtures/push-app, the shape of a lib/web_push pool):
// concurrent-ruby's pools run the posted work after the current work; web-push 3.0.1 encrypts the payload for the
// subscription (RFC 8291) and signs the VAPID header as the gem does, so a subscription key OpenSSL refuses raises
// OpenSSL::PKey::EC::Point::Error (an OpenSSLError) where Rails raises it; the POST to the push service is declined
// loudly (NotLowered, naming the endpoint), never skipped.
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";
import { ExpiredSubscription, ResponseError, WebPushError, encrypt, payloadSend } from "../runtime/gems/web-push/index.js";
import { rubyStruct } from "../runtime/ruby/index.js";
import { send } from "../runtime/active-support/index.js";
import { ThreadPoolExecutorClass, drainPools } from "../runtime/gems/concurrent-ruby/index.js";
import { rescues } from "../runtime/ruby/rescue.js";

// A browser's subscription: its P-256 key pair and 16-byte auth secret.
function subscriber(): { p256dh: string; auth: string; decrypt(record: Buffer): string } {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: auth.toString("base64url"),
    // RFC 8291 section 3.4 / RFC 8188, from the user agent's side.
    decrypt(record) {
      const salt = record.subarray(0, 16);
      const idlen = record[20]!;
      const serverKey = record.subarray(21, 21 + idlen);
      const body = record.subarray(21 + idlen);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(body.subarray(body.length - 16));
      const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
      expect(plain.subarray(plain.length - 2)).toEqual(Buffer.from([2, 0])); // the last record's delimiter
      return plain.subarray(0, plain.length - 2).toString("utf8");
    },
  };
}

// Campfire's test fixtures' keys: base64url text, but no point of the curve.
const FIXTURE_P256DH = "123-RIXcMgkdjhRnFZaYjjGvo00dydRQbCpQTuXFjLaCPSE7ofxi19awgGc3Doqa1RmYQqsbQDfQTifFZgc";
const FIXTURE_AUTH = "xxx2DtgvmLkevKRwoyahJl0efg";

describe("web-push's payload_send", () => {
  it("encrypts the message so that the subscriber's keys decrypt it", () => {
    const browser = subscriber();
    expect(browser.decrypt(encrypt('{"title":"Designers"}', browser.p256dh, browser.auth))).toBe('{"title":"Designers"}');
  });

  it("raises OpenSSL::PKey::EC::Point::Error for a key that is no point of P-256, rescued as OpenSSL::OpenSSLError", () => {
    let error: unknown = null;
    try {
      payloadSend({ message: "hi", endpoint: "https://fcm.googleapis.com/fcm/send/123", p256dh: FIXTURE_P256DH, auth: FIXTURE_AUTH, vapid: { subject: "mailto:a@example.com" } });
    } catch (e) {
      error = e;
    }
    expect([(error as Error).name, rescues(error, ["OpenSSL::OpenSSLError"]), rescues(error, ["WebPush::ExpiredSubscription"])]).toEqual(["OpenSSL::PKey::EC::Point::Error", true, false]);
  });

  it("with a valid subscription, declines the POST loudly: NotLowered naming the endpoint, which no rescue takes", () => {
    const browser = subscriber();
    let error: unknown = null;
    try {
      payloadSend({ message: "hi", endpoint: "https://push.example.com/send/1", p256dh: browser.p256dh, auth: browser.auth, vapid: { subject: "mailto:a@example.com", public_key: null, private_key: null }, urgency: "high" });
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe("NotLowered");
    expect((error as Error).message).toMatch(/^rails2ts: declined: WebPush delivery \(a POST of \d+ encrypted bytes\) to https:\/\/push\.example\.com\/send\/1 /);
    expect(rescues(error, ["Exception"])).toBe(false);
  });

  it("signs with the configured VAPID keys; a configured key that is no key pair raises an OpenSSLError", () => {
    const browser = subscriber();
    const vapid = createECDH("prime256v1");
    const publicKey = vapid.generateKeys().toString("base64url");
    const privateKey = vapid.getPrivateKey().toString("base64url");
    const send = (keys: object) => {
      try {
        payloadSend({ message: "hi", endpoint: "https://push.example.com/send/2", p256dh: browser.p256dh, auth: browser.auth, vapid: { subject: "mailto:a@example.com", ...keys } });
      } catch (e) {
        return (e as Error).name;
      }
      return "sent";
    };
    expect(send({ public_key: publicKey, private_key: privateKey })).toBe("NotLowered");
    expect(send({ public_key: FIXTURE_P256DH, private_key: privateKey })).toBe("OpenSSL::PKey::EC::Point::Error");
  });
});

describe("web-push's response errors", () => {
  // Expected values from Ruby 3.3 in the chroot (web-push's errors.rb: super "host: #{host}, #{@response.inspect}\nbody:\n#{@response.body}").
  it("WebPush::ExpiredSubscription.new(Struct.new(:body).new, host): the gem's message, a ResponseError and a WebPush::Error", () => {
    const response = send(rubyStruct(["body"]), "new");
    const error = send(ExpiredSubscription, "new", response, "example.com") as ExpiredSubscription;
    expect(error.message).toBe("host: example.com, #<struct body=nil>\nbody:\n");
    expect(send(error, "host")).toBe("example.com");
    expect(send(error, "response")).toBe(response);
    expect(rescues(error, ["WebPush::ExpiredSubscription"])).toBe(true);
    expect(error instanceof ResponseError && error instanceof WebPushError).toBe(true);
    expect(rescues(error, ["OpenSSL::OpenSSLError"])).toBe(false);
  });
});

describe("concurrent-ruby's pools", () => {
  it("run posted work after the current work, and refuse work once shut down", async () => {
    const pool = ThreadPoolExecutorClass.new({ max_threads: 2, queue_size: 10 });
    const ran: string[] = [];
    pool.post(() => ran.push("posted"));
    ran.push("caller");
    await drainPools();
    expect(ran).toEqual(["caller", "posted"]);
    pool.shutdown();
    expect(() => pool.post(() => null)).toThrow(/pool is not accepting work/);
  });

  it("count completed_task_count as Worker#run_task does: a task that raised is not completed", async () => {
    const pool = ThreadPoolExecutorClass.new({ max_threads: 2, queue_size: 10 });
    pool.post(() => null);
    pool.post(() => {
      throw new Error("boom");
    });
    pool.post(() => null);
    expect(pool.completedTaskCount()).toBe(0);
    await drainPools();
    expect(pool.completedTaskCount()).toBe(2);
  });

  it("refuse work beyond queue_size (Concurrent::RejectedExecutionError)", async () => {
    const pool = ThreadPoolExecutorClass.new({ max_threads: 1, queue_size: 1 });
    pool.post(() => null);
    let error: unknown = null;
    try {
      pool.post(() => null);
    } catch (e) {
      error = e;
    }
    expect(rescues(error, ["Concurrent::RejectedExecutionError"])).toBe(true);
    await drainPools();
  });
});

describe("an app's delivery pool, compiled (test/fixtures/push-app)", async () => {
  const app = join(import.meta.dirname, "fixtures/push-app");
  const out = scratchDir("push-app");
  const compiled = await compile(app, { out });
  process.env.DATABASE_PATH = join(out, "push.sqlite3");
  process.env.SECRET_KEY_BASE ??= "0".repeat(64);
  await import(pathToFileURL(join(out, "dist/app.js")).href);
  type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const load = async (file: string, name: string) => ((await import(pathToFileURL(join(out, `dist/models/${file}.js`)).href)) as Dyn)[name] as Dyn;
  const runtime = (await import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime/index.js")).href)) as Dyn;

  it("compiles the pools, the web push, the settings group and the executor without a diagnostic", () => {
    expect(compiled.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });

  it("destroys a subscription OpenSSL refuses, and logs the declined POST of a valid one, after the caller's work", async () => {
    const Subscription = await load("subscription", "Subscription");
    const Pusher = await load("pusher", "Pusher");
    const browser = subscriber();
    const refused = Subscription.createBang({ endpoint: "https://fcm.googleapis.com/fcm/send/123", p256dh_key: FIXTURE_P256DH, auth_key: FIXTURE_AUTH });
    const valid = Subscription.createBang({ endpoint: "https://push.example.com/send/3", p256dh_key: browser.p256dh, auth_key: browser.auth });
    const pusher = Pusher.build();
    expect(pusher.vapid()).toEqual({ subject: "mailto:push@example.com", private_key: null, public_key: null });
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(...String(chunk).split("\n").filter(Boolean));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      pusher.push(refused);
      pusher.push(valid);
      expect(Subscription.count()).toBe(2);
      await runtime.drainPools();
    } finally {
      process.stderr.write = write;
    }
    expect(Subscription.pluck("id")).toEqual([valid.id]);
    // 109 bytes: RFC 8188's header (16 salt, 4 record size, 1 key length, 65 key) + "hello" + delimiter 2 + tag 16.
    expect(logged.filter((l) => /NotLowered/.test(l))).toEqual([
      "Error in a thread pool task: NotLowered (rails2ts: declined: WebPush delivery (a POST of 109 encrypted bytes) to https://push.example.com/send/3 (an outbound HTTP request; the emitted app makes none))",
    ]);
  });
});
