// Action Text's and Active Storage's model macros and models, as Rails defines them: the macros generate Ruby
// (class_eval strings in Rails' own code), and the models are Active Record classes of the engines. Both are written
// here as the Ruby Rails runs, parsed with the app's parser, and analyzed like the app's own models, so the same
// lowering gives them associations, scopes and methods.
//
//   has_rich_text :body        (actiontext 7.2 lib/action_text/attribute.rb)
//   has_one_attached :avatar   (activestorage 7.2 lib/active_storage/attached/model.rb)
//   has_many_attached :files
//   delegated_type :entryable, types: [...]   (activerecord 7.2 lib/active_record/delegated_type.rb)
//   delegate :title, to: :entryable            (activesupport 7.2 lib/active_support/delegation.rb)
//   ActionText::RichText, ActiveStorage::Attachment, ActiveStorage::Blob  (app/models of the two engines)
//
// Spans of the generated code point at the macro that produced it (or, for the engines' models, at line 1 of a
// file named after the engine's), so diagnostics stay at a place the app's author can find.
import type { SourceFile } from "../parse/app.js";
import type { Node, NodeOf, Span } from "../parse/ir.js";
import { literalString, optionsOf } from "../parse/ir.js";
import { parseRuby } from "../parse/ruby.js";
import type { Schema } from "../parse/schema.js";
import { singularize, tableize } from "../../runtime/active-support/inflector.js";

/** The Ruby a macro call defines, or null when the call is not one of these macros. */
export function frameworkMacroSource(call: NodeOf<"call">): string | null {
  if (call.method === "delegate") return delegateSource(call);
  const name = literalString(call.args[0]);
  if (!name || !/^\w+$/.test(name)) return null;
  const options = optionsOf(call.args.slice(1));
  if (call.method === "delegated_type") return delegatedTypeSource(name, options);
  if (call.method === "has_rich_text") {
    if (options.get("encrypted")?.kind === "true") return null;
    return `
      def ${name}
        rich_text_${name} || build_rich_text_${name}
      end
      def ${name}?
        rich_text_${name}.present?
      end
      def ${name}=(body)
        self.${name}.body = body
      end
      has_one :rich_text_${name}, -> { where(name: "${name}") }, class_name: "ActionText::RichText", as: :record, inverse_of: :record, autosave: true, dependent: :destroy
      scope :with_rich_text_${name}, -> { includes(:rich_text_${name}) }
      scope :with_rich_text_${name}_and_embeds, -> { includes(rich_text_${name}: { embeds_attachments: :blob }) }
    `;
  }
  if (call.method === "has_one_attached") {
    return `
      def ${name}
        ActiveStorage::Attached::One.new("${name}", self)
      end
      has_one :${name}_attachment, -> { where(name: "${name}") }, class_name: "ActiveStorage::Attachment", as: :record, inverse_of: :record, dependent: :destroy
      has_one :${name}_blob, through: :${name}_attachment, class_name: "ActiveStorage::Blob", source: :blob
      scope :with_attached_${name}, -> { includes(${name}_attachment: :blob) }
    `;
  }
  if (call.method === "has_many_attached") {
    return `
      def ${name}
        ActiveStorage::Attached::Many.new("${name}", self)
      end
      has_many :${name}_attachments, -> { where(name: "${name}") }, as: :record, class_name: "ActiveStorage::Attachment", inverse_of: :record, dependent: :destroy
      has_many :${name}_blobs, through: :${name}_attachments, class_name: "ActiveStorage::Blob", source: :blob
      scope :with_attached_${name}, -> { includes(${name}_attachments: :blob) }
    `;
  }
  return null;
}

/**
 * `delegated_type :entryable, types: %w[ Message Comment ], **options` (activerecord 7.2 delegated_type.rb): a
 * polymorphic belongs_to with the other options (built from the call itself, so any option belongs_to takes or
 * declines is judged there), then per role and per type the methods define_delegated_type_methods defines.
 */
function delegatedTypeSource(role: string, options: Map<string, Node>): string | null {
  const typesNode = options.get("types");
  const types = typesNode?.kind === "array" ? typesNode.elements.map((e) => literalString(e)) : null;
  if (!types || types.some((t) => t === null || !/^[A-Z]\w*(::[A-Z]\w*)*$/.test(t))) return null;
  const literal = (key: string, fallback: string) => (options.has(key) ? literalString(options.get(key)) : fallback);
  const primaryKey = literal("primary_key", "id");
  const roleType = literal("foreign_type", `${role}_type`);
  const roleId = literal("foreign_key", `${role}_id`);
  if (!primaryKey || !roleType || !roleId) return null;
  const perType = (types as string[]).map((type) => {
    const scopeName = tableize(type).replace(/\//g, "_");
    const singular = singularize(scopeName);
    return `
      scope :${scopeName}, -> { where(${roleType}: ${JSON.stringify(type)}) }
      def ${singular}?
        ${roleType} == ${JSON.stringify(type)}
      end
      def ${singular}
        ${role} if ${singular}?
      end
      def ${singular}_${primaryKey}
        ${roleId} if ${singular}?
      end`;
  });
  return `
    def self.${role}_types
      ${JSON.stringify(types)}
    end
    def ${role}_class
      ${roleType}.constantize
    end
    def ${role}_name
      ${role}_class.model_name.singular.inquiry
    end
    def build_${role}(*params)
      self.${role} = ${role}_class.new(*params)
    end
    ${perType.join("\n")}
  `;
}

/** delegated_type's belongs_to: the call's own options less types: and scope:, plus polymorphic: true. */
function delegatedTypeAssociation(call: NodeOf<"call">): Node {
  const hash = call.args.slice(1).find((a): a is NodeOf<"hash"> => a.kind === "hash");
  const pairs = (hash?.pairs ?? []).filter((p) => literalString(p.key) !== "types" && literalString(p.key) !== "scope");
  const scope = hash?.pairs.find((p) => literalString(p.key) === "scope")?.value;
  const at = call.span;
  const polymorphic = { key: { kind: "sym", name: "polymorphic", span: at } as Node, value: { kind: "true", span: at } as Node };
  const options: Node = { kind: "hash", pairs: [...pairs, polymorphic], span: hash?.span ?? at };
  return { ...call, method: "belongs_to", args: [call.args[0]!, ...(scope ? [scope] : []), options] };
}

/**
 * `delegate :a, :b, to: :target, prefix:, allow_nil:` (ActiveSupport::Delegation.generate): one method per name
 * that calls the target once; a nil target answers nil with allow_nil, else raises Rails' DelegationError message.
 */
function delegateSource(call: NodeOf<"call">): string | null {
  const options = optionsOf(call.args);
  const to = literalString(options.get("to"));
  const names = call.args.filter((a) => a.kind !== "hash").map((a) => literalString(a));
  if (!to || !/^@?\w+$/.test(to) || !names.length || names.some((n) => n === null || !/^\w+[?!]?$/.test(n))) return null;
  const prefixNode = options.get("prefix");
  const prefix = prefixNode?.kind === "true" ? `${to}_` : prefixNode ? `${literalString(prefixNode) ?? ""}_` : "";
  if (prefixNode && prefixNode.kind !== "true" && literalString(prefixNode) === null) return null;
  const allowNil = options.get("allow_nil")?.kind === "true";
  return (names as string[]).map((method) => `
    def ${prefix}${method}(*args, &block)
      _ = ${to}
      ${allowNil ? "return nil if _.nil?" : `raise ${JSON.stringify(`${prefix}${method} delegated to ${to}, but ${to} is nil`)} if _.nil?`}
      _.${method}(*args, &block)
    end`).join("\n");
}

/** The statements a macro call expands to, positioned at the call. */
export function expandFrameworkMacro(call: NodeOf<"call">): Node[] | null {
  const source = frameworkMacroSource(call);
  if (source === null) return null;
  const at = call.span;
  const parsed = parseRuby(source, at.file, () => ({ line: at.line, column: at.column }));
  if (parsed.errors.length) return null;
  const body = parsed.body.map((n) => atSpan(n, at));
  return call.method === "delegated_type" ? [delegatedTypeAssociation(call), ...body] : body;
}

/** Every span in the tree replaced by `at` (the parser's mapper already gives start positions; ends too). */
function atSpan<T>(node: T, at: Span): T {
  if (Array.isArray(node)) return node.map((n) => atSpan(n, at)) as T;
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === "span" ? at : atSpan(v, at);
  return out as T;
}

/** The engines' models (as of Rails 7.2), for the tables the app's schema has. */
const ENGINE_MODELS: Array<{ engine: string; table: string; file: string; source: string }> = [
  {
    engine: "action_text",
    table: "action_text_rich_texts",
    file: "actiontext/app/models/action_text/rich_text.rb",
    source: `
module ActionText
  def self.table_name_prefix # isolate_namespace defines it on the engine's module
    "action_text_"
  end

  def self.use_relative_model_naming? # and this
    true
  end

  class Record < ActiveRecord::Base
    self.abstract_class = true
  end

  class RichText < Record
    serialize :body, coder: ActionText::Content

    belongs_to :record, polymorphic: true, touch: true

    def to_s
      body.to_s
    end

    def nil?
      body.nil?
    end

    def to_plain_text
      body&.to_plain_text.to_s
    end

    def to_trix_html
      body&.to_trix_html
    end

    def blank?
      to_plain_text.blank?
    end

    def empty?
      to_plain_text.empty?
    end

    def present?
      to_plain_text.present?
    end
  end
end
`,
  },
  {
    engine: "active_storage",
    table: "active_storage_attachments",
    file: "activestorage/app/models/active_storage/attachment.rb",
    source: `
module ActiveStorage
  def self.table_name_prefix # isolate_namespace defines it on the engine's module
    "active_storage_"
  end

  def self.use_relative_model_naming? # and this
    true
  end

  class Record < ActiveRecord::Base
    self.abstract_class = true
  end

  class Attachment < Record
    belongs_to :record, polymorphic: true, touch: true
    belongs_to :blob, class_name: "ActiveStorage::Blob", autosave: true
  end
end
`,
  },
  {
    engine: "active_storage",
    table: "active_storage_blobs",
    file: "activestorage/app/models/active_storage/blob.rb",
    source: `
module ActiveStorage
  def self.table_name_prefix # isolate_namespace defines it on the engine's module
    "active_storage_"
  end

  def self.use_relative_model_naming? # and this
    true
  end

  class Blob < Record
    has_many :attachments, class_name: "ActiveStorage::Attachment", foreign_key: "blob_id"
  end
end
`,
  },
];

/** Source files for the engines' models whose tables the schema has, when config/application.rb loads the engine. */
export function engineModelFiles(schema: Schema, engines: string[], enginesKnown: boolean): SourceFile[] {
  const tables = new Set(schema.tables.map((t) => t.name));
  const out: SourceFile[] = [];
  for (const m of ENGINE_MODELS) {
    if (!tables.has(m.table) || (enginesKnown && !engines.includes(m.engine))) continue;
    const absPath = `(${m.engine})/${m.file}`;
    const parsed = parseRuby(m.source, absPath);
    out.push({ path: m.file, absPath, source: m.source, body: parsed.body });
  }
  return out;
}
