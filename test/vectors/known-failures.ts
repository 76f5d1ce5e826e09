// Vectors the compiled app does not yet answer as Rails did, each with its cause (test support for
// test/vectors.test.ts). A cause names the part of the compiler or runtime that owns the gap; an entry goes when
// its vector passes (the suite fails on a listed vector that passes). The actionview list applies to both
// load_defaults recordings; calls Rails raised on (.errors.json) are listed when they do not raise here.

const ACTIONVIEW: Record<string, string> = {};

const TURBO_RAILS: Record<string, string> = {};

export const KNOWN_FAILURES: Record<string, Record<string, string>> = { actionview: ACTIONVIEW, "turbo-rails-2.0.0": TURBO_RAILS };

/** The listed cause for a call of a vector file; the actionview list applies to both load_defaults recordings. */
export function knownFailure(file: string, call: string): string | undefined {
  const family = file.startsWith("actionview") ? "actionview" : file;
  return KNOWN_FAILURES[family]?.[call];
}
