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

/**
 * ActiveRecord::StatementInvalid and what the SQLite3 adapter's translate_exception makes of a constraint failure
 * (RecordNotUnique, NotNullViolation, InvalidForeignKey), with Rails' message: the driver's class, then its message
 * ("SQLite3::ConstraintException: UNIQUE constraint failed: users.email_address").
 */
export class StatementInvalid extends Error {
  override name = "StatementInvalid";
  constructor(
    message: string,
    readonly sql: string | null = null,
    readonly binds: unknown[] = [],
  ) {
    super(message);
  }
}

export class RecordNotUnique extends StatementInvalid {
  override name = "RecordNotUnique";
}

export class NotNullViolation extends StatementInvalid {
  override name = "NotNullViolation";
}

export class InvalidForeignKey extends StatementInvalid {
  override name = "InvalidForeignKey";
}

/** SQLite3Adapter#translate_exception over a better-sqlite3 error (its `code` is SQLite's extended result code). */
export function translateSqliteError(error: unknown, sql: string, binds: unknown[]): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("SQLITE_")) return error;
  const text = (error as Error).message;
  const driverClass = code.startsWith("SQLITE_CONSTRAINT") ? "SQLite3::ConstraintException" : code.startsWith("SQLITE_BUSY") ? "SQLite3::BusyException" : "SQLite3::SQLException";
  const message = `${driverClass}: ${text}`;
  // Rails matches the driver's message, whatever its class.
  if (/(column(s)? .* (is|are) not unique|UNIQUE constraint failed: .*)/i.test(text)) return new RecordNotUnique(message, sql, binds);
  if (/(.* may not be NULL|NOT NULL constraint failed: .*)/i.test(text)) return new NotNullViolation(message, sql, binds);
  if (/FOREIGN KEY constraint failed/i.test(text)) return new InvalidForeignKey(message, sql, binds);
  return new StatementInvalid(message, sql, binds);
}
