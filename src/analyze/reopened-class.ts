// A class of Rails the runtime lets an app reopen (lib/, often in an on_load hook) to define class methods of its
// own, read for lowering as a patch of the runtime's class (src/lower/core/reopened-class.ts):
//   class ActionText::Attachment                           reopenClassMethods(ActionTextAttachment, {
//     class << self                                          fromNode: function (this: any, node, attachable = null) {...},
//       def from_node(node, attachable = nil) ... end        attachableFromPossiblyExpiredSgid: function (...) {...},
//       private                                            });
//         PERMITTED = %w[ User ]                           (a constant of the singleton class: read lazily, lexically)
//         def attachable_from_possibly_expired_sgid(sgid) ... end
//     end
//   end
// Which classes: those whose every caller in the runtime reaches the class method through the class object
// (REOPENABLE_CLASSES), so that the patch is honoured by Rails' own calls too. Any other statement in the body
// (instance methods, includes, macros) is not read: the reopening is declined whole, and raises when the app boots.
import type { Diagnostics } from "../diagnostics/index.js";
import type { Node, NodeOf, Span } from "../parse/ir.js";
import type { ConstDecl } from "./constants.js";
import { REOPENABLE_CLASSES } from "../../runtime/app/core-constants.js";

export interface ReopenedClass {
  path: string;
  span: Span;
  /** The file's source (an endless def's body is read from it). */
  source: string;
  /** `def`s of `class << self` (or `def self.x`), in order: the class methods the patch defines. */
  classMethods: Array<NodeOf<"def">>;
  /** Constants assigned in the body (looked up lexically from its methods). */
  constants: Array<{ name: string; value: Node }>;
  /** Set when the body holds what is not read: the reopening raises at boot, naming this diagnostic. */
  declined: string | null;
}

export function isReopenable(path: string): boolean {
  return REOPENABLE_CLASSES.has(path);
}

export function readReopenedClass(decl: ConstDecl, diags: Diagnostics): ReopenedClass {
  const out: ReopenedClass = { path: decl.path, span: decl.node.span, source: decl.file.source, classMethods: [], constants: [], declined: null };
  const decline = (node: Node, what: string) => {
    if (out.declined) return;
    const d = diags.report("unsupported_construct", node.span, `reopening ${decl.path}: ${what} is not lowered (only class methods and constants are)`);
    out.declined = `${d.code}: ${d.message}`;
  };
  const read = (body: Node[], singleton: boolean) => {
    for (const node of body) {
      if (isVisibility(node)) continue;
      if (node.kind === "sclass" && !singleton) read(node.body, true);
      else if (node.kind === "def" && (singleton || node.singleton)) out.classMethods.push(node);
      else if (node.kind === "assign" && node.target.kind === "const" && !node.target.scope) out.constants.push({ name: node.target.name, value: node.value });
      else decline(node, node.kind === "def" ? `the instance method ${node.name}` : node.kind === "call" ? node.method : node.kind);
    }
  };
  read(decl.node.body, false);
  return out;
}

/** `private` / `public` / `protected` on their own: every class method is callable by name from the class's own. */
function isVisibility(n: Node): boolean {
  const names = ["private", "public", "protected"];
  return (n.kind === "ident" && names.includes(n.name)) || (n.kind === "call" && names.includes(n.method) && !n.receiver && !n.args.length);
}
