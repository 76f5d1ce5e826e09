// ActionView::Base as a value: what `self.class` is in a template. Its class-level readers are
// SanitizeHelper::ClassMethods (the sanitizers config.action_view.sanitizer_vendor makes, and their allow lists).
//   self.class.full_sanitizer.sanitize(html)        ActionViewBase.fullSanitizer().sanitize(html)   (a String)
//   self.class.sanitizer_vendor.name                "Rails::HTML5::Sanitizer" (HTML4 under load_defaults < 7.1)
//   self.class.sanitized_allowed_tags               the SafeListSanitizer's allowed tags (a Set)
import { RubyClass } from "../active-support/core-ext/core-object.js";
import { toS } from "../ruby/ruby.js";
import { safeListSanitize, sanitizerConfig, stripLinks, stripTags, type SanitizeOptions } from "./sanitize.js";

const vendorName = () => (sanitizerConfig.vendor === "html4" ? "Rails::HTML4" : "Rails::HTML5");

class Sanitizer {
  constructor(
    readonly rubyClassName: string,
    readonly sanitize: (html: unknown, options?: SanitizeOptions) => string | null,
  ) {}
  toRubyInspect(): string {
    return `#<${this.rubyClassName}>`;
  }
}

export const ActionViewBase = {
  name: "ActionView::Base",
  toRubyString: () => "ActionView::Base",
  toRubyInspect: () => "ActionView::Base",
  sanitizerVendor: () => new RubyClass(`${vendorName()}::Sanitizer`),
  /** Rails::HTML*::FullSanitizer#sanitize: the text, escaped, as a plain String (strip_tags marks it html_safe). */
  fullSanitizer: () => new Sanitizer(`${vendorName()}::FullSanitizer`, (html) => {
    const out = stripTags(html);
    return out === null ? null : toS(out);
  }),
  linkSanitizer: () => new Sanitizer(`${vendorName()}::LinkSanitizer`, (html) => stripLinks(html)),
  safeListSanitizer: () => new Sanitizer(`${vendorName()}::SafeListSanitizer`, (html, options) => safeListSanitize(html, options ?? {})),
  sanitizedAllowedTags: () => new Set(sanitizerConfig.allowedTags),
  sanitizedAllowedAttributes: () => new Set(sanitizerConfig.allowedAttributes),
};
