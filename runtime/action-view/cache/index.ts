// The public surface of the fragment cache runtime (re-exported by runtime/index.ts): stores, key building as
// ActiveSupport and Active Record do it, and the helpers lowered `cache` blocks and cached collections call.
export * from "../../active-support/cache/key.js";
export * from "../../active-record/record-key.js";
export * from "../../active-support/cache/store.js";
export * from "../../active-support/cache/memory-store.js";
export * from "./fragment.js";
export * from "./collection.js";
