// GlobalID::Identification on plain classes (Active Record models get it from the record runtime), for the Ruby
// calls that ask for it: `include GlobalID::Identification` -> includeGlobalId(Room).
//   room.to_global_id / to_gid     "gid://<GlobalID.app>/Room/1"   (the URI; GlobalID#to_s)
//   room.to_gid_param              Base64.urlsafe_encode64(uri, padding: false)
// Turbo's stream names read the same facts through runtime/cable/global-id.ts (any record with an id).
import { rubyToTs } from "../app/names.js";
import { toS } from "./ruby.js";

/** GlobalID.app for plain classes: Rails sets it from the application's name (`module Campfire` -> "campfire"). */
export const plainGlobalIdConfig: { app: string | null } = { app: null };

export class MissingModelIdError extends Error {
  override name = "URI::GID::MissingModelIdError";
}

interface Identifiable {
  id?: unknown;
  constructor: { rubyName?: string; name: string };
}

// CGI.escape of the id, as URI::GID writes it.
function cgiEscape(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, "+");
}

function globalIdOf(record: Identifiable): string {
  const id = record.id;
  const model = record.constructor.rubyName ?? record.constructor.name;
  if (id === null || id === undefined || toS(id).trim() === "") throw new MissingModelIdError(`Unable to create a Global ID for ${model} without a model id.`);
  if (!plainGlobalIdConfig.app) throw new Error("An app is required to create a GlobalID. Pass the :app option or set the default GlobalID.app.");
  return `gid://${plainGlobalIdConfig.app}/${model}/${cgiEscape(toS(id))}`;
}

/** Installs to_global_id / to_gid / to_gid_param on a class's instances. */
export function includeGlobalId(cls: { prototype: object }): void {
  const methods: Record<string, (this: Identifiable) => string> = {
    to_global_id(this: Identifiable) {
      return globalIdOf(this);
    },
    to_gid(this: Identifiable) {
      return globalIdOf(this);
    },
    to_gid_param(this: Identifiable) {
      return Buffer.from(globalIdOf(this), "utf8").toString("base64url");
    },
  };
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(cls.prototype, rubyToTs(name), { value: fn, configurable: true, writable: true });
  }
}
