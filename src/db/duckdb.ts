/**
 * DuckDB access shared by the core's capabilities and the data scripts.
 *
 * One DuckDB connection runs one statement at a time, so the core keeps a small
 * pool of connections, each with its own prepared statements (prepared once,
 * on first use, and reused).
 */
import {
  DuckDBConnection,
  DuckDBDataChunk,
  DuckDBInstance,
  DuckDBPreparedStatement,
  JSToDuckDBValueConverter,
  LIST,
  listValue,
  type DuckDBListType,
  type DuckDBListValue,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';

export type Row = Record<string, unknown>;
/** A list bound with an explicit element type (e.g. for `unnest($1::DOUBLE[])` over mixed integers and fractions). */
export interface TypedList { list: DuckDBListValue; type: DuckDBListType }
export type Param = string | number | boolean | null | bigint | readonly string[] | readonly number[] | TypedList;

export function typedList(values: readonly DuckDBValue[], type: DuckDBType): TypedList {
  return { list: listValue(values), type: LIST(type) };
}

export async function openDatabase(path: string, opts: { readOnly?: boolean; threads?: number } = {}): Promise<DuckDBInstance> {
  const config: Record<string, string> = {};
  if (opts.readOnly) config['access_mode'] = 'READ_ONLY';
  if (opts.threads) config['threads'] = String(opts.threads);
  return DuckDBInstance.create(path, config);
}

class PooledConnection {
  private readonly statements = new Map<string, DuckDBPreparedStatement>();
  constructor(readonly connection: DuckDBConnection) {}

  async prepared(sql: string): Promise<DuckDBPreparedStatement> {
    let st = this.statements.get(sql);
    if (!st) {
      st = await this.connection.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }
}

/** A fixed set of connections handed out one statement at a time. */
export class ConnectionPool {
  private readonly idle: PooledConnection[] = [];
  private readonly waiters: ((c: PooledConnection) => void)[] = [];
  private closed = false;

  private constructor(readonly instance: DuckDBInstance, connections: PooledConnection[]) {
    this.idle.push(...connections);
  }

  static async create(instance: DuckDBInstance, size: number): Promise<ConnectionPool> {
    const conns: PooledConnection[] = [];
    for (let i = 0; i < size; i++) conns.push(new PooledConnection(await instance.connect()));
    return new ConnectionPool(instance, conns);
  }

  private acquire(): Promise<PooledConnection> {
    if (this.closed) return Promise.reject(new Error('database pool is closed'));
    const c = this.idle.pop();
    if (c) return Promise.resolve(c);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(c: PooledConnection): void {
    const w = this.waiters.shift();
    if (w) w(c);
    else this.idle.push(c);
  }

  /** Runs a prepared (cached) statement with positional parameters ($1, $2, ...) and returns row objects. */
  async query<T = Row>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    const c = await this.acquire();
    try {
      const st = await c.prepared(sql);
      st.clearBindings();
      params.forEach((p, i) => bindParam(st, i + 1, p));
      const reader = await st.runAndReadAll();
      return reader.getRowObjectsJS() as T[];
    } finally {
      this.release(c);
    }
  }

  /**
   * Runs a query and returns its columns as arrays of DuckDB's own values
   * (VARCHAR → string, INTEGER/DOUBLE → number, NULL → null), without building
   * a row object per row: the way to bulk-load a table.
   */
  async columns(sql: string): Promise<Record<string, unknown[]>> {
    const c = await this.acquire();
    try {
      return (await c.connection.runAndReadAll(sql)).getColumnsObject() as Record<string, unknown[]>;
    } finally {
      this.release(c);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const c of this.idle.splice(0)) c.connection.closeSync();
    this.instance.closeSync();
  }
}

export function bindParam(st: DuckDBPreparedStatement, index: number, p: Param): void {
  if (p === null) st.bindNull(index);
  else if (typeof p === 'string') st.bindVarchar(index, p);
  else if (typeof p === 'boolean') st.bindBoolean(index, p);
  else if (typeof p === 'bigint') st.bindBigInt(index, p);
  else if (typeof p === 'number') {
    if (Number.isInteger(p)) st.bindBigInt(index, BigInt(p));
    else st.bindDouble(index, p);
  } else if ('list' in p) st.bindList(index, p.list, p.type);
  else st.bindList(index, [...p] as DuckDBValue[]);
}

/** Runs a query on a plain connection and returns row objects with JS values. */
export async function all<T = Row>(conn: DuckDBConnection, sql: string): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql);
  return reader.getRowObjectsJS() as T[];
}

const CHUNK_ROWS = 2048;

/** Appends plain JS rows to a table through DuckDB's appender, one data chunk at a time. */
export async function appendRows(conn: DuckDBConnection, table: string, types: DuckDBType[], rows: readonly unknown[][]): Promise<void> {
  const appender = await conn.createAppender(table);
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = DuckDBDataChunk.create(types);
    chunk.setRowsConverted(rows.slice(i, i + CHUNK_ROWS) as never, JSToDuckDBValueConverter);
    appender.appendDataChunk(chunk);
  }
  appender.closeSync();
}

/** Quotes a string as a SQL literal (for table-function arguments that cannot be bound). */
export function sqlString(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}
