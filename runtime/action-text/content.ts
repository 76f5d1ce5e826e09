// ActionText::Content (actiontext 7.2 lib/action_text/content.rb, rendering.rb, serialization.rb): an HTML
// fragment with links, attachments, plain text and rendering. Ruby -> TS (the one naming rule):
//   Content.new(html, canonicalize: false)   new ActionTextContent(html, { canonicalize: false }) / ActionTextContent.new(...)
//   content.fragment  .to_html  .to_plain_text  .to_trix_html  .to_s  .blank?  .links  .attachments  .attachables
//   content.fragment  toHtml()  toPlainText()   toTrixHtml()   toS()  isBlank() links() attachments() attachables()
// to_s renders the content partial inside its layout: that is the app's view renderer, plugged in as
// actionTextRenderer.renderer (it throws until the app sets it); Content.render(*args) (render_to_string, what
// ContentAttachment#to_html and the Trix content partial use) is actionTextRenderer.renderToString.
import { inspectString, isBlank, isPlainObject, toS } from "../ruby/ruby.js";
import { truncate } from "../active-support/string-filters.js";
import { SafeString } from "../active-support/safe.js";
import {
  ActionTextAttachment, ActionTextAttachmentGallery, ActionTextNotImplemented, actionTextConfig, attachableFromNode, findAttachmentGalleryNodes,
  fragmentByCanonicalizingContent, fragmentByReplacingAttachmentGalleryNodes,
} from "./attachment.js";
import { sanitizeContentAttachment } from "./content-helper.js";
import { ActionTextFragment } from "./fragment.js";
import type { ActionTextNode } from "./node.js";

type Renderer = (content: ActionTextContent) => SafeString;

/** ActionText::Content.render(...): `render layout: "action_text/contents/content", partial: content.to_partial_path,
 *  formats: :html, locals: { content: }` by the app's renderer (a controller's, per request, in Rails). */
export const actionTextRenderer = {
  renderer: null as Renderer | null,
  /** `render_to_string(options)` of the renderer: a fresh view of the request rendering a partial (html). */
  renderToString: null as ((options: Record<string, unknown>) => unknown) | null,
  render(content: ActionTextContent): SafeString {
    if (!this.renderer) throw new ActionTextNotImplemented("rails2ts: ActionText::Content#to_s needs a renderer: set actionTextRenderer.renderer");
    return this.renderer(content);
  },
};

/**
 * ActionText::Content.render(*args) -> render_to_string: an options Hash as is; an object (`render(content)`) is
 * its to_partial_path partial with itself as the object (ActionView's _normalize_args: options[:partial] = object).
 */
function renderToString(...args: unknown[]): SafeString {
  if (!actionTextRenderer.renderToString) throw new ActionTextNotImplemented("rails2ts: ActionText::Content.render needs a renderer: set actionTextRenderer.renderToString");
  const [target] = args;
  const partialOf = (o: unknown) => (o as { toPartialPath?: unknown } | null)?.toPartialPath;
  let options: Record<string, unknown>;
  if (isPlainObject(target)) options = target;
  else if (typeof partialOf(target) === "function") options = { partial: toS((partialOf(target) as () => unknown).call(target)), object: target };
  else throw new ActionTextNotImplemented(`rails2ts: ActionText::Content.render of ${toS(target)} is not supported`);
  const out = actionTextRenderer.renderToString(options);
  return out instanceof SafeString ? out : new SafeString(toS(out));
}

export interface ContentOptions {
  canonicalize?: boolean;
}

type AttachmentBlock = (attachment: ActionTextAttachment) => unknown;

/** render_attachments(**options, &block) as lowered: the block last, an options hash before it. */
function optionsAndBlock(args: unknown[]): [{ with_full_attributes?: boolean; withFullAttributes?: boolean }, AttachmentBlock] {
  const block = args.pop();
  if (typeof block !== "function") throw new TypeError("render_attachments needs a block");
  return [(args[0] ?? {}) as { with_full_attributes?: boolean }, block as AttachmentBlock];
}

export class ActionTextContent {
  static readonly rubyName = "ActionText::Content";
  readonly fragment: ActionTextFragment;
  private memo: { links?: string[]; attachments?: ActionTextAttachment[]; attachables?: unknown[]; galleries?: ActionTextAttachmentGallery[]; nodes?: ActionTextNode[] } = {};

  constructor(content: unknown = null, options: ContentOptions | null = {}) {
    const canonicalize = options?.canonicalize ?? true;
    this.fragment = canonicalize ? ActionTextContent.fragmentByCanonicalizingContent(content) : ActionTextFragment.wrap(content);
  }

  /** Content.new under its Ruby name (dynamic sends, CORE_CONSTANTS). */
  static new(content: unknown = null, options: ContentOptions | null = {}): ActionTextContent {
    return new ActionTextContent(content, options);
  }

  static fragmentByCanonicalizingContent(content: unknown): ActionTextFragment {
    return fragmentByCanonicalizingContent(content);
  }

  /** Serialization.load: the column's HTML as Content (nil stays nil). */
  static load(content: unknown): ActionTextContent | null {
    return content === null || content === undefined || content === false ? null : new ActionTextContent(content);
  }

  /** Serialization.dump: what the column stores. */
  static dump(content: unknown): string | null {
    if (content === null || content === undefined) return null;
    if (content instanceof ActionTextContent) return content.toHtml();
    const body = (content as { body?: unknown }).body;
    if (body instanceof ActionTextContent) return body.toHtml();
    return new ActionTextContent(content).toHtml();
  }

  /** ActionText::Content.render(*args) (Rendering): the renderer's render_to_string. */
  static render(...args: unknown[]): SafeString {
    return renderToString(...args);
  }

  /** Content#render, delegated to the class. */
  render(...args: unknown[]): SafeString {
    return renderToString(...args);
  }

  /** ActionText::Content.with_renderer(renderer) { }: the renderer for the block's duration. */
  static withRenderer<T>(renderer: Renderer, block: () => T): T {
    const previous = actionTextRenderer.renderer;
    actionTextRenderer.renderer = renderer;
    try {
      return block();
    } finally {
      actionTextRenderer.renderer = previous;
    }
  }

  /** The hrefs of a[href], unique, in document order. */
  links(): string[] {
    this.memo.links ??= [...new Set(this.fragment.findAll("a[href]").map((a) => a.get("href")!))];
    return this.memo.links;
  }

  attachments(): ActionTextAttachment[] {
    this.memo.attachments ??= this.attachmentNodes().map((node) => this.attachmentForNode(node) as ActionTextAttachment);
    return this.memo.attachments;
  }

  attachmentGalleries(): ActionTextAttachmentGallery[] {
    this.memo.galleries ??= findAttachmentGalleryNodes(this.fragment).map((node) => new ActionTextAttachmentGallery(node));
    return this.memo.galleries;
  }

  galleryAttachments(): Array<ActionTextAttachment | null> {
    return this.attachmentGalleries().flatMap((g) => g.attachments());
  }

  attachables(): unknown[] {
    this.memo.attachables ??= this.attachmentNodes().map((node) => attachableFromNode(node));
    return this.memo.attachables;
  }

  /** A new Content: this one's to_s (rendered with its layout, as Rails does), then the attachables' attachments. */
  appendAttachables(attachables: unknown): ActionTextContent {
    const attachments = ActionTextAttachment.fromAttachables(attachables);
    const own = this.toS().toString();
    return new ActionTextContent([...(isBlank(own) ? [] : [own]), ...attachments.map((a) => a.toS())].join("\n"));
  }

  /**
   * Each attachment node of a copy, its content attribute sanitized, replaced by the block's value for its
   * Attachment (with_full_attributes: true unless told otherwise): a new Content, not canonicalized.
   */
  renderAttachments(...args: unknown[]): ActionTextContent {
    const [options, block] = optionsAndBlock(args);
    const full = options.with_full_attributes ?? options.withFullAttributes ?? true;
    const fragment = this.fragment.replace(ActionTextAttachment.tagName(), (node) => {
      if (node.isKey("content")) {
        const sanitized = sanitizeContentAttachment(toS(node.removeAttribute("content")));
        if (!isBlank(sanitized)) node.set("content", sanitized);
      }
      return block(this.attachmentForNode(node, full) as ActionTextAttachment);
    });
    return new ActionTextContent(fragment, { canonicalize: false });
  }

  renderAttachmentGalleries(block: (gallery: ActionTextAttachmentGallery) => unknown): ActionTextContent {
    const fragment = fragmentByReplacingAttachmentGalleryNodes(this.fragment, (node) => block(new ActionTextAttachmentGallery(node)));
    return new ActionTextContent(fragment, { canonicalize: false });
  }

  /** Tags removed, attachments as their plain text, block structure as newlines (not HTML-safe). */
  toPlainText(): string {
    return this.renderAttachments({ with_full_attributes: false }, (a: ActionTextAttachment) => a.toPlainText()).fragment.toPlainText();
  }

  toTrixHtml(): string {
    return this.renderAttachments((a: ActionTextAttachment | null) => {
      if (!a) throw new TypeError("undefined method `to_trix_attachment' for nil");
      return a.toTrixAttachment();
    }).toHtml();
  }

  toHtml(): string {
    return this.fragment.toHtml();
  }

  toRenderedHtmlWithLayout(): SafeString {
    return actionTextRenderer.render(this);
  }

  toPartialPath(): string {
    return "action_text/contents/content";
  }

  /** to_s: the content partial rendered in its layout (html_safe). */
  toS(): SafeString {
    return this.toRenderedHtmlWithLayout();
  }

  toRubyString(): string {
    return this.toS().toString();
  }

  toString(): string {
    return this.toRubyString();
  }

  asJson(): string {
    return this.toHtml();
  }

  /** `#<ActionText::Content "<div>Hello <strong>wo...">`. */
  toRubyInspect(): string {
    return `#<ActionText::Content ${inspectString(truncate(this.toHtml(), 25))}>`;
  }

  inspect(): string {
    return this.toRubyInspect();
  }

  /** ==: the same HTML. */
  isEqual(other: unknown): boolean {
    return other instanceof ActionTextContent && this.toHtml() === other.toHtml();
  }

  // blank?, empty?, present?, html_safe are to_html's (without the layout).
  isBlank(): boolean {
    return isBlank(this.toHtml());
  }

  isEmpty(): boolean {
    return this.toHtml() === "";
  }

  isPresent(): boolean {
    return !this.isBlank();
  }

  htmlSafe(): SafeString {
    return new SafeString(this.toHtml());
  }

  deconstruct(): ActionTextNode[] {
    return this.fragment.deconstruct();
  }

  private attachmentNodes(): ActionTextNode[] {
    this.memo.nodes ??= this.fragment.findAll(ActionTextAttachment.tagName());
    return this.memo.nodes;
  }

  private attachmentForNode(node: ActionTextNode, withFullAttributes = true): ActionTextAttachment | null {
    const attachment = ActionTextAttachment.fromNode(node);
    return withFullAttributes ? attachment.withFullAttributes() : attachment;
  }
}

actionTextConfig.newContent = (html, options) => new ActionTextContent(html, options);
actionTextConfig.render = renderToString;
