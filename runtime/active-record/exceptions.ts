// ActiveRecord's exceptions, with Rails' messages and `name`s the HTTP runtime recognises without importing
// this module (RecordNotFound -> 404 via `name === "RecordNotFound"` or `httpStatus`).
//
//   ActiveRecord::RecordNotFound           "Couldn't find Project with 'id'=42"
//   ActiveRecord::RecordInvalid            "Validation failed: Title can't be blank, ..."
//   ActiveRecord::RecordNotSaved           "Failed to save the record"
//   ActiveRecord::RecordNotDestroyed       "Failed to destroy Project with id=1"
//   ActiveModel::ForbiddenAttributesError  mass assignment of unpermitted params
import type { Errors } from "../active-model/errors.js";

export class RecordNotFound extends Error {
  override readonly name = "RecordNotFound";
  readonly httpStatus = 404;
  constructor(
    message: string,
    readonly model: string | null = null,
    readonly primaryKey: string | null = null,
    readonly id: unknown = null,
  ) {
    super(message);
  }
}

export class RecordInvalid extends Error {
  override readonly name = "RecordInvalid";
  constructor(
    readonly record: { errors: Errors },
  ) {
    super(`Validation failed: ${record.errors.fullMessages().join(", ")}`);
  }
}

export class RecordNotSaved extends Error {
  override readonly name = "RecordNotSaved";
  constructor(
    message: string,
    readonly record: unknown = null,
  ) {
    super(message);
  }
}

export class RecordNotDestroyed extends Error {
  override readonly name = "RecordNotDestroyed";
  constructor(
    message: string,
    readonly record: unknown = null,
  ) {
    super(message);
  }
}

export class ForbiddenAttributesError extends Error {
  override readonly name = "ForbiddenAttributesError";
  readonly httpStatus = 400;
  constructor() {
    super("ActiveModel::ForbiddenAttributesError");
  }
}

export { abort, CallbackAbort } from "../active-support/callbacks.js";

/**
 * ActiveModel::ForbiddenAttributesProtection: mass assignment and where() take plain Hashes and permitted
 * ActionController::Parameters (duck-typed: toH/permitted), as their Hash; unpermitted ones raise.
 */
export function permittedHash(input: unknown): unknown {
  const params = input as { permitted?: unknown; toH?: () => Record<string, unknown> } | null;
  if (params !== null && typeof params === "object" && typeof params.toH === "function" && typeof params.permitted === "boolean") {
    if (!params.permitted) throw new ForbiddenAttributesError();
    return params.toH();
  }
  return input;
}
