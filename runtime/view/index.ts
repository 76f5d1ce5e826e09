// The public surface of the view runtime: what lowered templates import (re-exported by runtime/index.ts).
export * from "./safe.js";
export * from "./host.js";
export * from "./tag-options.js";
export * from "./tag.js";
export * from "./javascript.js";
export * from "./csrf.js";
export * from "./url.js";
export * from "./button-to.js";
export * from "./mail-to.js";
export * from "./record-identifier.js";
