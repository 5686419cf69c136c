/**
 * The SQL and Appender helpers every aggregate of the embedded store uses: parameters
 * for many rows, the lookup by a time-ordered id, tenant scoping, and the Appender
 * that writes new job and result rows inside the writer's open transaction.
 */
import { typedList, type Param } from '../../../db/duckdb.js';
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { idTimeRange } from '../timeOrderedId.js';
import { EMOTION_COLUMNS } from '../tableRows.js';
import { wellFormedText } from '../../../../lib/wellFormedText.js';

export type { Param };
export const list = typedList;
/** The live states, bound as parameters (see DuckDbContext.exec). */
export const LIVE = ['PENDING', 'PROCESSING'] as const;
export const FRESH = { cache: false } as const;
export const E = EMOTION_COLUMNS;
/** `scope` as SQL: admin sees all, a tenant its own rows. Two parameters: admin, tenant. */
export const scoped = (admin: number, tenant: number, table = ''): string => `($${admin} OR ${table}tenant = $${tenant})`;

type ColumnType = 'VARCHAR' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'INTEGER' | 'JSON';

/**
 * Many rows bound as one parameter: a JSON array of objects that DuckDB unpacks into
 * typed columns itself (`json_transform`, from the json extension DuckDB's npm binary
 * links statically: nothing is downloaded). One string bind per statement costs a
 * fraction of building a DuckDB list value per column in JS (the core thread's
 * largest store cost before), and the parsing runs on DuckDB's thread. Use as
 * `FROM ${rowsFrom(1, SHAPE)}` and read the columns as `r.name`.
 */
export function rowsFrom(param: number, shape: Record<string, ColumnType>): string {
  return `(SELECT unnest(json_transform($${param}, '[${JSON.stringify(shape)}]')) AS r)`;
}

/** Text as DuckDB will store it: a lone surrogate (possible only from JS callers) becomes U+FFFD, as the bound-VARCHAR path did. */
export const wellFormed = wellFormedText;

/**
 * The column order the appenders write (insertJobs, insertResults): the order the
 * migrations create (v1, then v2's ALTER ... ADD COLUMN at the end). open() checks
 * the file has it, so a schema change that moves a column fails at start, not in a row.
 */
export const JOB_APPEND_ORDER = ['id', 'status', 'text', 'feed_id', 'domain', 'occurred_ms', 'created_ms', 'updated_ms', 'attempts', 'result_id', 'error_type', 'error_message', 'tenant', 'batch_id'];
export const RESULT_APPEND_ORDER = ['id', 'job_id', 'feed_id', 'domain', 'occurred_ms', 'created_ms', 'sentiment', 'score', ...E, 'anomalous', 'z', 'payload', 'tenant'];

/**
 * Rows per Appender flush. Each flush runs on the calling (core) thread, ~5 ms for this
 * many, and most of a flush's cost is per flush, not per row: 1,000 result rows took
 * 9-12 µs a row flushed 128 at a time, 5-6 µs at once (a 10,000-text batch: 6,504-7,330
 * texts/s with 128, 7,163-8,750 with 1,024, alternated; bench/README.md, "Thirteenth session").
 */
const APPEND_CHUNK = 1024;

/**
 * Appends rows to a table in the connection's open transaction, APPEND_CHUNK rows per
 * synchronous flush, yielding to the event loop between flushes so that the submissions
 * gathered in one turn never hold the core's thread for more than one chunk.
 */
export async function appendRows<T>(c: DuckDBConnection, table: string, rows: readonly T[], row: (a: DuckDBAppender, r: T) => void): Promise<void> {
  const a = await c.createAppender(table);
  try {
    for (let i = 0; i < rows.length; i += APPEND_CHUNK) {
      if (i > 0) await new Promise<void>((r) => setImmediate(r));
      const end = Math.min(rows.length, i + APPEND_CHUNK);
      for (let k = i; k < end; k++) {
        row(a, rows[k]!);
        a.endRow();
      }
      a.flushSync();
    }
  } catch (e) {
    // closing flushes again, which after a failed flush only says "transaction is aborted": keep the real error
    try { a.closeSync(); } catch { /* the transaction is rolled back by the caller */ }
    throw e;
  }
  a.closeSync();
}

export function varcharOrNull(a: DuckDBAppender, v: string | null | undefined): void {
  if (v === null || v === undefined) a.appendNull();
  else a.appendVarchar(v);
}
export const idRows = (xs: readonly string[]): string => JSON.stringify(xs.map((id) => ({ id })));

/**
 * The created_ms span of rows named by these ids, bound with every lookup by id: the
 * time in a time-ordered id (timeOrderedId.ts) is its row's created_ms, so DuckDB reads
 * only the row groups of that time (their min/max) instead of the whole table. Ids
 * without a time (older files, idempotent submissions) span all time.
 */
export type Span = readonly [bigint, bigint];
const ALL_TIME: Span = [BigInt(Number.MIN_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)];
export function createdSpan(ids: readonly string[]): Span {
  const r = idTimeRange(ids);
  return r ? [BigInt(r[0]), BigInt(r[1])] : ALL_TIME;
}

/**
 * One row by its id (`column = $param`) within the id's created_ms span (createdSpan,
 * bound as $lo and $lo + 1), as SQL: `created_ms BETWEEN … AND <the id test>`. When the id carries its time,
 * the id test is kept out of the scan's own filters (`concat(column, '')`): DuckDB
 * applies those in column order, so it compared the id of every row of the row group
 * (3.3 ms for 122,880 rows) before the created_ms bound left a handful; after the
 * bound, the test costs nothing (1.3 ms a read in all, bench/README.md). An id
 * without a time keeps the plain test, which the whole-table scan does fastest.
 */
export function idLookup(column: string, param: number, lo: number, span: Span): string {
  const test = span === ALL_TIME ? `${column} = $${param}` : `concat(${column}, '') = $${param}`;
  return `created_ms BETWEEN $${lo} AND $${lo + 1} AND ${test}`;
}
