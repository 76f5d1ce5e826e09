// An Action Text attachable's partial, which Action Text renders itself (actiontext 7.2
// ContentHelper#render_action_text_attachment and Attachments::TrixConversion#trix_attachment_content):
//   render(partial: attachable's to_attachable_partial_path / to_partial_path, object: attachment, as: attachable.model_name.element)
// Its local is the ActionText::Attachment (never the attachable itself), whose own methods it answers and the rest
// its attachable's (delegate_missing_to :attachable):
//   action_text/attachables/_remote_image: remote_image.url        (remote_image.attachable as ActionTextRemoteImage).url
//                                          remote_image.try(:caption)  remote_image.caption()   (the Attachment's own)
// A partial is typed so only when no template or code names it (a literal partial, any partial built at run time,
// a partial path method whose answer is computed), exactly one attachable class's partial path answers it (the
// runtime's attachables, each app class defining a *partial_path method with a literal, each Active Record model by
// its model_name), and that class is no Active Record model (a record renders its own partial by `render record`,
// with itself as the local).
import type { AppModel } from "../../analyze/app-model.js";
import { walk, type Node, type NodeOf } from "../../parse/ir.js";
import { buildModelName } from "../../../runtime/active-model/model-name.js";
import { ActionTextAttachment, ActionTextContentAttachment, ActionTextRemoteImage } from "../../../runtime/action-text/attachment.js";
import { MISSING_ATTACHABLE_PARTIAL_PATH } from "../../../runtime/action-text/attachable.js";
import { ObjectMethods } from "../../../runtime/active-support/core-ext/core-object.js";
import { lit, type TsExpr } from "../expr.js";
import { rubyToTs } from "../names.js";
import type { Scope } from "../scope.js";
import { lowerTypedCall } from "../calls.js";
import { lowerCoreCall } from "../core/index.js";
import { lowerRuntimeObjectCall } from "../runtime-objects.js";
import { UNKNOWN, type RType } from "../types.js";
import { namedPartial } from "./partial-locals.js";

/** The methods whose answer names the partial Action Text renders for an attachable. */
const PATH_METHODS = new Set(["to_partial_path", "to_attachable_partial_path", "to_trix_content_attachment_partial_path", "to_missing_attachable_partial_path"]);

/** An attachable class: the partial paths it answers, its local's name, what the attachable is typed as. */
interface Attachable {
  paths: string[];
  element: string;
  type: RType;
  record: boolean;
}

/** The runtime's attachables (runtime/action-text/attachment.ts), each answering its own to_partial_path. */
function runtimeAttachables(): Attachable[] {
  const element = (rubyName: string) => buildModelName(rubyName).element;
  return [
    { paths: [ActionTextRemoteImage.prototype.toPartialPath()], element: element(ActionTextRemoteImage.rubyName), type: { k: "runtime", cls: "remoteImage" }, record: false },
    { paths: [ActionTextContentAttachment.prototype.toPartialPath()], element: element(ActionTextContentAttachment.rubyName), type: UNKNOWN, record: false },
    // MissingAttachable answers its model's to_missing_attachable_partial_path: the default, or an app method's (below).
    { paths: [MISSING_ATTACHABLE_PARTIAL_PATH], element: "missing_attachable", type: UNKNOWN, record: false },
  ];
}

const literal = (n: Node | undefined): string | null => (n?.kind === "str" && n.parts.every((p) => typeof p === "string") ? n.parts.join("") : null);

/** A path method's answer: its body's one literal, else null (computed). */
function literalAnswer(def: NodeOf<"def">): string | null {
  return def.body.length === 1 ? literal(def.body[0]) : null;
}

const known = new WeakMap<AppModel, Map<string, Attachable | null>>();

/** By partial key (`dir/_name`): the one attachable class answering it, or null where several (or an unknown one) may. */
function attachablesByPartial(app: AppModel): Map<string, Attachable | null> {
  const cached = known.get(app);
  if (cached) return cached;
  const all: Attachable[] = runtimeAttachables();
  const owned = new Set<NodeOf<"def">>();
  let computed = false;
  const ownPaths = (defs: Iterable<NodeOf<"def">>) => {
    const paths: string[] = [];
    for (const d of defs) {
      if (d.singleton || !PATH_METHODS.has(d.name)) continue;
      owned.add(d);
      const answer = literalAnswer(d);
      if (answer === null) computed = true;
      else paths.push(answer);
    }
    return paths;
  };
  for (const info of app.models.values()) {
    const own = ownPaths(info.methods);
    const name = buildModelName(info.className);
    all.push({ paths: [...own, `${name.collection}/${name.element}`], element: name.element, type: { k: "model", model: info.className }, record: true });
  }
  for (const decl of app.plainClasses) {
    if (decl.kind !== "class") continue;
    const defs: Array<NodeOf<"def">> = [];
    decl.node.body.forEach((n) => n.kind === "def" && defs.push(n));
    const paths = ownPaths(defs);
    // A class naming itself otherwise (its own model_name) may take another local name: not claimed.
    if (paths.length && !defs.some((d) => d.name === "model_name")) all.push({ paths, element: buildModelName(decl.path).element, type: { k: "model", model: decl.path }, record: false });
  }
  // A path method written anywhere else (a concern, a module): its class is not known, so its path is nobody's claim.
  const orphan: Attachable = { paths: [], element: "", type: UNKNOWN, record: true };
  for (const f of [...app.parsed.models, ...app.parsed.lib, ...app.parsed.helpers, ...app.parsed.controllers]) {
    for (const stmt of f.body) {
      walk(stmt, (n) => {
        if (n.kind !== "def" || !PATH_METHODS.has(n.name) || owned.has(n)) return;
        const answer = literalAnswer(n);
        if (answer === null) computed = true;
        else orphan.paths.push(answer);
      });
    }
  }
  all.push(orphan);
  const out = new Map<string, Attachable | null>();
  // A path answered at run time may be any partial: none is claimed.
  if (computed) return known.set(app, out), out;
  for (const a of all) {
    for (const path of a.paths) {
      const at = path.lastIndexOf("/");
      const key = `${path.slice(0, at)}/_${path.slice(at + 1)}`;
      out.set(key, out.has(key) && out.get(key) !== a ? null : a);
    }
  }
  known.set(app, out);
  return out;
}

/**
 * The gallery partial Action Text renders itself (actiontext 7.2 ContentHelper#render_action_text_attachments:
 * `render(layout: attachment_gallery, object: attachment_gallery)`, the local named by AttachmentGallery's
 * to_partial_path): an ActionText::AttachmentGallery, where the app names that partial nowhere and no class of it
 * answers that path (nor any partial path computed at run time: then no path is claimed at all, an empty map).
 */
const GALLERY_PARTIAL = "action_text/attachment_galleries/_attachment_gallery";
const GALLERY_LOCAL = "attachment_gallery";

/** The local Action Text passes an attachable's partial (its Attachment), where the partial is provably only that. */
export function attachablePartialLocals(app: AppModel, template: { logicalPath: string }): Map<string, RType> {
  const key = template.logicalPath;
  const claimed = attachablesByPartial(app);
  if (key === GALLERY_PARTIAL) return claimed.size && !claimed.has(key) && !namedPartial(app, key, GALLERY_LOCAL) ? new Map([[GALLERY_LOCAL, { k: "runtime", cls: "attachmentGallery" }]]) : new Map();
  const a = claimed.get(key);
  if (!a || a.record || namedPartial(app, key, a.element)) return new Map();
  return new Map([[a.element, { k: "attachment", of: a.type }]]);
}

/**
 * A call on an ActionText::Attachment: its own method (the runtime's class has it), `try(:own)`, or, for a name
 * neither it nor Object answers, the attachable's (delegate_missing_to), lowered on the attachable's type.
 */
export function lowerAttachmentCall(call: NodeOf<"call">, recv: TsExpr, scope: Scope): TsExpr | null {
  if (recv.type.k !== "attachment") return null;
  const own = (name: string) => {
    const ts = rubyToTs(name);
    return ts in ActionTextAttachment.prototype && typeof Reflect.get(ActionTextAttachment.prototype, ts) === "function" ? ts : null;
  };
  const m = call.method;
  const arg = call.args[0];
  if (m === "try" && call.args.length === 1 && !call.block && arg?.kind === "sym" && own(arg.name)) return lit(`${recv.code}.${own(arg.name)}()`, UNKNOWN);
  if (m === "attachable" && !call.args.length && !call.block) return lit(`${recv.code}.attachable`, recv.type.of);
  const self = lowerRuntimeObjectCall(call, lit(recv.code, { k: "runtime", cls: "actionTextAttachment" }), scope);
  if (self || own(m) || rubyToTs(m) in ObjectMethods || recv.type.of.k === "unknown") return self;
  const attachable = lit(`(${recv.code}.attachable as ${scope.env.typeName(recv.type.of)})`, recv.type.of);
  return lowerTypedCall(call, attachable, scope) ?? lowerCoreCall(call, attachable, scope);
}
