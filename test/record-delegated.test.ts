// delegated_type and namespaced models' table names against real Rails 7.2.4: test/fixtures/record/delegated/ is a
// small Rails app whose model files both sides run (Rails loads them in fixtures/record/delegated.rb; this test
// compiles them and replays the same steps on the emitted classes).
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { replaySteps } from "./support/record-replay.js";

const app = join(import.meta.dirname, "fixtures/record/delegated");
const out = mkdtempSync(join(tmpdir(), "rails2ts-delegated-"));
const compiled = await compile(app, { out });
process.env.DATABASE_PATH = join(out, "delegated.sqlite3");
process.env.SECRET_KEY_BASE ??= "0".repeat(64);
await import(pathToFileURL(join(out, "dist/app.js")).href);
const linked = (path: string) => import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime", path)).href);
const runtime = { ...(await linked("active-record/index.js")), ...(await linked("active-record/connection/index.js")) } as Dyn;
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = async (name: string, cls: string) => ((await import(pathToFileURL(join(out, `dist/models/${name}.js`)).href)) as Dyn)[cls] as Dyn;
const Posting = await load("posting", "Posting");
const Listing = await load("listing", "Listing");
const Notice = await load("notice", "Notice");
const Photo = await load("feed/photo", "Feed_Photo");
const Stamp = await load("notice/stamp", "Notice_Stamp");
const Item = await load("archive/item", "Archive_Item");
const Frame = await load("gallery/frame", "Gallery_Frame");
const className = (cls: Dyn) => cls.modelName.name;
runtime.setClock(() => runtime.Time.utc(2024, 2, 15, 12, 0, 0));
afterAll(() => {
  runtime.setClock(null);
  rmSync(out, { recursive: true, force: true });
});

describe("compile test/fixtures/record/delegated", () => {
  it("lowers every model construct it uses (no diagnostics)", () => {
    expect(compiled.diagnostics.map((d) => `${d.span.file.slice(app.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([]);
  });
});

const steps: Array<[string, () => unknown]> = [
  ["create through the role", () => {
    const a = Posting.createBang({ title: "First", postable: Notice.build({ body: "hello" }) });
    const b = Posting.createBang({ title: "Second", postable: Photo.build({ url: "/a.png" }) });
    return [a.id, a.postable_type, a.postable_id, b.postable_type, Posting.postableTypes()];
  }],
  ["class, name and the inquirer", () => {
    const a = Posting.find(1);
    const b = Posting.find(2);
    return [className(a.postableClass()), a.postableName(), a.postableName().isNotice(), a.postableName().isPhoto(), className(b.postableClass()), b.postableName(), b.postableName().isPhoto()];
  }],
  ["predicates, readers and ids per type", () => {
    const a = Posting.find(1);
    const b = Posting.find(2);
    return [a.isNotice(), a.isFeedPhoto(), a.notice().body, a.feedPhoto(), a.noticeId(), a.feedPhotoId(), b.isNotice(), b.isFeedPhoto(), b.feedPhoto().url, b.feedPhotoId(), b.noticeId()];
  }],
  ["scopes per type", () => [Posting.notices().pluck("title"), Posting.feedPhotos().pluck("title"), Posting.notices().count(), Posting.feedPhotos().where({ title: "x" }).toA()]],
  ["delegate to the role", () => Posting.order("id").toA().map((p: Dyn) => p.summary())],
  ["build_<role> from the type", () => {
    const p = Posting.build({ title: "Third", postable_type: "Notice" });
    const built = p.buildPostable({ body: "built" });
    return [className(built.constructor), built.isNewRecord(), p.postable === built, p.isNotice(), p.notice().body, p.save(), p.postable_id];
  }],
  ["the belongs_to's options: required, then optional", () => {
    const missing = Posting.build({ title: "none" });
    const optional = Listing.build();
    return [missing.isValid(), missing.errors.fullMessages(), optional.isValid(), optional.isNotice(), optional.notice(), optional.noticeId(), Listing.notices().toA(), Listing.kindTypes()];
  }],
  ["table names: explicit, nested in a model, in a plain module, with the module's table_name_prefix", () => {
    Notice.find(1).stamps.createBang({ mark: "ok" });
    Item.createBang({ label: "kept" });
    Frame.createBang({ label: "oak" });
    return [Photo.tableName, Stamp.tableName, Item.tableName, Frame.tableName, Notice.find(1).stamps.pluck("mark"), Item.pluck("label"), Frame.pluck("label")];
  }],
  ["relation methods through associations in model methods", () => {
    const n = Notice.find(1);
    return [n.isStamped("ok"), n.isStamped("no"), n.isStampedThroughPosting(), n.stampCount()];
  }],
  ["dependent: :destroy through the role", () => {
    Posting.find(1).destroy();
    return [Notice.where({ id: 1 }).exists(), Posting.count(), Notice.count()];
  }],
];

replaySteps("delegated", () => runtime.connection(), steps, []);
