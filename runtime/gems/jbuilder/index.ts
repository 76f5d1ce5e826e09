// The JSON runtime's public surface (re-exported by runtime/index.ts).
export { asJson, generate, jsonString, toJson } from "../../active-support/json-encode.js";
export { RubyFloat } from "../../ruby/ruby.js";
export { BLANK, JbuilderBase, JbuilderError, isCollection, readMember } from "./jbuilder.js";
export { Jbuilder } from "./template.js";
export type { JbuilderPartialRenderer } from "./template.js";
