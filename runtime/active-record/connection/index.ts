// The database runtime's public surface (re-exported by runtime/index.ts).
export { Connection, RAILS_PRAGMAS, RAILS_BUSY_TIMEOUT_MS } from "./connection.js";
export type { BindValue, Row, SqlEvent, SqlListener } from "./connection.js";
export { Rollback, TransactionManager } from "./transactions.js";
export type { TransactionOptions, TransactionParticipant } from "./transactions.js";
export {
  connection, establishConnection, hasConnection, resetStatementCount, setConnection, sqlCounter, statementCount,
} from "./current.js";
export {
  columnName, createIndexSql, createTableSql, foreignKeyName, loadSchema, quoteName, schemaSql, tableIndexes,
} from "./schema.js";
export type {
  ColumnDescription, ColumnType, ForeignKeyAction, ForeignKeyDescription, IndexDescription, SchemaDescription,
  TableDescription,
} from "./schema.js";
