// ActionText::ContentHelper (actiontext 7.2 app/helpers/action_text/content_helper.rb), the view helpers the
// content partial calls:
//   render_action_text_content(content)     renderActionTextContent(view, content)   attachments rendered, sanitized
//   sanitize_action_text_content(content)    sanitizeActionTextContent(content)       safe-list sanitized to_html
// The sanitizer is ContentHelper.sanitizer: Rails::HTML4::SafeListSanitizer unless config.action_text.sanitizer_vendor
// says otherwise (load_defaults 7.1+ picks HTML5), allowing its class's tags plus action-text-attachment, figure and
// figcaption, and its attributes plus ActionText::Attachment::ATTRIBUTES.
// An attachment renders its partial through the view's `render`; a gallery (a layout with a block) throws.
import { toS } from "../ruby/ruby.js";
import type { ViewHost } from "../active-model/host.js";
import { SafeString } from "../active-support/safe.js";
import { DEFAULT_ALLOWED_ATTRIBUTES, DEFAULT_ALLOWED_TAGS, safeListSanitize, sanitizerConfig } from "../action-view/sanitize.js";
import { ActionTextAttachment, ActionTextNotImplemented } from "./attachment.js";
import type { ActionTextContent } from "./content.js";

export const actionTextSanitizerConfig = {
  /** config.action_text.sanitizer_vendor: Rails::HTML4 by default, Rails::HTML5 under load_defaults 7.1+. */
  vendor: "html4" as "html4" | "html5",
  /** ContentHelper.allowed_tags / allowed_attributes (nil: the sanitizer class's, plus Action Text's). */
  allowedTags: null as Iterable<string> | null,
  allowedAttributes: null as Iterable<string> | null,
};

/** The sanitizer class's own lists: the view's (config.action_view.sanitized_allowed_*) when it is the same class. */
function classLists(): { tags: Iterable<string>; attributes: Iterable<string> } {
  const same = sanitizerConfig.vendor === actionTextSanitizerConfig.vendor;
  return same
    ? { tags: sanitizerConfig.allowedTags, attributes: sanitizerConfig.allowedAttributes }
    : { tags: DEFAULT_ALLOWED_TAGS, attributes: DEFAULT_ALLOWED_ATTRIBUTES };
}

export function sanitizerAllowedTags(): string[] {
  return [...(actionTextSanitizerConfig.allowedTags ?? [...classLists().tags, ActionTextAttachment.tagName(), "figure", "figcaption"])];
}

export function sanitizerAllowedAttributes(): string[] {
  return [...(actionTextSanitizerConfig.allowedAttributes ?? [...classLists().attributes, ...ActionTextAttachment.ATTRIBUTES])];
}

function sanitize(html: string): string {
  return safeListSanitize(html, { tags: sanitizerAllowedTags(), attributes: sanitizerAllowedAttributes(), vendor: actionTextSanitizerConfig.vendor }) ?? "";
}

/** sanitize_content_attachment: an attachment's `content` attribute (a String, not html_safe). */
export function sanitizeContentAttachment(html: string): string {
  return sanitize(html);
}

/** sanitize_action_text_content(content): content.to_html through the sanitizer, html_safe. */
export function sanitizeActionTextContent(content: unknown): SafeString {
  return new SafeString(sanitize((content as ActionTextContent).toHtml()));
}

/** String#chomp: one trailing "\n", "\r\n" or "\r" removed. */
function chomp(s: string): string {
  return s.replace(/(\r\n|\n|\r)$/, "");
}

interface RenderingHost extends ViewHost {
  render?(target: unknown, locals?: unknown): SafeString | null;
}

function modelElement(attachable: unknown): string | null {
  const named = attachable as { modelName?: unknown } | null;
  if (!named || typeof named !== "object" || !("modelName" in named)) return null;
  const modelName = typeof named.modelName === "function" ? (named.modelName as () => unknown).call(named) : named.modelName;
  return toS((modelName as { element?: unknown }).element);
}

/** render_action_text_attachment(attachment, locals:): the attachable's partial with the attachment as its object. */
export function renderActionTextAttachment(view: RenderingHost, attachment: ActionTextAttachment, locals: Record<string, unknown> = {}): string {
  if (typeof view.render !== "function") throw new ActionTextNotImplemented("rails2ts: rendering an Action Text attachment needs a view that renders partials");
  const attachable = attachment.attachable as Record<string, unknown> | null;
  const own = typeof attachable?.toAttachablePartialPath === "function" ? (attachable.toAttachablePartialPath as () => unknown).call(attachable) : null;
  const fallback = typeof attachable?.toPartialPath === "function" ? (attachable.toPartialPath as () => unknown).call(attachable) : null;
  const partial = own ?? fallback;
  if (partial === null || partial === undefined) throw new ActionTextNotImplemented("rails2ts: an Action Text attachable without a partial path");
  const as = modelElement(attachment.attachable);
  const options: Record<string, unknown> = { locals, object: attachment, partial: toS(partial) };
  if (as !== null) options.as = as;
  return chomp(toS(view.render(options)));
}

/**
 * render_action_text_attachments(content): each attachment node replaced by its full-attribute node holding the
 * rendered partial. (Rails skips attachments `in?(content.gallery_attachments)`, which compares objects that are
 * never the same: none is skipped.) Galleries then render with the gallery partial as a layout: not implemented.
 */
export function renderActionTextAttachments(view: RenderingHost, content: ActionTextContent): ActionTextContent {
  return content
    .renderAttachments((attachment: ActionTextAttachment | null) => {
      if (!attachment) throw new TypeError("undefined method `node' for nil");
      return attachment.node.tap((node) => node.setInnerHtml(renderActionTextAttachment(view, attachment, { in_gallery: false })));
    })
    .renderAttachmentGalleries(() => {
      throw new ActionTextNotImplemented("rails2ts: rendering an Action Text attachment gallery (its partial as a layout) is not implemented");
    });
}

/** render_action_text_content(content). */
export function renderActionTextContent(view: ViewHost, content: unknown): SafeString {
  return sanitizeActionTextContent(renderActionTextAttachments(view, content as ActionTextContent));
}

