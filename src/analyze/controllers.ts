// app/controllers/*.rb -> ControllerInfo: filters, public actions, private helpers, layout.
//
//   class ArticlesController < ApplicationController   { className, controllerPath: "articles" }
//     before_action :set_article, only: %i[show]       { kind: "before", method: "set_article", only: ["show"] }
//     def index ... end                                 actions (public defs)
//     private; def article_params ... end               privateMethods
import type { Diagnostics } from "../diagnostics/index.js";
import type { SourceFile } from "../parse/app.js";
import { literalString, optionsOf, positionalArgs, type Node, type NodeOf } from "../parse/ir.js";
import { underscore } from "../../runtime/support/inflector.js";

export interface FilterInfo {
  kind: "before" | "after" | "skip_before";
  method: string;
  only: string[] | null;
  except: string[] | null;
}

export interface ControllerInfo {
  className: string;
  file: SourceFile;
  superclass: string;
  /** `articles`, `admin/users` — where its templates live. */
  controllerPath: string;
  filters: FilterInfo[];
  actions: Array<NodeOf<"def">>;
  privateMethods: Array<NodeOf<"def">>;
  layout: string | null | false;
}

export function analyzeControllers(files: SourceFile[], diags: Diagnostics): ControllerInfo[] {
  const out: ControllerInfo[] = [];
  for (const file of files) {
    for (const node of file.body) {
      if (node.kind === "class" && node.name.kind === "const") out.push(analyzeController(node, file, diags));
    }
  }
  return out;
}

function analyzeController(node: NodeOf<"class">, file: SourceFile, diags: Diagnostics): ControllerInfo {
  const className = (node.name as NodeOf<"const">).name;
  const info: ControllerInfo = {
    className,
    file,
    superclass: node.superclass ? constName(node.superclass) : "Object",
    controllerPath: underscore(className.replace(/Controller$/, "")),
    filters: [],
    actions: [],
    privateMethods: [],
    layout: null,
  };
  let visibility: "public" | "private" = "public";
  for (const stmt of node.body) {
    if (stmt.kind === "def") (visibility === "public" ? info.actions : info.privateMethods).push(stmt);
    else if (stmt.kind === "ident" && (stmt.name === "private" || stmt.name === "protected")) visibility = "private";
    else if (stmt.kind === "call" && stmt.receiver === null) macro(info, stmt, diags);
    else diags.report("unsupported_construct", stmt.span, `${stmt.kind} in controller body`);
  }
  return info;
}

function macro(info: ControllerInfo, call: NodeOf<"call">, diags: Diagnostics): void {
  const kind = { before_action: "before", after_action: "after", skip_before_action: "skip_before" }[call.method] as
    | FilterInfo["kind"]
    | undefined;
  if (kind) {
    const options = optionsOf(call.args);
    const list = (key: string) => {
      const v = options.get(key);
      if (!v) return null;
      return v.kind === "array" ? v.elements.map((e) => literalString(e) ?? "") : [literalString(v) ?? ""];
    };
    for (const arg of positionalArgs(call.args)) {
      const method = literalString(arg);
      if (method) info.filters.push({ kind, method, only: list("only"), except: list("except") });
      else diags.report("unsupported_construct", arg.span, `${call.method} with a non-symbol filter`);
    }
    for (const key of options.keys()) {
      if (key !== "only" && key !== "except") diags.report("unsupported_option", call.span, `${call.method} ${key}:`);
    }
  } else if (call.method === "layout") {
    const arg = call.args[0];
    info.layout = arg?.kind === "false" ? false : literalString(arg);
  } else if (call.method === "protect_from_forgery" || call.method === "allow_browser") {
    // Rails' defaults already protect from forgery; allow_browser only gates user agents we do not model.
    diags.report("unsupported_construct", call.span, call.method);
  } else diags.report("unsupported_construct", call.span, `controller macro ${call.method}`);
}

function constName(node: Node): string {
  if (node.kind === "const") return node.scope ? `${constName(node.scope)}::${node.name}` : node.name;
  return "?";
}
