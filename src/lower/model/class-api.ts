// Active Record's own class methods (the runtime Base's statics) called directly where their TS signature takes
// what the call passes; any other call of them stays a send by name (calls.ts lowerClassCall).
//   Push::Subscription.destroy_by(endpoint: e)    Push_Subscription.destroyBy({ endpoint: e })   (a keywords Hash)
//   find_or_create_by(query: q).touch             this.findOrCreateBy({ query: q }).touch()
//   Membership.insert_all(rows)                   Membership.insertAll(rows)   (any value: not an Array of Hashes raises)
//   find_signed(id, purpose: :transfer)           (this.findSigned(id, { purpose: "transfer" }) as User)
//   self.class.connection                         (...).connection   (Base's static getter: the database connection)
import type { Node, NodeOf } from "../../parse/ir.js";
import { lit, type TsExpr } from "../expr.js";
import type { Scope } from "../scope.js";
import { UNKNOWN, type RType } from "../types.js";
import { DB_CONNECTION } from "../rails-api-objects.js";

interface ClassApi {
  member: string;
  /** Whether the Ruby arguments lower to what the TS signature declares. */
  accepts(args: Node[]): boolean;
  /** What it answers, given the model's record type; `nullable`: typed as the record though nil is possible. */
  result(record: RType): RType;
  nullable?: boolean;
}

/** One Hash of keywords (`destroy_by user: u`): an object literal, which Conditions / WhereArg take. */
const keywords = (args: Node[]) => args.length === 1 && args[0]!.kind === "hash" && args[0]!.pairs.some((p) => p.key.kind !== "dsplat");
/** A signed id (any value: the verifier answers nil or raises as Rails') and optionally `purpose:` as a literal. */
const signed = (args: Node[]) => {
  const [, options, ...rest] = args;
  if (!args.length || rest.length) return false;
  const literal = (n: Node) => n.kind === "sym" || n.kind === "nil" || (n.kind === "str" && n.parts.every((p) => typeof p === "string"));
  return !options || (options.kind === "hash" && options.pairs.every((p) => p.key.kind === "sym" && p.key.name === "purpose" && literal(p.value)));
};

const records = (record: RType): RType => ({ k: "array", of: record });

const CLASS_API: Record<string, ClassApi> = {
  destroy_by: { member: "destroyBy", accepts: keywords, result: records },
  find_or_create_by: { member: "findOrCreateBy", accepts: keywords, result: (r) => r },
  "find_or_create_by!": { member: "findOrCreateByBang", accepts: keywords, result: (r) => r },
  find_or_initialize_by: { member: "findOrInitializeBy", accepts: keywords, result: (r) => r },
  // (With keywords, returning: / unique_by: / record_timestamps:, left to send, which hands them to the same insertAll.)
  insert_all: { member: "insertAll", accepts: (args) => args.length === 1 && args[0]!.kind !== "hash" && args[0]!.kind !== "splat" && args[0]!.kind !== "blockPass", result: () => UNKNOWN },
  // (Any one condition: nil for a blank one, an Array sanitized, anything else as it is.)
  sanitize_sql: { member: "sanitizeSql", accepts: (args) => args.length === 1 && args[0]!.kind !== "splat" && args[0]!.kind !== "blockPass", result: () => UNKNOWN },
  find_signed: { member: "findSigned", accepts: signed, result: (r) => r, nullable: true },
  "find_signed!": { member: "findSignedBang", accepts: signed, result: (r) => r, nullable: true },
};

/** `Model.m(args)` for one of the methods above, its arguments already lowered; null when the call is another. */
export function lowerClassApiCall(call: NodeOf<"call">, recv: TsExpr, model: string, args: string[], scope: Scope): TsExpr | null {
  // Model.connection: Base's static getter (the database connection), read as send reads it.
  if (call.method === "connection" && !call.args.length && !call.block && scope.env.app.models.has(model)) return lit(`${recv.code}.connection`, DB_CONNECTION);
  const api = Object.prototype.hasOwnProperty.call(CLASS_API, call.method) ? CLASS_API[call.method]! : null;
  if (!api || call.block || !api.accepts(call.args) || !scope.env.app.models.has(model)) return null;
  const type = api.result({ k: "model", model });
  const code = `${recv.code}.${api.member}(${args.join(", ")})`;
  // (The runtime declares nil-able finders `T | null`: the claim is written as a cast, as find_by's is.)
  return lit(api.nullable ? `(${code} as ${scope.env.module.modelType(model)})` : code, type);
}
