// The error every declined construct raises where it is reached. Its name keeps `rescue` clauses from swallowing
// it (runtime/ruby/rescue.ts): a declined check must stop the request, never let it run on as if it had passed.
//
//   validates :email, strict: true   (declined, unsupported_option)
//   record.valid?                    NotLowered: rails2ts: declined at app/models/user.rb:4: unsupported_option: ...

export const NOT_LOWERED = "NotLowered";

export function notLoweredError(message: string): Error {
  return Object.assign(new Error(message), { name: NOT_LOWERED });
}

/** The error for a site the compiler declined: the .rb file:line and the diagnostic as the compiler printed it. */
export function declinedError(site: string, diagnostic: string): Error {
  return notLoweredError(`rails2ts: declined at ${site}: ${diagnostic}`);
}
