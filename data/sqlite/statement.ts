import type { Database as SqlJsDatabase, Statement as SqlJsStatement } from 'sql.js';
import type { SqlParam } from './journal';

/** What a statement needs of its database (the Database class): the connection and the journal's bookkeeping. */
export type StatementHost = {
  readonly raw: SqlJsDatabase;
  readonly generation: number;
  prepare(sql: string): Statement;
  beforeStatement(statement: { readOnly: boolean }): void;
  afterStatement(statement: { readOnly: boolean; sql: string }, params: SqlParam[]): void;
};
export type BindValue = SqlParam | boolean | bigint | undefined;
export type Row = Record<string, SqlParam>;
export type RunResult = { changes: number; lastInsertRowid: number };

const READ_ONLY_START = /^\s*(select|with|explain)\b/i;
const PRAGMA_READ = /^\s*pragma\s+[a-z_]+\s*;?\s*$/i;
const WRITE_WORD =
  /\b(insert|update|delete|replace\s+into|create|drop|alter|attach|detach|vacuum|reindex|pragma|returning|begin|commit|rollback|savepoint)\b/i;

/**
 * Whether a statement can be left out of the journal. A write taken for a read would be lost on
 * replay, so any doubt counts as a write (`WITH ... DELETE`, `SELECT 1; DELETE ...`, RETURNING).
 */
export function isReadOnlySql(sql: string): boolean {
  if (PRAGMA_READ.test(sql)) return true;
  return READ_ONLY_START.test(sql) && !WRITE_WORD.test(sql);
}

function toParam(value: BindValue): SqlParam {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** A prepared statement shaped like node:sqlite's StatementSync. */
export class Statement {
  private compiled: SqlJsStatement | undefined;
  private compiledFor = -1;
  private columns: string[] | undefined;
  readonly readOnly: boolean;

  constructor(
    private readonly db: StatementHost,
    readonly sql: string,
  ) {
    this.readOnly = isReadOnlySql(sql);
  }

  run(...params: BindValue[]): RunResult {
    const values = params.map(toParam);
    const statement = this.statement();
    this.db.beforeStatement(this);
    statement.run(values);
    const changes = this.db.raw.getRowsModified();
    const lastInsertRowid = this.db.prepare('SELECT last_insert_rowid() AS id').get<{ id: number }>()?.id ?? 0;
    this.db.afterStatement(this, values);
    return { changes, lastInsertRowid };
  }

  get<T = Row>(...params: BindValue[]): T | undefined {
    const values = params.map(toParam);
    const statement = this.statement();
    this.db.beforeStatement(this);
    let row: T | undefined;
    try {
      statement.bind(values);
      row = statement.step() ? (this.row(statement) as T) : undefined;
    } finally {
      statement.reset();
    }
    this.db.afterStatement(this, values);
    return row;
  }

  all<T = Row>(...params: BindValue[]): T[] {
    const values = params.map(toParam);
    const statement = this.statement();
    this.db.beforeStatement(this);
    const rows: T[] = [];
    try {
      statement.bind(values);
      while (statement.step()) rows.push(this.row(statement) as T);
    } finally {
      statement.reset();
    }
    this.db.afterStatement(this, values);
    return rows;
  }

  /**
   * The current row as an object. sql.js's getAsObject reads every column name out of Wasm memory
   * again for each row (about half of a licence lookup); the names are kept per compiled form.
   */
  private row(statement: SqlJsStatement): Row {
    const values = statement.get();
    if (this.columns?.length !== values.length) this.columns = statement.getColumnNames();
    const row: Row = {};
    for (let index = 0; index < values.length; index++) row[this.columns[index]!] = values[index] as SqlParam;
    return row;
  }

  /** Frees the compiled form; the next use compiles it again. */
  release(): void {
    if (this.compiled && this.compiledFor === this.db.generation) this.compiled.free();
    this.compiled = undefined;
  }

  /** Re-prepares after the underlying database was reloaded (recovery after a failed write). */
  private statement(): SqlJsStatement {
    if (!this.compiled || this.compiledFor !== this.db.generation) {
      this.compiled = this.db.raw.prepare(this.sql);
      this.compiledFor = this.db.generation;
      this.columns = undefined;
    }
    return this.compiled;
  }
}

/** Compiled statements kept per SQL text; dynamic SQL beyond this clears the cache instead of leaking Wasm memory. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * Statements by their SQL text: repositories may ask for `db.prepare(sql)` on every call without
 * compiling (and leaking) a new sql.js statement each time.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: StatementHost) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) {
        for (const cached of this.statements.values()) cached.release();
        this.statements.clear();
      }
      statement = new Statement(this.db, sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
