// The SQLite adapter's type map: a column's declared SQL type -> its Rails column type. One table, read by the
// compiler (db/structure.sql columns, src/parse/structure.ts) and by the fixtures loader (PRAGMA table_xinfo types).
//
//   varchar / character varying / char(10)   string       text / clob            text
//   integer / int / smallint / bigint         integer      (bigint: Column#bigint? -> :bigint, the dumper's name)
//   float / double / double precision         float        decimal / numeric / number   decimal
//   datetime / timestamp                      datetime     date / time                  date / time
//   blob / binary                             binary       json (a prefix)              json
//   boolean                                   boolean      real / anything else         value (Type::Value)
// Rails 7.2 abstract_adapter.rb initialize_type_map (l.900-931) registers unanchored, case-insensitive regexps;
// TypeMap#perform_fetch (type/type_map.rb l.43) tries them from the last registered to the first, so "decimal"
// beats "int" and "timestamp" beats "time". An alias (alias_type, l.35) looks its target name up again.
// sqlite3_adapter.rb (l.463) re-registers %r(int)i, which keeps its place (a Hash key assigned again).

/** The column types schema.rb names (`t.string` ...), i.e. Column#type, plus bigint (SchemaDumper#schema_type). */
export const RAILS_TYPES = ["string", "text", "integer", "bigint", "float", "decimal", "boolean", "date", "datetime", "time", "binary", "json"] as const;

/** A column's Rails type; "value" is ActiveModel::Type::Value, what a declared type no pattern claims gets. */
export type RailsType = (typeof RAILS_TYPES)[number] | "value";

/** initialize_type_map's registrations in their order; the lookup takes the last that matches. */
const TYPE_MAP: Array<[RegExp, Exclude<RailsType, "bigint" | "value">]> = [
  [/boolean/i, "boolean"],
  [/char/i, "string"],
  [/binary/i, "binary"],
  [/text/i, "text"],
  [/date/i, "date"],
  [/time/i, "time"],
  [/datetime/i, "datetime"],
  [/float/i, "float"],
  [/int/i, "integer"],
  [/blob/i, "binary"], // alias_type -> "binary"
  [/clob/i, "text"], // alias_type -> "text"
  [/timestamp/i, "datetime"], // alias_type -> "datetime"
  [/numeric/i, "decimal"], // alias_type -> "decimal"
  [/number/i, "decimal"], // alias_type -> "decimal"
  [/double/i, "float"], // alias_type -> "float"
  [/^json/i, "json"],
  [/decimal/i, "decimal"],
];

/**
 * The Rails type of a declared SQL type ("varchar", "decimal(10,2)", "datetime(6)"): lookup_cast_type's `type`,
 * with Column#bigint? (`/\Abigint\b/`) naming integer columns declared bigint as schema.rb does.
 */
export function railsColumnType(sqlType: string): RailsType {
  for (let i = TYPE_MAP.length - 1; i >= 0; i--) {
    const [pattern, type] = TYPE_MAP[i]!;
    if (pattern.test(sqlType)) return type === "integer" && /^bigint\b/.test(sqlType) ? "bigint" : type;
  }
  return "value";
}
