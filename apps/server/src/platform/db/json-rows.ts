import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows of a table carried as JSON inside another statement, and read back exactly as drizzle's
 * `select()` returns them: for the places where several small reads go as one statement (one
 * round trip) that the query builder cannot express as one, such as the latest row of each kind.
 *
 * `rowAsJson(table)` is the SQL of `json_build_object('key', column, …)` over every column, keyed
 * by the names the code uses (the table's keys, not the database's snake_case names); build it
 * once per table. `rowFromJson(table, object)` converts each value with the column's own mapping
 * (a timestamp's ISO text to a Date; numbers, text and booleans as they are), so the row is the
 * `$inferSelect` the rest of the code knows.
 */
export function rowAsJson(table: PgTable): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => {
    // Keys are the table's own identifiers, never input; checked rather than trusted.
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`rowAsJson: unexpected column key ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

export function rowFromJson<T extends PgTable>(table: T, object: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = object[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
