// The test recorder's own ActionText::Content::Filter and Content::Filters (test/fixtures/action-text/record.rb defines
// them, as apps do in lib/: they are not Rails 7.2's), written as the compiler lowers such lib classes:
//   class Strip < ActionText::Content::Filter          class Strip extends ActionTextContentFilter
//     def applicable? = true                             override isApplicable() { return true; }
//     def apply = fragment.replace("b") { nil }          override apply() { return send(this.fragment(), "replace", ...) }
//   Strip.apply(content)                               Strip.apply(content)   a new Content when applicable, else content
//   Filters.new(A, B).apply(content)                   ActionTextContentFiltersClass.new(A, B).apply(content)
// `content` and `fragment` are methods (the compiler lowers the subclass's self calls to `this.content()`).
import { truthy } from "../../runtime/ruby/ruby.js";
import { RubyObject } from "../../runtime/ruby/ruby-object.js";
import { ActionTextNotImplemented } from "../../runtime/action-text/attachment.js";
import { ActionTextContent } from "../../runtime/action-text/content.js";
import type { ActionTextFragment } from "../../runtime/action-text/fragment.js";

export class ActionTextContentFilter extends RubyObject {
  static override rubyName = "ActionText::Content::Filter";

  /** Filter.apply(content): the filter's result as a Content (canonicalize: false) when applicable. */
  static override apply(content: unknown): unknown {
    const filter = (this as unknown as { build(c: unknown): ActionTextContentFilter }).build(content);
    return truthy(filter.isApplicable()) ? new ActionTextContent(filter.apply(), { canonicalize: false }) : content;
  }

  override initialize(content: unknown): unknown {
    this.ivars.content = content;
    return null;
  }

  content(): unknown {
    return this.ivars.content ?? null;
  }

  /** delegate :fragment, to: :content. */
  fragment(): ActionTextFragment {
    const content = this.content();
    if (content instanceof ActionTextContent) return content.fragment;
    const fragment = (content as { fragment?: unknown } | null)?.fragment;
    if (fragment === undefined) throw new TypeError("undefined method `fragment' for nil");
    return (typeof fragment === "function" ? (fragment as () => unknown).call(content) : fragment) as ActionTextFragment;
  }

  isApplicable(): unknown {
    throw new ActionTextNotImplemented(`${this.rubyClassName()}#applicable?`);
  }

  apply(): unknown {
    throw new ActionTextNotImplemented(`${this.rubyClassName()}#apply`);
  }
}

type FilterClass = { apply(content: unknown): unknown };

export class ActionTextContentFilters {
  static readonly rubyName = "ActionText::Content::Filters";
  readonly filters: FilterClass[];

  constructor(...filters: FilterClass[]) {
    this.filters = filters;
  }

  static new(...filters: FilterClass[]): ActionTextContentFilters {
    return new ActionTextContentFilters(...filters);
  }

  /** Each filter class's apply, in order, on the previous one's result. */
  apply(content: unknown): unknown {
    return this.filters.reduce((current, filter) => filter.apply(current), content);
  }
}

