// FormBuilder#fields_for and nested attributes (accepts_nested_attributes_for):
//   f.fields_for :comments do |cf| ... end  -> f.fieldsFor("comments", (cf) => ...)
//     names post[comments_attributes][0][body], and a hidden id for each persisted child
//   f.fields_for :author, @author do |af|   -> post[author][...]
import { isPlainObject, toS } from "../../ruby/ruby.js";
import { isViewRecord, type ViewRecord } from "../../active-model/host.js";
import { capture, SafeString, type Block } from "../../active-support/safe.js";
import type { Attributes } from "../tag-options.js";
import type { FormBuilder } from "./builder.js";
import { fieldsFor } from "./form-with.js";

function nestedChildIndex(builder: FormBuilder, name: string): number {
  const next = (builder.nestedChildIndex.get(name) ?? -1) + 1;
  builder.nestedChildIndex.set(name, next);
  return next;
}

function fieldsForNestedModel(builder: FormBuilder, name: string, object: ViewRecord, options: Attributes, block: Block): SafeString | null {
  const includeId = "include_id" in options ? options.include_id : builder.options.include_id ?? true;
  const emitHiddenId = object.isPersisted() && includeId !== false && includeId !== null;
  return fieldsFor(builder.view, name, object, Object.assign({}, options), (f: FormBuilder) => {
    const output = capture(block, f);
    if (output && emitHiddenId && !f.emittedHiddenId) return output.concat(f.hiddenField("id"));
    return output;
  });
}

function fieldsForWithNestedAttributes(builder: FormBuilder, association: string, given: unknown, options: Attributes, block: Block): SafeString | null {
  const name = `${toS(builder.objectName)}[${association}_attributes]`;
  let records: unknown = given;
  const current = builder.object?.readAttribute(association);
  if (isViewRecord(records)) {
    if (Array.isArray(current)) records = [records];
  } else if (!Array.isArray(records)) {
    records = current ?? null;
  }
  if (Array.isArray(records)) {
    const explicit = options.child_index;
    let out = "";
    for (const child of records) {
      options.child_index = typeof explicit === "function" ? (explicit as () => unknown)()
        : explicit !== null && explicit !== undefined ? explicit : nestedChildIndex(builder, name);
      const content = fieldsForNestedModel(builder, `${name}[${toS(options.child_index)}]`, child as ViewRecord, options, block);
      if (content) out += content.toString();
    }
    return new SafeString(out);
  }
  return isViewRecord(records) ? fieldsForNestedModel(builder, name, records, options, block) : null;
}

/** FormBuilder#fields_for(record_name, record_object = nil, fields_options = nil, &block). */
export function builderFieldsFor(builder: FormBuilder, recordName: unknown, args: unknown[]): SafeString | null {
  const rest = [...args];
  const block = rest.pop() as Block;
  let [recordObject = null, fieldsOptions = null] = rest;
  if (fieldsOptions === null && isPlainObject(recordObject)) [fieldsOptions, recordObject] = [recordObject, null];
  const options: Attributes = Object.assign({}, ((fieldsOptions as Attributes | null) ?? {}));
  options.builder ??= builder.options.builder ?? null;
  options.namespace = builder.options.namespace ?? null;
  options.parent_builder = builder;
  let name: string;
  if (typeof recordName === "string") {
    if (builder.object?.acceptsNestedAttributes?.(recordName)) {
      return fieldsForWithNestedAttributes(builder, recordName, recordObject, options, block);
    }
    name = recordName;
  } else {
    recordObject = Array.isArray(recordName) ? recordName[recordName.length - 1] : recordName;
    name = (recordObject as ViewRecord).modelName.paramKey;
  }
  const objectName = toS(builder.objectName);
  const index = "index" in builder.options ? builder.options.index : null;
  let fullName: string;
  if (index !== null && index !== undefined) fullName = `${objectName}[${toS(index)}][${name}]`;
  else if (name.endsWith("[]")) fullName = `${objectName}[${name.slice(0, -2)}][${toS((recordObject as ViewRecord).toParam())}]`;
  else fullName = `${objectName}[${name}]`;
  options.child_index = index;
  return fieldsFor(builder.view, fullName, recordObject, options, block);
}
