// Every view helper a template can reach, as one namespace (runtime/index.ts's `view`, app/view-helpers.ts):
// Action View's own, and those the app's gems and Action Text add, as each gem's railtie adds its helpers.
export * from "../action-view/index.js";
export * from "../action-text/rich-text-area.js";
export * from "../gems/importmap-rails/importmap.js";
export * from "../gems/rails_autolink/auto-link.js";
export * from "../gems/turbo-rails/turbo-frames.js";
export * from "../gems/turbo-rails/turbo-stream-tags.js";
export * from "../gems/turbo-rails/turbo-stream-builder.js";
export * from "../gems/turbo-rails/turbo-drive.js";
