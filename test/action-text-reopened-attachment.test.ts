// A reopened ActionText::Attachment (an app's lib/rails_ext) lowered as a patch of the runtime's class: the compiler
// reads `class << self` (class methods, `private`, constants) and declines any other body; at run time the patch is
// the Attachment.from_node that Action Text's own code reaches, and the calls such a patch makes (Base64, JSON,
// Marshal, GlobalID.find, ActionText::Attachable.from_node, Attachment.new) answer as Ruby's. The sgids are made as
// SignedGlobalID 1.4 makes them with the legacy envelope (test/action-text-attachables.test.ts checks those bytes
// against Rails).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { ActionTextAttachment, ActionTextAttachableModule, ActionTextContent, ActionTextMissingAttachable, includeActionTextAttachable } from "../runtime/action-text/index.js";
import { ActionTextFragment, fragmentForHtml } from "../runtime/action-text/fragment.js";
import type { ActionTextNode } from "../runtime/action-text/node.js";
import { reopenClassMethods } from "../runtime/ruby/reopened-class.js";
import { Base64Module, JsonModule, MarshalModule } from "../runtime/app/core-constants.js";
import { GlobalIdModule } from "../runtime/gems/turbo-rails/turbo-constants.js";
import { globalIdConfig } from "../runtime/gems/globalid/global-id.js";
import { configureSignedGlobalIds, toSignedGlobalId } from "../runtime/gems/globalid/signed-global-id.js";
import { Connection, loadSchema, setConnection } from "../runtime/active-record/connection/index.js";
import { Base, defineModel, modelClass, RecordNotFound, setClock, Time } from "../runtime/active-record/index.js";
import { ObjectMethods } from "../runtime/active-support/core-ext/core-object.js";
import { names } from "./support/record-models.js";
import { scratchDir } from "./support/scratch.js";

const REOPENED = `ActiveSupport.on_load(:action_text_content) do
  class ActionText::Attachment
    class << self
      def from_node(node, attachable = nil)
        new(node, attachable || lenient_lookup(node["sgid"]) || ActionText::Attachable.from_node(node))
      end

      private
        LENIENT = %w[ Person ]

        def lenient_lookup(sgid)
          if payload = sgid&.split("--")&.first
            envelope = JSON.parse Base64.strict_decode64(payload)
            gid = Marshal.load Base64.urlsafe_decode64(envelope.dig("_rails", "message"))
            record = GlobalID.find(gid)
            LENIENT.include?(record.model_name.to_s) ? record : nil
          end
        rescue ActiveRecord::RecordNotFound
          nil
        end
    end
  end
end
`;

/** The module of the app's boot statements, whole (read and checked by hand against the Ruby above). */
const LOWERED = `import {
  ActionTextAttachableModule,
  ActionTextAttachment,
  ArrayMethods,
  Base64Module,
  GlobalIdModule,
  JsonModule,
  MarshalModule,
  StringMethods,
  bindArgs,
  constantValue,
  coreIndex,
  coreSend,
  nonNil,
  or,
  reopenClassMethods,
  rescues,
  send,
  truthy,
  type ActionTextNode,
} from "rails2ts/runtime";
// lib/rails_ext/action_text_attachables.rb: ActionText::Attachment reopened, its class methods
const ActionText_Attachment_constants: Record<string, unknown> = {};
const reopened_LENIENT = () => ["Person"];
reopenClassMethods(ActionTextAttachment, {
  fromNode: function (this: any, ...args: unknown[]) {
    const bound1 = bindArgs(args, {
      req: ["node"],
      opt: ["attachable"],
      rest: null,
      keys: [],
      keyrest: null,
      block: null,
    });
    let node = bound1["node"];
    let attachable = "attachable" in bound1 ? bound1["attachable"] : null;
    return this.build(
      node as ActionTextNode,
      or(
        or(attachable, () => this.lenientLookup(coreIndex(node as ActionTextNode, "sgid") as string | null)),
        () => ActionTextAttachableModule.fromNode(node as ActionTextNode),
      ),
    );
  },
  lenientLookup: function (this: any, sgid: unknown) {
    let envelope: unknown = null;
    let gid: unknown = null;
    let record: unknown = null;
    let payload: unknown = null;
    try {
      if (
        truthy(
          (payload = ((recv3: Array<unknown> | null | undefined) => (recv3 == null ? null : ArrayMethods.first(recv3)))(
            ((recv2: string | null | null | undefined) =>
              recv2 == null ? null : StringMethods.split(nonNil(recv2, "split"), "--"))(sgid as string | null),
          )),
        )
      ) {
        envelope = JsonModule.parse(Base64Module.strictDecode64(payload));
        gid = MarshalModule.load(Base64Module.urlsafeDecode64(coreSend(envelope, "dig", "_rails", "message")));
        record = GlobalIdModule.find(gid);
        if (
          truthy(
            coreSend(
              constantValue(ActionText_Attachment_constants, "LENIENT", reopened_LENIENT),
              "include?",
              coreSend(send(record, "model_name"), "to_s"),
            ),
          )
        ) {
          return record;
        } else {
          return null;
        }
      }
      return null;
    } catch (error4) {
      if (rescues(error4, ["ActiveRecord::RecordNotFound"])) {
        return null;
      } else {
        throw error4;
      }
    }
  },
});
`;

async function compileApp(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), "rails2ts-reopened-"));
  try {
    const all = { "db/schema.rb": "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n", ...files };
    for (const [path, text] of Object.entries(all)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const result = await compile(dir);
    const initializers = result.files.find((f) => f.path === "models/initializers.ts")?.text ?? "";
    return { diagnostics: result.diagnostics.map((d) => `${d.span.file.slice(dir.length + 1)}:${d.span.line}:${d.span.column} ${d.code}: ${d.message}`), initializers };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the compiler reads a reopened ActionText::Attachment", () => {
  it("lowers its class methods and constants as a patch of the runtime's class, with no diagnostic", async () => {
    const { diagnostics, initializers } = await compileApp({ "lib/rails_ext/action_text_attachables.rb": REOPENED });
    expect(diagnostics).toEqual([]);
    expect(initializers).toBe(LOWERED);
  });

  it("declines a body it does not read (an instance method): the app raises at boot, naming it", async () => {
    const { diagnostics, initializers } = await compileApp({
      "lib/rails_ext/attachment.rb": "class ActionText::Attachment\n  def to_s = 'x'\nend\n",
    });
    const message = "unsupported_construct: construct not lowered: reopening ActionText::Attachment: the instance method to_s is not lowered (only class methods and constants are)";
    expect(diagnostics).toEqual([`lib/rails_ext/attachment.rb:2:3 ${message}`]);
    expect(initializers).toBe(`import { declinedError } from "rails2ts/runtime";\n// lib/rails_ext/attachment.rb: ActionText::Attachment reopened, its class methods\nthrow declinedError(\n  "lib/rails_ext/attachment.rb:1:1",\n  ${JSON.stringify(message)},\n);\n`);
  });
});

// The runtime side: the patch above as it is lowered, by hand (the same runtime calls).
class Person extends Base {
  declare id: number;
  declare name: string;
}
defineModel(Person, { name: "Person", table: "people", names: names("Person", "person", "people"), columns: [{ name: "id", type: "integer", null: false }, { name: "name", type: "string" }] });
includeActionTextAttachable(Person);
class Place extends Base {
  declare id: number;
}
defineModel(Place, { name: "Place", table: "places", names: names("Place", "place", "places"), columns: [{ name: "id", type: "integer", null: false }] });

const SECRET = "a".repeat(128);
const OTHER_SECRET = "b".repeat(128);
const original = Object.getOwnPropertyDescriptor(ActionTextAttachment, "fromNode")!;
const sgidOf = (record: Base, secret: string) => {
  configureSignedGlobalIds({ secretKeyBase: secret, legacyMetadata: true });
  const sgid = toSignedGlobalId(record, { for: "attachable" }).toS();
  configureSignedGlobalIds({ secretKeyBase: SECRET, legacyMetadata: true });
  return sgid;
};
const attachmentOf = (html: string) => ActionTextAttachment.fromNode(new ActionTextFragment(fragmentForHtml(html)).source.css("action-text-attachment")[0]!);
const tag = (sgid: string | null) => `<action-text-attachment${sgid === null ? "" : ` sgid="${sgid}"`}></action-text-attachment>`;
let ann: Person;
let gone: Person;
let place: Place;

beforeAll(() => {
  const conn = new Connection(join(scratchDir("reopened-attachment"), "a.sqlite3"));
  loadSchema(conn, { tables: [{ name: "people", columns: [{ name: "name", type: "string" }] }, { name: "places", columns: [] }] });
  setConnection(conn);
  setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
  globalIdConfig.app = "app";
  globalIdConfig.locate = null;
  globalIdConfig.modelClass = modelClass;
  configureSignedGlobalIds({ secretKeyBase: SECRET, legacyMetadata: true });
  ann = Person.create({ name: "Ann" }) as Person;
  gone = Person.create({ name: "Gone" }) as Person;
  place = Place.create({}) as Place;
  reopenClassMethods(ActionTextAttachment, {
    fromNode: function (this: typeof ActionTextAttachment & { lenientLookup(sgid: unknown): unknown }, node: ActionTextNode, attachable: unknown = null) {
      return this.build(node, attachable ?? this.lenientLookup(node.get("sgid")) ?? ActionTextAttachableModule.fromNode(node));
    },
    lenientLookup: function (sgid: unknown) {
      try {
        const payload = sgid === null ? null : String(sgid).split("--")[0];
        if (!payload) return null;
        const envelope = JsonModule.parse(Base64Module.strictDecode64(payload)) as { _rails: { message: string } };
        const record = GlobalIdModule.find(MarshalModule.load(Base64Module.urlsafeDecode64(envelope._rails.message))) as Base;
        return ["Person"].includes((record.constructor as typeof Base).name) ? record : null;
      } catch (e) {
        if (e instanceof RecordNotFound) return null;
        throw e;
      }
    },
  });
});
afterAll(() => {
  Object.defineProperty(ActionTextAttachment, "fromNode", original);
  setClock(null);
});

describe("the patched Attachment.from_node at run time", () => {
  it("is what Action Text's own Content reaches: a permitted record whose sgid no longer verifies is found", () => {
    const sgid = sgidOf(ann, OTHER_SECRET);
    expect((attachmentOf(tag(sgid)).attachable as Person).id).toBe(ann.id);
    expect((new ActionTextContent(`<div>${tag(sgid)}</div>`).attachments()[0]!.attachable as Person).id).toBe(ann.id);
  });

  it("a record not permitted, a gone one and no sgid fall through to Action Text's MissingAttachable", () => {
    expect(attachmentOf(tag(sgidOf(place, OTHER_SECRET))).attachable).toBeInstanceOf(ActionTextMissingAttachable);
    const sgid = sgidOf(gone, OTHER_SECRET);
    gone.destroy();
    expect(attachmentOf(tag(sgid)).attachable).toBeInstanceOf(ActionTextMissingAttachable);
    expect(attachmentOf(tag(null)).attachable).toBeInstanceOf(ActionTextMissingAttachable);
  });

  it("an object extended with ActionText::Attachable answers attachable_sgid; its class does not", () => {
    expect("attachableSgid" in place).toBe(false);
    ObjectMethods.extend(place, ActionTextAttachableModule);
    expect(typeof (place as unknown as { attachableSgid(): string }).attachableSgid()).toBe("string");
    expect("attachableSgid" in Place.prototype).toBe(false);
  });
});

describe("Base64 as strict as Ruby's, Marshal of a String", () => {
  it("strict_decode64 raises ArgumentError on what is not canonical Base64; urlsafe pads and is strict too", () => {
    expect(Base64Module.strictDecode64("aGk=")).toBe("hi");
    for (const bad of ["aGk", "aG k=", "aGl=", "a$k="]) expect(() => Base64Module.strictDecode64(bad)).toThrow("invalid base64");
    expect(Base64Module.urlsafeDecode64("aGk")).toBe("hi");
    expect(() => Base64Module.urlsafeDecode64(null)).toThrow("undefined method `end_with?' for nil");
  });

  it("refuses decoded bytes that are not UTF-8 text rather than mangle them", () => {
    expect(() => Base64Module.decode64("/w==")).toThrow(/not UTF-8/);
  });

  it("Marshal.load(Marshal.dump(s)) is s", () => {
    expect(MarshalModule.load(MarshalModule.dump("gid://app/Person/1"))).toBe("gid://app/Person/1");
  });
});
