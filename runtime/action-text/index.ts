// Action Text's content objects at run time (actiontext 7.2): Content, Fragment, their nodes and CSS selectors,
// attachments, plain text, and the ContentHelper view helpers.
export { ActionTextContent, actionTextRenderer, type ContentOptions } from "./content.js";
export { ActionTextFragment, fragmentForHtml } from "./fragment.js";
export { ActionTextNode, wrapNode } from "./node.js";
export { parseSelector, selectAll, matchesSelector, UnsupportedSelectorError } from "./css.js";
export { nodeToPlainText } from "./plain-text.js";
export {
  ActionTextAttachment, ActionTextAttachableModule, ActionTextAttachmentGallery, ActionTextContentAttachment, ActionTextMissingAttachable, ActionTextRemoteImage,
  ActionTextTrixAttachment, ActionTextNotImplemented, actionTextConfig, attachableFromNode,
} from "./attachment.js";
export {
  ATTACHABLE_LOCATOR_NAME, actionTextAttachableSgid, attachableFromSgid, attachableFromSgidOrNull, includeActionTextAttachable, isActionTextAttachableClass,
} from "./attachable.js";
export {
  actionTextSanitizerConfig, renderActionTextAttachment, renderActionTextAttachments, renderActionTextContent, sanitizeActionTextContent,
  sanitizeContentAttachment, sanitizerAllowedAttributes, sanitizerAllowedTags,
} from "./content-helper.js";
