// A serialized attribute typed by its coder, where the coder is one of Rails' own whose load the runtime implements:
//   serialize :body, coder: ActionText::Content     (ActionText::RichText)     body: ActionTextContent | null
// Content.load answers a Content for any stored HTML and nil for NULL (actiontext 7.2 serialization.rb); the runtime's
// ActionTextContent.load does the same, so the reader's value is typed so. Any other coder's load answers what it
// likes: untyped.
import type { ModelInfo } from "../../analyze/models.js";
import type { Node } from "../../parse/ir.js";
import type { ModuleState } from "../scope.js";
import { maybe, UNKNOWN, type RType } from "../types.js";

/** By a coder's constant path: what its load answers for a stored value (the type NULL's nil is added to). */
const CODERS: Record<string, { type: RType; ts: string }> = {
  "ActionText::Content": { type: { k: "runtime", cls: "actionTextContent" }, ts: "ActionTextContent" },
};

function coderOf(chain: ModelInfo[], attribute: string): (typeof CODERS)[string] | null {
  const entry = chain.flatMap((m) => m.serialized).find((s) => s.attribute === attribute);
  const coder = entry?.coder as { $code?: { body?: Node[] } } | undefined;
  const node = coder?.$code?.body?.[0];
  if (node?.kind !== "const") return null;
  const path = node.scope?.kind === "const" && node.scope.scope === null ? `${node.scope.name}::${node.name}` : null;
  return path ? (CODERS[path.replace(/^::/, "")] ?? null) : null;
}

/** What the serialized attribute's reader answers (its coder's load, or nil), unknown for any other coder. */
export function serializedType(chain: ModelInfo[], attribute: string): RType {
  const coder = coderOf(chain, attribute);
  return coder ? maybe(coder.type) : UNKNOWN;
}

/** The TS type a model declares for the serialized attribute, or null where its column's type stands. */
export function serializedTsType(chain: ModelInfo[], attribute: string, module: ModuleState): string | null {
  const coder = coderOf(chain, attribute);
  return coder ? `${module.useType(coder.ts)} | null` : null;
}
