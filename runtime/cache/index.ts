// The public surface of the fragment cache runtime (re-exported by runtime/index.ts): stores, key building as
// ActiveSupport and Active Record do it, and the helpers lowered `cache` blocks and cached collections call.
export * from "./key.js";
export * from "./record-key.js";
export * from "./store.js";
export * from "./memory-store.js";
export * from "./fragment.js";
export * from "./collection.js";
