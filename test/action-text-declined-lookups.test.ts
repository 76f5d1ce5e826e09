// A reopened ActionText::Attachment whose from_node asks lookups of its own first (Campfire's lib/rails_ext: an
// embed class of the app's, then an sgid decoded without verifying it), declined by the compiler: the runtime's
// Attachment.from_node raises exactly where the override would answer differently from Action Text's default and
// answers Action Text's attachable everywhere else. Ordinary mentions (an sgid that verifies) never raise; neither
// does an sgid whose record is gone (the override's own lookup answers nil there too). The sgids are made as
// SignedGlobalID 1.4 makes them (test/action-text-attachables.test.ts checks those bytes against Rails).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ActionTextAttachment, ActionTextMissingAttachable, actionTextConfig, declineAttachmentLookups, includeActionTextAttachable,
} from "../runtime/action-text/index.js";
import { ActionTextFragment, fragmentForHtml } from "../runtime/action-text/fragment.js";
import { globalIdConfig } from "../runtime/gems/globalid/global-id.js";
import { configureSignedGlobalIds, toSignedGlobalId } from "../runtime/gems/globalid/signed-global-id.js";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel, modelClass, setClock, Time } from "../runtime/active-record/index.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

const SECRET = "a".repeat(128);
const OTHER_SECRET = "b".repeat(128);
const site = "lib/rails_ext/action_text_attachables.rb:2:3";
const diagnostic = "unsupported_construct: construct not lowered: reopening ActionText::Attachment";
const declined = `rails2ts: declined at ${site}: ${diagnostic}`;

class User extends Base {
  declare id: number;
  declare name: string;
}
defineModel(User, { name: "User", table: "users", names: names("User", "user", "users"), columns: [{ name: "id", type: "integer", null: false }, { name: "name", type: "string" }] });
includeActionTextAttachable(User);

const EMBED_TYPE = "application/vnd.actiontext.opengraph-embed";
/** The app's embed class, as lowered: claims a node of its content type. */
const embedFromNode = (node: unknown) => ((node as { get(k: string): string | null }).get("content-type") === EMBED_TYPE ? { embed: true } : null);

const attachmentOf = (html: string) => {
  const node = new ActionTextFragment(fragmentForHtml(html)).source.css("action-text-attachment")[0]!;
  return ActionTextAttachment.fromNode(node);
};
const sgidOf = (user: User, secret: string) => {
  configureSignedGlobalIds({ secretKeyBase: secret, legacyMetadata: true });
  const sgid = toSignedGlobalId(user, { for: "attachable" }).toS();
  configureSignedGlobalIds({ secretKeyBase: SECRET, legacyMetadata: true });
  return sgid;
};
const mention = (sgid: string) => `<action-text-attachment sgid="${sgid}" content-type="application/vnd.campfire.mention"></action-text-attachment>`;
let david: User;
let gone: User;
const previous = actionTextConfig.attachmentAttachableFromNode;

beforeAll(() => {
  const conn = new Connection(join(scratchDir("declined-lookups"), "a.sqlite3"));
  loadSchema(conn, { tables: [{ name: "users", columns: [{ name: "name", type: "string" }] }] });
  setConnection(conn);
  setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
  globalIdConfig.app = "campfire";
  globalIdConfig.locate = null;
  globalIdConfig.modelClass = modelClass;
  configureSignedGlobalIds({ secretKeyBase: SECRET, legacyMetadata: true });
  david = User.create({ name: "David" }) as User;
  gone = User.create({ name: "Gone" }) as User;
  declineAttachmentLookups({ site, diagnostic, classLookups: [embedFromNode], unverifiedSgid: true });
});
afterAll(() => {
  actionTextConfig.attachmentAttachableFromNode = previous;
  setClock(null);
});

describe("a declined from_node override", () => {
  it("an ordinary mention (an sgid that verifies) resolves to its record, as both would", () => {
    const attachable = attachmentOf(mention(sgidOf(david, SECRET))).attachable;
    expect(attachable).toBeInstanceOf(User);
    expect((attachable as User).id).toBe(david.id);
  });

  it("an sgid that no longer verifies but names a record that exists raises (the override would decode it)", () => {
    expect(() => attachmentOf(mention(sgidOf(david, OTHER_SECRET)))).toThrow(declined);
  });

  it("an sgid that does not verify and whose record is gone is Action Text's missing attachable, as both would answer", () => {
    const sgid = sgidOf(gone, OTHER_SECRET);
    gone.destroy();
    expect(attachmentOf(mention(sgid)).attachable).toBeInstanceOf(ActionTextMissingAttachable);
  });

  it("a node the app's embed class claims raises; one it does not is Action Text's", () => {
    expect(() => attachmentOf(`<action-text-attachment content-type="${EMBED_TYPE}" url="https://example.com"></action-text-attachment>`)).toThrow(declined);
    expect(attachmentOf(`<action-text-attachment content-type="image/png" url="https://example.com/a.png"></action-text-attachment>`).attachable.constructor.name).toBe("ActionTextRemoteImage");
  });
});
