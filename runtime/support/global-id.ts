// GlobalID::Identification for plain classes (Active Record models get the same from runtime/record):
//   include GlobalID::Identification     includeGlobalId(Room)
//   room.to_global_id / to_gid            "gid://<app>/Room/1" (GlobalID.app: the application's name)
//   room.to_gid_param                     Base64.urlsafe_encode64(to_global_id.to_s, padding: false)
import { rubyToTs } from "../app/names.js";
import { toS } from "./ruby.js";

export const globalIdConfig = {
  /** GlobalID.app: Rails sets it to the application's name (`module Campfire` -> "campfire"). */
  app: "app",
};

export class MissingModelIdError extends Error {
  override name = "URI::GID::MissingModelIdError";
}

/** A GlobalID (`gid://app/Model/id`) as a value. */
export class GlobalId {
  constructor(
    readonly app: string,
    readonly modelName: string,
    readonly modelId: string,
  ) {}
  toRubyString(): string {
    return `gid://${this.app}/${this.modelName}/${this.modelId}`;
  }
  toParam(): string {
    return Buffer.from(this.toRubyString(), "utf8").toString("base64url");
  }
}

interface Identifiable {
  id?: unknown;
  constructor: { rubyName?: string; name: string };
}

function globalIdOf(record: Identifiable): GlobalId {
  const id = record.id;
  const model = record.constructor.rubyName ?? record.constructor.name;
  if (id === null || id === undefined || toS(id) === "") throw new MissingModelIdError(`Unable to create a Global ID for ${model} without a model id.`);
  return new GlobalId(globalIdConfig.app, model, encodeURIComponent(toS(id)));
}

/** Installs to_global_id / to_gid / to_gid_param on a class's instances. */
export function includeGlobalId(cls: { prototype: object }): void {
  const methods: Record<string, (this: Identifiable) => unknown> = {
    to_global_id(this: Identifiable) {
      return globalIdOf(this);
    },
    to_gid(this: Identifiable) {
      return globalIdOf(this);
    },
    to_gid_param(this: Identifiable) {
      return globalIdOf(this).toParam();
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(cls.prototype, rubyToTs(name), { value: fn, configurable: true, writable: true });
  }
}
