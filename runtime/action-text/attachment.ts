// ActionText::Attachment, its attachables and the canonicalization Content.new runs (actiontext 7.2
// lib/action_text/attachment.rb, attachable.rb, attachables/*, attachments/*, trix_attachment.rb,
// attachment_gallery.rb):
//   Attachment.from_node(node)       ActionTextAttachment.fromNode(node)   attachable by Attachable.from_node:
//     an sgid's record (GlobalID::Locator.locate_signed for "attachable": actionTextConfig.locateSignedAttachable),
//     ContentAttachment (content-type ~ /html/ and content), RemoteImage (url and an image type), MissingAttachable
//   Attachment.from_attachable(record, attributes)   ActionTextAttachment.fromAttachable(record, attributes)
//   attachment.to_plain_text         toPlainText()     attachment.to_trix_attachment   toTrixAttachment()
//   Attachment.tag_name / ATTRIBUTES ActionTextAttachment.tagName() / .ATTRIBUTES
// Rendering an attachment's partial is the view's (content-helper.ts); ContentAttachment#to_html and the Trix
// content partial render through ActionText::Content.render (content.ts's renderer).
import { camelize, dasherize, underscore } from "../active-support/inflector.js";
import { buildModelName, type ModelName } from "../active-model/model-name.js";
import { isPresent, toS } from "../ruby/ruby.js";
import { NoMethodError } from "../ruby/exceptions.js";
import { rubyClassName } from "../active-support/core-ext/core-object.js";
import type { HtmlElement } from "../action-view/html/tree.js";
import type { SafeString } from "../active-support/safe.js";
import { parseSignedGlobalId, type SignedGlobalID } from "../gems/globalid/signed-global-id.js";
import { globalIdConstantize } from "../gems/globalid/global-id.js";
import { ATTACHABLE_LOCATOR_NAME, MISSING_ATTACHABLE_PARTIAL_PATH, attachableFromSgidOrNull } from "./attachable.js";
import { ActionTextFragment } from "./fragment.js";
import { ActionTextNode, newRoot, wrapNode } from "./node.js";
import { matchesSelector } from "./css.js";
import type { ActionTextContent } from "./content.js";

export class ActionTextNotImplemented extends Error {
  override name = "NotImplementedError";
}

export const actionTextConfig = {
  /** config.action_text.attachment_tag_name. */
  attachmentTagName: "action-text-attachment",
  /**
   * Attachable.attachable_from_sgid: GlobalID::Locator.locate_signed(sgid, for: "attachable"), the record an
   * attachment's sgid names, or null when it does not verify or the record is gone (RecordNotFound).
   */
  locateSignedAttachable: attachableFromSgidOrNull as ((sgid: string) => unknown) | null,
  /**
   * An app's override of Attachment.from_node's attachable lookup (e.g. one that tries an embed class of its own first):
   * consulted before Attachable.from_node; null/undefined falls through to it.
   */
  attachmentAttachableFromNode: null as ((node: ActionTextNode) => unknown) | null,
  /** Makes an ActionText::Content (content.ts registers it: the two modules need each other). */
  newContent: null as ((html: unknown, options?: { canonicalize?: boolean }) => ActionTextContent) | null,
  /** ActionText::Content.render(*args): render_to_string of the current renderer (content.ts registers it). */
  render: null as ((...args: unknown[]) => SafeString) | null,
};

const ATTRIBUTES = ["sgid", "content-type", "url", "href", "filename", "filesize", "width", "height", "previewable", "presentation", "caption", "content"];

function newContent(html: unknown, options?: { canonicalize?: boolean }): ActionTextContent {
  return actionTextConfig.newContent!(html, options);
}

/** Hash#presence of a String: nil when blank. */
function presence(v: string | null | undefined): string | null {
  return v !== null && v !== undefined && isPresent(v) ? v : null;
}

/** Document#create_element(name, attributes): each value's to_s. */
function createElement(name: string, attributes: Record<string, unknown>): ActionTextNode {
  const root = newRoot();
  const el: HtmlElement = { kind: "element", name, namespace: "html", attrs: Object.entries(attributes).map(([k, v]) => [k, toS(v)]), children: [], parent: root };
  root.children.push(el);
  return wrapNode(el);
}

/** ActionText::Attachables::ContentAttachment: HTML carried in the attachment's content attribute. */
export class ActionTextContentAttachment {
  static readonly rubyName = "ActionText::Attachables::ContentAttachment";
  private contentInstanceMemo: ActionTextContent | null = null;
  private toHtmlMemo: SafeString | null = null;
  /** ActiveModel::Naming (model_name.element is the partial's local name). */
  get modelName(): ModelName {
    return buildModelName((this.constructor as unknown as { rubyName: string }).rubyName);
  }
  constructor(readonly contentType: string | null, readonly content: string | null) {}

  static fromNode(node: ActionTextNode): ActionTextContentAttachment | null {
    const a = new ActionTextContentAttachment(node.get("content-type"), node.get("content"));
    return /html/.test(a.contentType ?? "") && isPresent(a.content) ? a : null;
  }

  /** The content's fragment node (its to_s is the content's HTML). */
  attachablePlainTextRepresentation(_caption: unknown): ActionTextNode {
    return this.contentInstance().fragment.source;
  }

  /** to_html: the content rendered as its partial (action_text/contents/_content) by Content.render, memoized. */
  toHtml(): SafeString {
    const content = this.contentInstance();
    this.toHtmlMemo ??= actionTextConfig.render!(content);
    return this.toHtmlMemo;
  }

  toS(): SafeString {
    return this.toHtml();
  }

  toRubyString(): string {
    return this.toHtml().toString();
  }

  private contentInstance(): ActionTextContent {
    this.contentInstanceMemo ??= newContent(this.content);
    return this.contentInstanceMemo;
  }

  toPartialPath(): string {
    return "action_text/attachables/content_attachment";
  }
}

/** ActionText::Attachables::RemoteImage: an image by URL. */
export class ActionTextRemoteImage {
  static readonly rubyName = "ActionText::Attachables::RemoteImage";
  /** ActiveModel::Naming (model_name.element is the partial's local name). */
  get modelName(): ModelName {
    return buildModelName((this.constructor as unknown as { rubyName: string }).rubyName);
  }
  constructor(readonly url: string, readonly contentType: string | null, readonly width: string | null, readonly height: string | null) {}

  static fromNode(node: ActionTextNode): ActionTextRemoteImage | null {
    const url = node.get("url");
    if (url === null || !/^image(\/.+|$)/m.test(node.get("content-type") ?? "")) return null;
    return new ActionTextRemoteImage(url, node.get("content-type"), node.get("width"), node.get("height"));
  }

  attachablePlainTextRepresentation(caption: unknown): string {
    return `[${caption === null || caption === undefined ? "Image" : toS(caption)}]`;
  }

  toPartialPath(): string {
    return "action_text/attachables/remote_image";
  }
}

/** `model_name.safe_constantize`: the model class of that name, or null when there is none. */
function safeConstantize(name: string): unknown {
  try {
    return globalIdConstantize(name);
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("uninitialized constant")) return null;
    throw e;
  }
}

/** ActionText::Attachables::MissingAttachable: what an sgid that locates nothing (and no other attachable) is. */
export class ActionTextMissingAttachable {
  static readonly rubyName = "ActionText::Attachables::MissingAttachable";
  static readonly DEFAULT_PARTIAL_PATH = MISSING_ATTACHABLE_PARTIAL_PATH;
  /** SignedGlobalID.parse(sgid, for: "attachable"): null unless it verifies. */
  readonly sgid: SignedGlobalID | null;
  /** ActiveModel::Naming (model_name.element is the partial's local name). */
  get modelName(): ModelName {
    return buildModelName((this.constructor as unknown as { rubyName: string }).rubyName);
  }
  constructor(sgid: string | null) {
    this.sgid = parseSignedGlobalId(sgid, { for: ATTACHABLE_LOCATOR_NAME });
  }

  /** The verified sgid's model class (`@sgid&.model_name.to_s.safe_constantize`). */
  model(): unknown {
    return this.sgid ? safeConstantize(this.sgid.modelName) : null;
  }

  /** The model's to_missing_attachable_partial_path (Attachable's class method), else DEFAULT_PARTIAL_PATH. */
  toPartialPath(): string {
    const model = this.model() as { toMissingAttachablePartialPath?: () => unknown; name?: string } | null;
    if (!model) return MISSING_ATTACHABLE_PARTIAL_PATH;
    if (typeof model.toMissingAttachablePartialPath !== "function") {
      throw new TypeError(`undefined method \`to_missing_attachable_partial_path' for class ${model.name ?? "?"}`);
    }
    return toS(model.toMissingAttachablePartialPath());
  }
}

/** ActionText::Attachable.from_node: the sgid's record, a ContentAttachment, a RemoteImage, else a MissingAttachable. */
export function attachableFromNode(node: ActionTextNode): unknown {
  const sgid = node.get("sgid");
  if (sgid !== null) {
    const locate = actionTextConfig.locateSignedAttachable;
    if (!locate) throw new ActionTextNotImplemented(`rails2ts: an Action Text attachment with an sgid needs GlobalID::Locator.locate_signed (set actionTextConfig.locateSignedAttachable)`);
    const record = locate(sgid);
    if (record !== null && record !== undefined) return record;
  }
  return ActionTextContentAttachment.fromNode(node) ?? ActionTextRemoteImage.fromNode(node) ?? new ActionTextMissingAttachable(sgid);
}

/** `model_name.element` of an object answering model_name (a method or a property); null otherwise. */
function modelElementOf(target: unknown): string | null {
  const named = target as { modelName?: unknown } | null;
  if (!named || typeof named !== "object" || !("modelName" in named)) return null;
  const modelName = typeof named.modelName === "function" ? (named.modelName as () => unknown).call(named) : named.modelName;
  return toS((modelName as { element?: unknown }).element);
}

/** Kernel#Array: nil -> [], an Array as is, a relation's records, anything else wrapped. */
function rubyArray(v: unknown): unknown[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v;
  const toA = (v as { toA?: unknown }).toA;
  return typeof toA === "function" ? (toA as () => unknown[]).call(v) : [v];
}

function callIfDefined(target: unknown, method: string, ...args: unknown[]): { value: unknown } | null {
  const fn = (target as Record<string, unknown> | null)?.[method];
  return typeof fn === "function" ? { value: (fn as (...a: unknown[]) => unknown).apply(target, args) } : null;
}

/** A class around one element whose HTML is the element's: to_html (HtmlConversion.node_to_html(node)) and to_s. */
class NodeWrapper {
  constructor(readonly node: ActionTextNode) {}

  toHtml(): string {
    return this.node.toHtml();
  }

  toS(): string {
    return this.toHtml();
  }

  toRubyString(): string {
    return this.toHtml();
  }
}

export class ActionTextAttachment extends NodeWrapper {
  static readonly rubyName = "ActionText::Attachment";
  static readonly ATTRIBUTES = ATTRIBUTES;
  private nodeAttributesMemo: Record<string, string> | null = null;

  /** delegate_missing_to :attachable: what the Attachment lacks, its attachable answers (`remote_image.url`). */
  constructor(node: ActionTextNode, readonly attachable: unknown) {
    super(node);
    return new Proxy(this, {
      get(target, key, receiver) {
        if (key in target || typeof key === "symbol") return Reflect.get(target, key, receiver);
        const a = target.attachable as Record<string, unknown> | null;
        if (a === null || typeof a !== "object" || !(key in a)) return undefined;
        const value = a[key];
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(a) : value;
      },
      has(target, key) {
        const a = target.attachable;
        return key in target || (a !== null && typeof a === "object" && key in a);
      },
    });
  }

  /** mattr_accessor :tag_name. */
  static tagName(): string {
    return actionTextConfig.attachmentTagName;
  }

  /** (Lowered code hands it any value: what is not a node fails where Ruby's would, reading the node's sgid.) */
  static fromNode(given: unknown, attachable: unknown = null): ActionTextAttachment {
    if (!(given instanceof ActionTextNode)) throw new NoMethodError(`undefined method \`[]' for ${given === null || given === undefined ? "nil" : `an instance of ${rubyClassName(given)}`}`);
    const node = given;
    return new ActionTextAttachment(node, attachable ?? actionTextConfig.attachmentAttachableFromNode?.(node) ?? attachableFromNode(node));
  }

  static fromAttributes(attributes: Record<string, unknown>, attachable: unknown = null): ActionTextAttachment | null {
    const node = nodeFromAttributes(attributes);
    return node ? ActionTextAttachment.fromNode(node, attachable) : null;
  }

  static fromAttachables(attachables: unknown): ActionTextAttachment[] {
    return rubyArray(attachables).flatMap((a) => ActionTextAttachment.fromAttachable(a) ?? []);
  }

  /** A node of the attachable's to_rich_text_attributes(attributes) (its sgid, content type, ...). */
  static fromAttachable(attachable: unknown, attributes: Record<string, unknown> = {}): ActionTextAttachment | null {
    const toRichTextAttributes = callIfDefined(attachable, "toRichTextAttributes", attributes);
    if (!toRichTextAttributes) throw new TypeError(`undefined method \`to_rich_text_attributes' for ${toS(attachable)}`);
    const node = nodeFromAttributes(toRichTextAttributes.value as Record<string, unknown>);
    return node ? new ActionTextAttachment(node, attachable) : null;
  }

  caption(): string | null {
    return presence(this.nodeAttributes().caption);
  }

  /** node_attributes merged with the attachable's to_rich_text_attributes and the sgid. */
  fullAttributes(): Record<string, unknown> {
    const own = this.nodeAttributes();
    const attachable = Object.fromEntries(Object.entries((callIfDefined(this.attachable, "toRichTextAttributes")?.value ?? {}) as Record<string, unknown>).map(([k, v]) => [toS(k), v]));
    const sgid = own.sgid !== undefined ? { sgid: own.sgid } : attachable.sgid !== undefined ? { sgid: attachable.sgid } : {};
    return { ...own, ...attachable, ...sgid };
  }

  withFullAttributes(): ActionTextAttachment | null {
    return ActionTextAttachment.fromAttributes(this.fullAttributes(), this.attachable);
  }

  /** The attachable's plain text representation (of the caption), else the caption. */
  toPlainText(): unknown {
    const represented = callIfDefined(this.attachable, "attachablePlainTextRepresentation", this.caption());
    return represented ? represented.value : toS(this.caption());
  }

  /** Attachments::TrixConversion#to_trix_attachment. */
  toTrixAttachment(content: unknown = this.trixAttachmentContent()): ActionTextTrixAttachment {
    const attributes = { ...this.fullAttributes() };
    if (content !== null && content !== undefined && content !== false) attributes.content = content;
    return ActionTextTrixAttachment.fromAttributes(attributes);
  }

  /** The attachable's to_trix_content_attachment_partial_path rendered with this attachment as its object. */
  private trixAttachmentContent(): unknown {
    const path = callIfDefined(this.attachable, "toTrixContentAttachmentPartialPath");
    if (!path || path.value === null || path.value === undefined || path.value === false) return null;
    const as = modelElementOf(this.attachable);
    return actionTextConfig.render!({ partial: toS(path.value), formats: "html", object: this, ...(as !== null ? { as } : {}) });
  }

  private nodeAttributes(): Record<string, string> {
    this.nodeAttributesMemo ??= Object.fromEntries(ATTRIBUTES.flatMap((name) => {
      const v = this.node.get(name);
      return v === null ? [] : [[underscore(name), v]];
    }));
    return this.nodeAttributesMemo;
  }
}

/** Attachment.node_from_attributes: keys dasherized, sliced to ATTRIBUTES (in that order); nil when none. */
function nodeFromAttributes(attributes: Record<string, unknown>): ActionTextNode | null {
  const dashed = new Map(Object.entries(attributes).map(([k, v]) => [dasherize(underscore(toS(k))), v]));
  const sliced: Record<string, unknown> = {};
  for (const name of ATTRIBUTES) if (dashed.has(name)) sliced[name] = dashed.get(name);
  return Object.keys(sliced).length ? createElement(ActionTextAttachment.tagName(), sliced) : null;
}

/** Kernel#Integer(s, exception: false): decimal, 0x / 0b / 0o / 0 prefixes, underscores between digits. */
function rubyInteger(s: string): number | null {
  const m = /^[\t\n\v\f\r ]*([+-]?)(0x[0-9a-f]+(?:_[0-9a-f]+)*|0b[01]+(?:_[01]+)*|0o?[0-7]+(?:_[0-7]+)*|[1-9]\d*(?:_\d+)*|0)[\t\n\v\f\r ]*$/i.exec(s);
  if (!m) return null;
  const digits = m[2]!.replace(/_/g, "").toLowerCase();
  const n = digits.startsWith("0x") ? parseInt(digits.slice(2), 16) : digits.startsWith("0b") ? parseInt(digits.slice(2), 2) : /^0o?[0-7]/.test(digits) ? parseInt(digits.replace(/^0o?/, ""), 8) : Number(digits);
  return m[1] === "-" ? -n : n;
}

const TRIX_COMPOSED = ["caption", "presentation"];
const TRIX_ATTRIBUTES = ["sgid", "contentType", "url", "href", "filename", "filesize", "width", "height", "previewable", "content", ...TRIX_COMPOSED];
const TRIX_TYPES: Record<string, (v: unknown) => unknown> = {
  previewable: (v) => toS(v) === "true",
  filesize: (v) => rubyInteger(toS(v)) ?? v,
  width: (v) => rubyInteger(toS(v)),
  height: (v) => rubyInteger(toS(v)),
};

/** ActionText::TrixAttachment: Trix's <figure data-trix-attachment="{json}" data-trix-attributes="{json}">. */
export class ActionTextTrixAttachment extends NodeWrapper {
  static readonly rubyName = "ActionText::TrixAttachment";
  static readonly SELECTOR = "[data-trix-attachment]";

  static fromAttributes(attributes: Record<string, unknown>): ActionTextTrixAttachment {
    const typed = Object.entries(attributes).map(([k, v]): [string, unknown] => {
      const key = camelize(underscore(toS(k)), "lower");
      return [key, (TRIX_TYPES[key] ?? toS)(v)];
    });
    const attachment = Object.fromEntries(typed.filter(([k]) => !TRIX_COMPOSED.includes(k)));
    const composed = Object.fromEntries(TRIX_COMPOSED.flatMap((k) => typed.filter(([key]) => key === k)));
    const node = createElement("figure", {});
    node.set("data-trix-attachment", JSON.stringify(attachment));
    if (Object.keys(composed).length) node.set("data-trix-attributes", JSON.stringify(composed));
    return new ActionTextTrixAttachment(node);
  }

  /** The JSON attributes, sliced to TrixAttachment::ATTRIBUTES (unparseable JSON reads as {}). */
  attributes(): Record<string, unknown> {
    const merged = { ...this.readJson("data-trix-attachment"), ...this.readJson("data-trix-attributes") };
    return Object.fromEntries(TRIX_ATTRIBUTES.filter((k) => k in merged).map((k) => [k, merged[k]]));
  }

  private readJson(name: string): Record<string, unknown> {
    const value = this.node.get(name);
    if (value === null) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
    if (parsed === null) return {};
    if (typeof parsed !== "object" || Array.isArray(parsed)) throw new TypeError(`no implicit conversion of ${Array.isArray(parsed) ? "Array" : typeof parsed} into Hash`);
    return parsed as Record<string, unknown>;
  }
}

/** Content.fragment_by_canonicalizing_content: Trix figures to attachments, attachments emptied, galleries rewrapped. */
export function fragmentByCanonicalizingContent(content: unknown): ActionTextFragment {
  const converted = ActionTextFragment.wrap(content).replace(ActionTextTrixAttachment.SELECTOR, (node) =>
    ActionTextAttachment.fromAttributes(new ActionTextTrixAttachment(node).attributes()));
  const minified = converted.replace(ActionTextAttachment.tagName(), (node) => node.tap((n) => n.setInnerHtml("")));
  return fragmentByReplacingAttachmentGalleryNodes(minified, (node) => `<div>${node.innerHtml()}</div>`);
}

function gallerySelector(): string {
  return `${ActionTextAttachment.tagName()}[presentation=gallery]`;
}

/** AttachmentGallery.find_attachment_gallery_nodes: divs holding only gallery attachments and blanks. */
export function findAttachmentGalleryNodes(content: unknown): ActionTextNode[] {
  const attachment = gallerySelector();
  return ActionTextFragment.wrap(content).findAll(`div:has(${attachment} + ${attachment})`).filter((node) =>
    node.children().every((child) => (child.isText() ? /^(\n| )*$/.test(child.text()) : matchesSelector(child.node, attachment))));
}

/** AttachmentGallery.fragment_by_replacing_attachment_gallery_nodes. */
export function fragmentByReplacingAttachmentGalleryNodes(content: unknown, block: (node: ActionTextNode) => unknown): ActionTextFragment {
  return ActionTextFragment.wrap(content).update((source) => {
    for (const node of findAttachmentGalleryNodes(source)) node.replace(toS(block(node)));
  });
}

/** ActionText::AttachmentGallery. */
export class ActionTextAttachmentGallery {
  static readonly rubyName = "ActionText::AttachmentGallery";
  constructor(readonly node: ActionTextNode) {}

  attachments(): Array<ActionTextAttachment | null> {
    return this.node.css(gallerySelector()).map((n) => ActionTextAttachment.fromNode(n).withFullAttributes());
  }

  size(): number {
    return this.attachments().length;
  }
}
