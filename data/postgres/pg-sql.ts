/**
 * Running SQL on PostgreSQL through pg: `?` placeholders turned into `$n`, parameters as
 * PostgreSQL takes them, kept (named) statements, and connection failures mapped to a 503.
 */
import pg from 'pg';
import type { RunResult, Sql, SqlValue } from '../store';
import { forgetStatement, statementName, toPostgresSql } from './placeholders';

const INT8_OID = 20;

/** Counts (bigint) as numbers: every count and id here is far below 2^53. */
export const TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A kept statement's plan outdated by a migration: feature_not_supported with this message. The
 * code alone covers real errors too, which must not be retried.
 */
export function planChanged(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/** Connection failures: the database is unreachable for now (answered 503 like a full disk). */
const UNAVAILABLE = /^(08|57P0[1-3]|53)/;

/** What the edge answers when PostgreSQL cannot be reached: like a full disk, a 503. */
export class DatabaseUnavailableError extends Error {
  readonly status = 503;
  constructor(cause: unknown) {
    super('Storage unavailable: changes cannot be saved right now, please try again later');
    this.cause = cause;
  }
}

function toParam(value: SqlValue): unknown {
  // PostgreSQL text cannot hold U+0000 (SQLite's can): it becomes U+FFFD, so a key or a field
  // carrying one matches nothing instead of failing the statement.
  if (typeof value === 'string') return value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value;
  // pg sends a Buffer as bytea; a plain Uint8Array would be sent as text.
  if (value instanceof Uint8Array && !Buffer.isBuffer(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return value;
}

function toParams(params: readonly SqlValue[]): unknown[] {
  return params.map(toParam);
}

/** The network's word for a connection that could not be made or was cut (node's error codes). */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg's own words: a connection that ended, a client used after its connection failed, a pool
 * closed under a request still running while the instance shuts down, a connect that timed out.
 */
const LOST =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|not queryable|after calling end on the pool|timeout exceeded when trying to connect/i;

export function mapError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE.test(code) || NETWORK.has(code)))
    return new DatabaseUnavailableError(error);
  if (error instanceof Error && LOST.test(error.message)) return new DatabaseUnavailableError(error);
  return error;
}

/** Runs SQL on one client or on the pool. */
export class PgSql implements Sql {
  constructor(private readonly target: pg.Pool | pg.PoolClient) {}

  private async query<Row>(sql: string, params: readonly SqlValue[]): Promise<pg.QueryResult<Row & pg.QueryResultRow>> {
    const text = toPostgresSql(sql);
    const name = statementName(text, params.length);
    try {
      return await this.target.query<Row & pg.QueryResultRow>({ name, text, values: toParams(params) });
    } catch (error) {
      if (name === undefined || !planChanged(error)) throw mapError(error);
      forgetStatement(text);
      // Outside a transaction nothing was aborted: run it again, unnamed. Inside, the transaction retries.
      if (this.target instanceof pg.Pool) return this.query<Row>(sql, params);
      throw error;
    }
  }

  async get<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row | undefined> {
    return (await this.query<Row>(sql, params)).rows[0];
  }

  async all<Row>(sql: string, params: readonly SqlValue[] = []): Promise<Row[]> {
    return (await this.query<Row>(sql, params)).rows;
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).rowCount ?? 0 };
  }
}
