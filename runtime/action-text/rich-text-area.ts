// Action Text's form helpers (actiontext 7.2 app/helpers/action_text/tag_helper.rb): a hidden input Trix writes to,
// then the <trix-editor> element.
//   rich_text_area_tag "content", value, options         richTextAreaTag(view, "content", value, options)
//   form.rich_text_area :body, options                   FormBuilder#richTextArea -> Tags::ActionText#render
import { rubyToTs } from "../ruby/names.js";
import { toS } from "../ruby/ruby.js";
import { hiddenFieldTag } from "../action-view/field-tags.js";
import { InstanceTag } from "../action-view/form/instance-tag.js";
import { FormBuilder } from "../action-view/form/builder.js";
import type { ViewHost, ViewRecord } from "../active-model/host.js";
import { domId } from "../action-view/record-identifier.js";
import { SafeString } from "../active-support/safe.js";
import { contentTag } from "../action-view/tag.js";
import type { Attributes } from "../action-view/tag-options.js";

/** ActionText::TagHelper.id: the process-wide counter for inputs without an id. */
let tagHelperId = 0;

/**
 * Active Storage's routes (activestorage 7.2 config/routes.rb, under config.active_storage.routes_prefix
 * "/rails/active_storage"), as full URLs on the request's host: rails_direct_uploads_url and
 * rails_service_blob_url(":signed_id", ":filename").
 */
function activeStorageUrl(view: ViewHost, path: string): string {
  return `${view.request.protocol}${view.request.hostWithPort}/rails/active_storage${path}`;
}

function callReader(object: unknown, method: string): unknown {
  const target = object as Record<string, unknown>;
  const member = rubyToTs(method) in target ? target[rubyToTs(method)] : target[method];
  return typeof member === "function" ? (member as () => unknown).call(object) : (member ?? null);
}

/** rich_text_area_tag(name, value = nil, options = {}). */
export function richTextAreaTag(view: ViewHost, name: unknown, value: unknown = null, options: Attributes = {}): SafeString {
  const opts: Attributes = { ...options };
  const form = opts.form;
  delete opts.form;
  if (opts.input === null || opts.input === undefined) opts.input = `trix_input_${++tagHelperId}`;
  if (opts.class === null || opts.class === undefined) opts.class = "trix-content";
  const data: Attributes = { ...((opts.data as Attributes | null | undefined) ?? {}) };
  if (data.direct_upload_url === null || data.direct_upload_url === undefined) data.direct_upload_url = activeStorageUrl(view, "/direct_uploads");
  if (data.blob_url_template === null || data.blob_url_template === undefined) {
    data.blob_url_template = activeStorageUrl(view, "/blobs/redirect/:signed_id/:filename");
  }
  opts.data = data;
  const editor = contentTag("trix-editor", "", opts);
  // value.try(:to_trix_html) || value
  const trix = value !== null && value !== undefined && typeof (value as { toTrixHtml?: unknown }).toTrixHtml === "function"
    ? (value as { toTrixHtml(): unknown }).toTrixHtml() : null;
  const inputValue = trix !== null && trix !== undefined && trix !== false ? trix : value;
  const input = hiddenFieldTag(name, inputValue, { id: opts.input, form: form ?? null });
  return new SafeString(input.toString() + editor.toString());
}

/** rich_text_area(object_name, method, options): Tags::ActionText#render. */
export function richTextArea(view: ViewHost, objectName: unknown, method: unknown, options: Attributes = {}): SafeString {
  const t = new InstanceTag(view, objectName, method, options);
  const opts: Attributes = { ...t.opts };
  t.addDefaultNameAndId(opts);
  const object = t.object as ViewRecord | null;
  if (object && (opts.input === null || opts.input === undefined)) {
    opts.input = domId(object, [opts.id, "trix_input"].filter((p) => p !== null && p !== undefined).map(toS).join("_"));
  }
  const name = opts.name;
  delete opts.name;
  const value = "value" in opts ? opts.value : object ? callReader(object, t.methodName) : null;
  delete opts.value;
  return richTextAreaTag(view, name, value, opts);
}

// Action Text's FormBuilder#rich_text_area, added to Action View's builder as actiontext's tag_helper.rb reopens it.
declare module "../action-view/form/builder.js" {
  interface FormBuilder {
    richTextArea(method: unknown, options?: Attributes): SafeString;
  }
}
FormBuilder.prototype.richTextArea = function (this: FormBuilder, method: unknown, options?: Attributes): SafeString {
  return this.field(richTextArea, method, options);
};
