// FormHelper's form builders:
//   form_with(model: @post) do |f| ... end   -> formWith(view, { model: post }, (f) => ...)
//   form_with(url: "/search", method: :get)     -> formWith(view, { url: "/search", method: "get" }, block)
//   form_for(@post, url: "/x") { |f| }       -> formFor(view, post, { url: "/x" }, block)
//   fields_for(:post, @post) { |f| }      -> fieldsFor(view, "post", post, {}, block)
//   fields(:post, model: @post) { |f| }   -> fields(view, "post", { model: post }, block)
// Rails 7.2 defaults: local forms (no data-remote), ids generated, no utf8 input, a `_method` input for
// persisted models (patch), and the authenticity token when forgery protection is on.
import { isPlainObject, toS } from "../../ruby/ruby.js";
import { assertMutable } from "../../active-support/core-ext/frozen.js";
import { viewConfig } from "../config.js";
import { formTagHtml, formTagWithBody, htmlOptionsForForm } from "../form-tag.js";
import { isViewRecord, type ViewHost, type ViewRecord } from "../../active-model/host.js";
import { domClass, domId } from "../record-identifier.js";
import { capture, type Block, type SafeString } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import { FormBuilder } from "./builder.js";

type BuilderClass = new (view: ViewHost, objectName: string | null, object: ViewRecord | null, options: Attributes) => FormBuilder;

function lastOf(model: unknown): unknown {
  return Array.isArray(model) ? model[model.length - 1] : model;
}

/** FormHelper#instantiate_builder: a scope names the object; a record names itself. */
function instantiateBuilder(view: ViewHost, recordName: unknown, recordObject: unknown, options: Attributes): FormBuilder {
  let object: unknown;
  let objectName: string | null;
  if (typeof recordName === "string") {
    object = recordObject;
    objectName = recordName;
  } else {
    object = recordName;
    objectName = isViewRecord(object) ? object.modelName.paramKey : null;
  }
  const Builder = (options.builder as BuilderClass | null | undefined) ?? FormBuilder;
  return new Builder(view, objectName, isViewRecord(object) ? object : null, options);
}

/** FormHelper#html_options_for_form_with. */
function htmlOptionsForFormWith(view: ViewHost, url: unknown, model: unknown, options: Attributes): Attributes {
  const html = isPlainObject(options.html) ? Object.assign({}, options.html) : {};
  const out: Attributes = {};
  for (const k of ["id", "class", "multipart", "method", "data", "authenticity_token"]) if (k in options) out[k] = options[k];
  const htmlRemote = html.remote;
  delete html.remote;
  Object.assign(out, html);
  const local = "local" in options ? options.local : !viewConfig.formWithGeneratesRemoteForms;
  out.remote = (htmlRemote !== null && htmlRemote !== undefined && htmlRemote !== false) || !(local !== null && local !== false);
  if ((out.method === null || out.method === undefined || out.method === false) && isViewRecord(model) && model.isPersisted()) out.method = "patch";
  const skip = options.skip_enforcing_utf8;
  if (skip === null || skip === undefined) {
    if ("enforce_utf8" in options) out.enforce_utf8 = options.enforce_utf8;
  } else out.enforce_utf8 = !skip;
  return htmlOptionsForForm(view, url === null || url === undefined ? {} : url, out);
}

/** form_with(model: false, scope: nil, url: nil, format: nil, **options, &block). */
export function formWith(view: ViewHost, given: Attributes = {}, block?: Block): SafeString {
  const { model: givenModel = false, scope: givenScope = null, url: givenUrl = null, format = null, ...rest } = given;
  const options: Attributes = { allow_method_names_outside_object: true, skip_default_ids: !viewConfig.formWithGeneratesIds, ...rest };
  let url = givenUrl;
  let scope = givenScope;
  let model: unknown = givenModel;
  if (model !== null && model !== false && model !== undefined) {
    if (url !== false) url ??= view.polymorphicPath(model, format === null ? {} : { format: toS(format) });
    model = lastOf(model);
    scope ??= (model as ViewRecord).modelName.paramKey;
  }
  if (block) {
    const builder = instantiateBuilder(view, scope, model, options);
    const output = capture(block, builder);
    options.multipart ||= builder.multipart;
    return formTagWithBody(view, htmlOptionsForFormWith(view, url, model, options), output);
  }
  return formTagHtml(view, htmlOptionsForFormWith(view, url, model, options));
}

/** form_for(record, options = {}, &block): form_with with form_for's class/id and scope. */
export function formFor(view: ViewHost, record: unknown, ...args: unknown[]): SafeString {
  const block = args.pop() as Block;
  // (Rails deletes :remote from the caller's Hash, and fills :html and :url in it: a frozen one raises FrozenError.)
  const options: Attributes = Object.assign({}, assertMutable((args[0] as Attributes | undefined) ?? {}));
  let model: unknown = false;
  let objectName: unknown;
  if (typeof record === "string") objectName = record;
  else {
    model = record;
    const object = lastOf(record) as ViewRecord;
    objectName = options.as ?? object.modelName.paramKey;
    const action = object.isPersisted() ? "edit" : "new";
    const as = options.as;
    const id = as ? [options.namespace, action, as] : [options.namespace, domId(object, action)];
    const html = Object.assign({}, ((options.html as Attributes | undefined) ?? {}));
    if (!("class" in html)) html.class = as ? `${action}_${toS(as)}` : domClass(object, action);
    if (!("id" in html)) html.id = id.filter((p) => p !== null && p !== undefined).map((p) => toS(p)).join("_") || null;
    options.html = html;
  }
  const remote = options.remote;
  delete options.remote;
  if (remote && !viewConfig.embedAuthenticityTokenInRemoteForms && !options.authenticity_token) options.authenticity_token = false;
  Object.assign(options, {
    model, scope: objectName, local: !remote, skip_default_ids: false,
    allow_method_names_outside_object: options.allow_method_names_outside_object ?? false,
  });
  return formWith(view, options, block);
}

/** fields(scope = nil, model: nil, **options, &block). */
export function fields(view: ViewHost, ...args: unknown[]): SafeString | null {
  const block = args.pop() as Block;
  const [scopeArg = null, kw = {}] = isPlainObject(args[0]) ? [null, args[0]] : args;
  const { model: givenModel = null, ...rest } = kw as Attributes;
  const options: Attributes = { allow_method_names_outside_object: true, skip_default_ids: !viewConfig.formWithGeneratesIds, ...rest };
  let scope = scopeArg;
  let model = givenModel;
  if (model) {
    model = lastOf(model);
    scope ??= (model as ViewRecord).modelName.paramKey;
  }
  return capture(block, instantiateBuilder(view, scope, model, options));
}

/** fields_for(record_name, record_object = nil, options = {}, &block). */
export function fieldsFor(view: ViewHost, recordName: unknown, ...args: unknown[]): SafeString | null {
  const block = args.pop() as Block;
  const [recordObject = null, options = {}] = args;
  const merged = { model: recordObject, allow_method_names_outside_object: false, skip_default_ids: false, ...(options as Attributes) };
  return fields(view, recordName, merged, block);
}
