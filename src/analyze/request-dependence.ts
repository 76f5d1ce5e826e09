// Whether a template's output can depend on the request that renders it: the question behind the fragment cache's
// broadcast namespace. A broadcast render (ApplicationController.render, no request) and a request render of the
// same partial write different bytes when the partial reads the request: a form's CSRF input, cookies, session,
// params, flash, a full URL's host, CurrentAttributes. Such fragments get their own namespace per render kind, so
// a broadcast never fills a request's entry. A fragment that reads none of these renders the same bytes both ways;
// its entries are shared, as Rails shares them, so a page after a broadcast hits what the broadcast wrote.
//
// The check is conservative and by name: the template, every partial it renders (the digest tracker's dependency
// tree), the app helpers it calls and every model method of a called name are walked for request reads; what the
// walk cannot follow (a helper or partial it cannot resolve is simply not there to read) stays on the safe side
// only through the names below, so the list errs wide.
import { walk, type Node, type NodeOf, type Span } from "../parse/ir.js";
import type { TemplateFile } from "../parse/app.js";
import type { AppModel } from "./app-model.js";

/** Receiver-less calls whose value depends on the request being rendered. */
const REQUEST_READS = new Set([
  "request", "params", "cookies", "session", "flash", "controller", "controller_name", "controller_path", "action_name",
  "form_with", "form_for", "form_tag", "fields_for", "button_to", "token_tag", "form_authenticity_token",
  "csrf_meta_tags", "csrf_meta_tag", "protect_against_forgery?", "request_forgery_protection_token",
  "csp_meta_tag", "content_security_policy_nonce", "current_page?", "url_for", "polymorphic_url", "notice", "alert",
]);

export interface RequestRead {
  what: string;
  span: Span;
}

export class RequestDependence {
  private readonly helperMemo = new Map<string, RequestRead | null>();
  private readonly modelMethods = new Map<string, NodeOf<"def">[]>();
  private readonly modelMemo = new Map<string, RequestRead | null>();
  private readonly currentNames: Set<string>;

  constructor(
    private readonly app: AppModel,
    /** The logical paths (`messages/_message`) of the templates a template renders, transitively. */
    private readonly dependencies: (template: TemplateFile) => TemplateFile[],
  ) {
    this.currentNames = new Set([...app.currents.keys()].map((k) => k.split("::").pop()!));
    for (const file of app.parsed.models) {
      for (const node of file.body) {
        walk(node, (n) => {
          if (n.kind !== "def") return;
          const list = this.modelMethods.get(n.name) ?? [];
          list.push(n);
          this.modelMethods.set(n.name, list);
        });
      }
    }
  }

  /** The first request read in the template or anything it renders; null when its output cannot depend on one. */
  templateRead(template: TemplateFile): RequestRead | null {
    for (const t of [template, ...this.dependencies(template)]) {
      const read = this.firstRead(t.body, new Set());
      if (read) return read;
    }
    return null;
  }

  private firstRead(body: Node[], visiting: Set<string>): RequestRead | null {
    let found: RequestRead | null = null;
    for (const node of body) {
      walk(node, (n) => {
        if (!found) found = this.nodeRead(n, visiting);
      });
      if (found) return found;
    }
    return null;
  }

  private nodeRead(n: Node, visiting: Set<string>): RequestRead | null {
    if (n.kind === "const" && n.scope === null && this.currentNames.has(n.name)) return { what: `${n.name} (CurrentAttributes)`, span: n.span };
    if (n.kind === "ivar" || n.kind === "cvar" || n.kind === "gvar") return null;
    if (n.kind === "ident") {
      // A bare name is a local, or a receiver-less call without arguments (`<%= here %>`).
      if (REQUEST_READS.has(n.name) || n.name.endsWith("_url")) return { what: n.name, span: n.span };
      const helper = this.app.helperMethods.get(n.name);
      return helper ? this.helperRead(helper, visiting) : this.modelMethodRead(n.name, visiting);
    }
    if (n.kind !== "call") return null;
    if (n.receiver === null) {
      if (REQUEST_READS.has(n.method) || n.method.endsWith("_url")) return { what: n.method, span: n.span };
      const helper = this.app.helperMethods.get(n.method);
      // Inside a model method a receiver-less call is another method of the model.
      return helper ? this.helperRead(helper, visiting) : this.modelMethodRead(n.method, visiting);
    }
    return this.modelMethodRead(n.method, visiting);
  }

  private helperRead(def: NodeOf<"def">, visiting: Set<string>): RequestRead | null {
    const memo = this.helperMemo.get(def.name);
    if (memo !== undefined) return memo;
    if (visiting.has(`helper:${def.name}`)) return null;
    visiting.add(`helper:${def.name}`);
    const read = this.firstRead(def.body, visiting) ?? this.paramDefaultsRead(def, visiting);
    this.helperMemo.set(def.name, read);
    return read;
  }

  private modelMethodRead(name: string, visiting: Set<string>): RequestRead | null {
    const memo = this.modelMemo.get(name);
    if (memo !== undefined) return memo;
    const defs = this.modelMethods.get(name);
    if (!defs || visiting.has(`model:${name}`)) return null;
    visiting.add(`model:${name}`);
    let read: RequestRead | null = null;
    for (const def of defs) read ??= this.firstRead(def.body, visiting) ?? this.paramDefaultsRead(def, visiting);
    this.modelMemo.set(name, read);
    return read;
  }

  private paramDefaultsRead(def: NodeOf<"def">, visiting: Set<string>): RequestRead | null {
    const defaults = def.params.map((p) => p.default).filter((d): d is Node => d !== undefined);
    return this.firstRead(defaults, visiting);
  }
}
