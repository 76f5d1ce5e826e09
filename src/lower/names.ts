// Ruby names -> TS names. The rule itself lives in the runtime, which applies it to dynamic `send` too.
export { camel, isJsIdentifier, rubyToTs, tsIdent, upperFirst } from "../../runtime/ruby/names.js";
