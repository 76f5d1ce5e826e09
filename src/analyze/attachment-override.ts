// A reopened ActionText::Attachment (lib/, in an on_load hook) whose `from_node` tries lookups of its own before
// Action Text's:
//   class ActionText::Attachment
//     class << self
//       def from_node(node, attachable = nil)
//         new(node, attachable || Embed.from_node(node) || helper(node["sgid"]) || ActionText::Attachable.from_node(node))
//       end                                               classLookups: [Embed]     unverifiedSgid: true
//       private
//         def helper(sgid) ... end   (its own decoding of the sgid: not lowered)
// The Rails class itself is not reopened: the runtime's Attachment.from_node consults the lookups
// (runtime/action-text/declined-lookups.ts) and raises where the override would answer differently. Any other shape
// of reopening is declined whole: every attachment raises, since any of them might resolve differently.
import type { Diagnostics } from "../diagnostics/index.js";
import { literalString, type Node, type Span } from "../parse/ir.js";
import { constPath, type ConstDecl } from "./constants.js";

export interface AttachmentOverride {
  span: Span;
  diagnostic: string;
  /** App classes whose `from_node(node)` the override asks first (lowered: they are the app's own classes). */
  classLookups: string[];
  /** A lookup of its own by the node's sgid (read without verifying it). */
  unverifiedSgid: boolean;
  /** A shape not read: every attachment raises where it is resolved. */
  whole: boolean;
}

export function readAttachmentOverride(decl: ConstDecl, appClasses: Set<string>, diags: Diagnostics): AttachmentOverride {
  const read = readLookups(decl, appClasses);
  const detail = read
    ? `reopening ActionText::Attachment is not lowered: from_node's own lookups are consulted by Action Text's (${[
      ...read.classLookups.map((c) => `${c}.from_node raises where it claims a node`),
      ...(read.helper ? [`${read.helper} (an sgid decoded without verifying it) raises where an sgid no longer verifies yet names a record that exists`] : []),
    ].join("; ")}); elsewhere the attachable is Action Text's`
    : "reopening ActionText::Attachment is not lowered: every attachment raises where it is resolved";
  const d = diags.report("unsupported_construct", decl.node.span, detail);
  return { span: decl.node.span, diagnostic: `${d.code}: ${d.message}`, classLookups: read?.classLookups ?? [], unverifiedSgid: read?.helper != null, whole: read === null };
}

interface Lookups {
  classLookups: string[];
  helper: string | null;
}

/** The override's lookups, when the class holds only `class << self` with from_node and private helpers. */
function readLookups(decl: ConstDecl, appClasses: Set<string>): Lookups | null {
  const sclass = decl.node.body.length === 1 && decl.node.body[0]!.kind === "sclass" ? decl.node.body[0]! : null;
  if (!sclass || sclass.kind !== "sclass") return null;
  const defs = new Map(sclass.body.flatMap((n) => (n.kind === "def" ? [[n.name, n] as const] : [])));
  const fromNode = defs.get("from_node");
  if (!fromNode || fromNode.body.length !== 1) return null;
  const [nodeParam, attachableParam] = fromNode.params.map((p) => p.name);
  const call = fromNode.body[0]!;
  if (call.kind !== "call" || call.method !== "new" || call.receiver !== null || call.args.length !== 2 || !isIdent(call.args[0]!, nodeParam)) return null;
  const chain = orChain(call.args[1]!);
  // attachable || <lookups> || ActionText::Attachable.from_node(node)
  if (!isIdent(chain[0]!, attachableParam) || !isDefaultLookup(chain[chain.length - 1]!, nodeParam)) return null;
  const out: Lookups = { classLookups: [], helper: null };
  for (const lookup of chain.slice(1, -1)) {
    if (lookup.kind !== "call" || lookup.args.length !== 1) return null;
    const path = lookup.receiver ? constPath(lookup.receiver) : null;
    if (path && lookup.method === "from_node" && appClasses.has(path) && isIdent(lookup.args[0]!, nodeParam)) out.classLookups.push(path);
    else if (!lookup.receiver && defs.has(lookup.method) && isSgidOf(lookup.args[0]!, nodeParam) && !out.helper) out.helper = lookup.method;
    else return null;
  }
  // Besides from_node and the helper: `private` and constants the helper reads.
  const others = sclass.body.filter((n) => !(n.kind === "def" && (n.name === "from_node" || n.name === out.helper)));
  const isPrivate = (n: Node) => (n.kind === "ident" && n.name === "private") || (n.kind === "call" && n.method === "private" && !n.receiver && !n.args.length);
  if (!others.every((n) => isPrivate(n) || (n.kind === "assign" && n.target.kind === "const"))) return null;
  return out;
}

function orChain(node: Node): Node[] {
  return node.kind === "binary" && (node.op === "||" || node.op === "or") ? [...orChain(node.left), ...orChain(node.right)] : [node];
}

function isIdent(node: Node, name: string | undefined): boolean {
  return name !== undefined && node.kind === "ident" && node.name === name;
}

function isDefaultLookup(node: Node, nodeParam: string | undefined): boolean {
  return node.kind === "call" && node.method === "from_node" && node.receiver !== null && constPath(node.receiver) === "ActionText::Attachable"
    && node.args.length === 1 && isIdent(node.args[0]!, nodeParam);
}

/** `node["sgid"]`. */
function isSgidOf(node: Node, nodeParam: string | undefined): boolean {
  return node.kind === "index" && isIdent(node.receiver, nodeParam) && node.args.length === 1 && literalString(node.args[0]!) === "sgid";
}

