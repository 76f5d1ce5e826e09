// ActionText::Attachable and SignedGlobalID's verification against actiontext 7.2.4 / globalid 1.4.0, recorded by
// fixtures/action-text/record-attachables.rb in both metadata envelopes (load_defaults < 7.1 "legacy", 7.1+ "json"):
// sgids made and parsed (the other envelope's too), and three models that include ActionText::Attachable rendered
// in a Content through the partials of fixtures/action-text/attachables-views (mirrored by PARTIALS below), before
// and after their records are gone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ActionTextAttachment, ActionTextContent, ActionTextMissingAttachable, actionTextRenderer, attachableFromSgid, includeActionTextAttachable,
  isActionTextAttachableClass, renderActionTextContent,
} from "../runtime/action-text/index.js";
import { globalIdConfig } from "../runtime/gems/globalid/global-id.js";
import { configureSignedGlobalIds, parseSignedGlobalId, SignedGlobalID, toSignedGlobalId } from "../runtime/gems/globalid/signed-global-id.js";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel, modelClass, setClock, Time } from "../runtime/active-record/index.js";
import { RecordNotFound } from "../runtime/active-record/exceptions.js";
import { toS } from "../runtime/ruby/ruby.js";
import type { ViewHost } from "../runtime/active-model/host.js";
import { escapeHtmlText, SafeString } from "../runtime/active-support/safe.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

type Recorded = unknown;
interface Described {
  to_html: string;
  attachables: string[];
  missing_partials: Recorded[];
  to_plain_text: Recorded;
  to_trix_html: Recorded;
  render: Recorded;
}
interface AttachablesCase {
  user_sgid: string;
  rich_text_attributes: Array<Record<string, unknown>>;
  as_json: Array<Record<string, unknown>>;
  content_types: string[];
  from_attachable_sgid: Recorded[];
  content: Described;
  appended: Recorded;
  gone: Described;
}
const recorded = JSON.parse(readFileSync(new URL("./fixtures/action-text/attachables.json", import.meta.url), "utf8")) as {
  vectors: Record<string, { sgids: Record<string, string>; parsed: Record<string, Record<string, Record<string, Recorded>>> }>;
  attachables: Record<string, AttachablesCase>;
};

const SECRET_KEY_BASE =
  "2d7c9d3ee5a165301e5ef7f933e6ba3819d5eeb9a0b0fc4c68e0ad3f74bb0da53c5dc1b2f4b02006ad182ceeb6b9ed013b2cf7ec80c395a75f3faf3830d6d842";
const NOW = Time.utc(2024, 2, 15, 12, 0, 0);
const MODES = ["legacy", "json"] as const;

function configure(mode: (typeof MODES)[number]): void {
  configureSignedGlobalIds({ secretKeyBase: SECRET_KEY_BASE, legacyMetadata: mode === "legacy" });
}

/** The recorder's `attempt`: the value, or {"error" => class} (Ruby's class names for the runtime's errors). */
function attempt(run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    return { error: e instanceof RecordNotFound ? "ActiveRecord::RecordNotFound" : (e as Error).name };
  }
}

// The recorder's models, as the compiler lowers them (defineModel, then the module's include).
class User extends Base {
  declare id: number;
  declare name: string;
  attachablePlainTextRepresentation(_caption: unknown): string {
    return `@${toS(this.name)}`;
  }
}
class Person extends Base {
  declare id: number;
  declare name: string;
  static toMissingAttachablePartialPath(): string {
    return "people/missing";
  }
  toTrixContentAttachmentPartialPath(): null {
    return null;
  }
}
class Document extends Base {
  declare id: number;
  metadata(): Record<string, unknown> {
    return { width: 640, height: 480 };
  }
  isPreviewableAttachable(): boolean {
    return true;
  }
}
const string = (name: string) => ({ name, type: "string" as const });
const id = { name: "id", type: "integer" as const, null: false };
defineModel(User, { name: "User", table: "users", names: names("User", "user", "users"), columns: [id, string("name")] });
defineModel(Person, { name: "Person", table: "people", names: names("Person", "person", "people"), columns: [id, string("name")] });
defineModel(Document, {
  name: "Document", table: "documents", names: names("Document", "document", "documents"),
  columns: [id, string("name"), string("content_type"), string("filename"), { name: "byte_size", type: "integer" }],
});
for (const cls of [User, Person, Document]) includeActionTextAttachable(cls);

type Attached = Record<string, unknown> & { attachableSgid(): string; attachableFilename(): unknown; attachableFilesize(): unknown };
const h = (v: unknown) => escapeHtmlText(toS(v));

// attachables-views/, partial by partial: `<%= x %>` is h(x); the gem's partials as the gem writes them.
const PARTIALS: Record<string, (locals: Record<string, unknown>, view: ViewHost) => string> = {
  "action_text/contents/content": (l, view) => `${renderActionTextContent(view, l.content).toString()}\n`,
  "action_text/attachables/content_attachment": (l) => `<figure class="attachment attachment--content">\n  ${toS((l.content_attachment as { attachable: unknown }).attachable)}\n</figure>\n`,
  "action_text/attachables/missing_attachable": () => "☒",
  "users/user": (l) => {
    const user = l.user as Attached;
    return `<span class="user" data-sgid="${h(user.attachableSgid())}">@${h(user.name)}</span>\n`;
  },
  "people/person": (l) => `<b class="person">${h((l.person as Attached).name)}</b>\n`,
  "people/missing": () => "<i>a person who left</i>\n",
  "documents/document": (l) => {
    const doc = l.document as Attached;
    return `<a class="doc">${h(doc.attachableFilename())} (${h(doc.attachableFilesize())})</a>\n`;
  },
};

/** A view's render(partial:, object:, as:, locals:) over PARTIALS. */
function render(options: Record<string, unknown>): SafeString {
  const partial = toS(options.partial);
  const stub = PARTIALS[partial];
  if (!stub) throw new Error(`no stub for ${partial}`);
  const as = typeof options.as === "string" ? options.as : partial.slice(partial.lastIndexOf("/") + 1);
  const locals = { ...(options.locals as Record<string, unknown> | undefined), ...("object" in options ? { [as]: options.object } : {}) };
  return new SafeString(stub(locals, view));
}
const view = { render } as unknown as ViewHost;

function describeContent(content: ActionTextContent): Described {
  return {
    to_html: content.toHtml(),
    attachables: content.attachables().map((a) => (a instanceof Base ? `${a.modelName.name}#${toS((a as unknown as { id: unknown }).id)}` : (a as { constructor: { rubyName: string } }).constructor.rubyName)),
    missing_partials: content.attachables().filter((a) => a instanceof ActionTextMissingAttachable).map((a) => attempt(() => (a as ActionTextMissingAttachable).toPartialPath())),
    to_plain_text: attempt(() => content.toPlainText()),
    to_trix_html: attempt(() => content.toTrixHtml()),
    render: attempt(() => renderActionTextContent(view, content).toString()),
  };
}

beforeAll(() => {
  const conn = new Connection(join(scratchDir("attachables"), "a.sqlite3"));
  loadSchema(conn, {
    tables: [
      { name: "users", columns: [string("name")] },
      { name: "people", columns: [string("name")] },
      { name: "documents", columns: [string("name"), string("content_type"), string("filename"), { name: "byte_size", type: "integer" }] },
    ],
  });
  setConnection(conn);
  setClock(() => NOW);
  globalIdConfig.app = "campfire";
  globalIdConfig.locate = null;
  globalIdConfig.modelClass = modelClass;
  actionTextRenderer.renderToString = render;
  // Content#to_s: the content partial in the gem's layout (`<div class="trix-content">\n  <%= yield -%>\n</div>\n`).
  actionTextRenderer.renderer = (content) =>
    new SafeString(`<div class="trix-content">\n  ${render({ partial: "action_text/contents/content", locals: { content } }).toString()}</div>\n`);
});
afterAll(() => {
  setClock(null);
  actionTextRenderer.renderToString = null;
  actionTextRenderer.renderer = null;
});

describe("SignedGlobalID, recorded from globalid 1.4.0 over Active Support 7.2.4", () => {
  for (const mode of MODES) {
    const { sgids, parsed } = recorded.vectors[mode]!;
    it(`${mode}: to_s of URIs, purposes and expiries (the legacy inner message urlsafe)`, () => {
      configure(mode);
      expect(new SignedGlobalID("gid://campfire/User/7", { for: "attachable", expires_at: null }).toS()).toBe(sgids.attachable);
      expect(new SignedGlobalID("gid://campfire/User/7", { expires_at: new Date(NOW.getTime() + 3600_000) }).toS()).toBe(sgids.default_expiring);
      expect(new SignedGlobalID("gid://campfire/User/7", { for: "attachable", expires_at: new Date(NOW.getTime() - 1000) }).toS()).toBe(sgids.expired);
      expect(new SignedGlobalID(`gid://campfire/User/${"a".repeat(171)}`, { for: "attachable", expires_at: null }).toS()).toBe(sgids.long_id);
    });
    it(`${mode}: SignedGlobalID.parse of either envelope, any purpose, expired, tampered, self-validated`, () => {
      configure(mode);
      const ours: typeof parsed = {};
      for (const [madeIn, list] of Object.entries(recorded.vectors).map(([m, v]) => [m, v.sgids] as const)) {
        ours[madeIn] = Object.fromEntries(Object.entries(list).map(([name, sgid]) => [name, Object.fromEntries(
          ["attachable", "default", "other"].map((p) => [p, attempt(() => parseSignedGlobalId(sgid, { for: p })?.uri ?? null)]),
        )]));
      }
      expect(ours).toEqual(parsed);
    });
  }
});

describe("ActionText::Attachable, recorded from actiontext 7.2.4", () => {
  for (const mode of MODES) {
    it(`${mode}: sgids, attributes, as_json, lookups, and a Content of attachables present and gone`, () => {
      configure(mode);
      const expected = recorded.attachables[mode]!;
      for (const cls of [User, Person, Document]) (cls as unknown as { deleteAll(): void }).deleteAll();
      const user = User.createBang({ id: 7, name: "Ann <Lee>" });
      const person = Person.createBang({ id: 3, name: "Bo" });
      const doc = Document.createBang({ id: 5, name: "Plan", content_type: "application/pdf", filename: "plan.pdf", byte_size: 2048 });
      const attachable = (r: unknown) => r as Attached & { toRichTextAttributes(a: unknown): unknown; asJson(o?: unknown): unknown; attachableContentType(): unknown };
      const html = `<div>hi ${toS(ActionTextAttachment.fromAttachable(user))} and ${toS(ActionTextAttachment.fromAttachable(person, { caption: "Bo!" }))}</div>` +
        toS(ActionTextAttachment.fromAttachable(doc));
      const ours: AttachablesCase = {
        user_sgid: attachable(user).attachableSgid(),
        rich_text_attributes: [user, person, doc].map((r) => attachable(r).toRichTextAttributes({ caption: "c" }) as Record<string, unknown>),
        as_json: [
          attachable(user).asJson(), attachable(user).asJson({ only: ["name"] }), attachable(user).asJson({ only: ["name", "attachable_sgid"] }),
          attachable(user).asJson({ except: ["attachable_sgid"] }), attachable(user).asJson({ methods: ["attachable_content_type"] }),
          attachable(new User({ name: "new" })).asJson(),
        ] as Array<Record<string, unknown>>,
        content_types: [user, doc].map((r) => attachable(r).attachableContentType() as string),
        from_attachable_sgid: [
          attempt(() => ((User as unknown as { fromAttachableSgid(s: string): User }).fromAttachableSgid(attachable(user).attachableSgid())).id),
          attempt(() => ((Person as unknown as { fromAttachableSgid(s: string): Person }).fromAttachableSgid(attachable(user).attachableSgid())).id),
          attempt(() => (attachableFromSgid(attachable(person).attachableSgid()) as Person).name),
          attempt(() => attachableFromSgid(toSignedGlobalId(user).toS())),
        ],
        content: describeContent(new ActionTextContent(html)),
        appended: attempt(() => new ActionTextContent("<div>x</div>").appendAttachables([user, person]).toHtml()),
        gone: { to_html: "", attachables: [], missing_partials: [], to_plain_text: null, to_trix_html: null, render: null },
      };
      for (const cls of [User, Person, Document]) (cls as unknown as { deleteAll(): void }).deleteAll();
      ours.gone = describeContent(new ActionTextContent(html));
      expect(ours).toEqual(expected);
    });
  }

  it("includeActionTextAttachable keeps what the model defines itself and marks the class", () => {
    expect((Person as unknown as { toMissingAttachablePartialPath(): string }).toMissingAttachablePartialPath()).toBe("people/missing");
    expect((User as unknown as { toMissingAttachablePartialPath(): string }).toMissingAttachablePartialPath()).toBe("action_text/attachables/missing_attachable");
    expect(new Document({}).isPreviewableAttachable()).toBe(true);
    expect((new User({}) as unknown as { isPreviewableAttachable(): boolean }).isPreviewableAttachable()).toBe(false);
    expect([User, Person, Document, Base].map(isActionTextAttachableClass)).toEqual([true, true, true, false]);
  });
});
