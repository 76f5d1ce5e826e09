// Parameters of a reopened Rails class's class methods (reopened-class.ts), typed where every caller is known:
//   class ActionText::Attachment
//     class << self
//       def from_node(node, attachable = nil)          node: ActionTextNode   (Rails' own callers pass an element)
//         ... helper(node["sgid"]) ...                  (a String or nil: Nokogiri's Node#[])
//       private
//         def helper(sgid)                              sgid: string | null   (its one caller, on self, above)
//           sgid&.split("--")&.first                    StringMethods.split(sgid, "--") ... ArrayMethods.first(...)
// A method Rails calls (FRAMEWORK_CALLERS) takes what Rails' own callers pass it, where no code of the app may call
// it (no call of its name on a receiver that may be the class, and its name no Symbol anywhere: `send(:from_node)`).
// A method only the reopening's own methods call (receiver-less, lowered before it, in the order written) takes the
// join of what those calls pass, where no other call of its name is written anywhere in the app.
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { siteKey } from "../call-sites.js";
import { joinNullable, written } from "./class-method-params.js";
import { UNKNOWN, type RType } from "../types.js";

const NODE: RType = { k: "runtime", cls: "actionTextNode" };

/**
 * By class, by class method: what Rails 7.2.4's own callers pass. ActionText::Attachment.from_node(node, attachable):
 * Content#attachment_for_node (a node of the fragment's find_all), AttachmentGallery#attachments (node.css),
 * Attachment.from_attributes (HtmlConversion.create_element): an element each time; attachable a value of any kind.
 */
const FRAMEWORK_CALLERS: Record<string, Record<string, RType[]>> = {
  "ActionText::Attachment": { from_node: [NODE, UNKNOWN] },
};

/** Whether a call's receiver may be the class at `path` (a constant spelling its last name, self, or any value). */
function mayReach(call: NodeOf<"call">, path: string): boolean {
  const last = path.slice(path.lastIndexOf(":") + 1);
  return call.receiver === null || call.receiver.kind !== "const" || call.receiver.name === last;
}

/** Types of a reopened class's class methods' parameters, recorded as its own methods are lowered in order. */
export class ReopenedParams {
  private readonly sites = new Map<string, Map<string, RType[]>>();
  private readonly own: Set<string>;

  constructor(private readonly app: AppModel, private readonly path: string, private readonly methods: Array<NodeOf<"def">>) {
    this.own = new Set(methods.map((d) => d.name));
  }

  /** Records a receiver-less call of one of the reopening's own methods, with its arguments' types. */
  note(call: NodeOf<"call">, types: RType[]): void {
    if (!this.own.has(call.method) || call.args.some((a) => a.kind === "splat" || a.kind === "hash" || a.kind === "blockPass")) return;
    const byName = this.sites.get(call.method) ?? new Map<string, RType[]>();
    this.sites.set(call.method, byName);
    byName.set(siteKey(call.span), types);
  }

  /** The positional parameters' types of `def` (unknown where not proved). */
  typesOf(def: NodeOf<"def">): RType[] {
    const { calls, named } = written(this.app, def.name);
    if (named) return [];
    const framework = FRAMEWORK_CALLERS[this.path]?.[def.name];
    if (framework) return calls.some((c) => mayReach(c, this.path)) ? [] : framework;
    // Only the reopening's own receiver-less calls, every one of them lowered already.
    const inside = new Set<Node>();
    this.methods.forEach((m) => walk(m, (n) => inside.add(n)));
    if (!calls.length || calls.some((c) => c.receiver !== null || !inside.has(c))) return [];
    const recorded = this.sites.get(def.name);
    if (!recorded || calls.some((c) => !recorded.has(siteKey(c.span)))) return [];
    const at = [...recorded.values()];
    return def.params.map((_, i) => joinNullable(at.map((t) => t[i] ?? UNKNOWN), true));
  }
}
