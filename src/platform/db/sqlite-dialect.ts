import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryExecutor,
  type QueryResult,
} from 'kysely';

type Statement = ReturnType<BetterSqlite3.Database['prepare']>;

/** A fair lock: waiters are woken one at a time, in order (Kysely's own wakes them all). */
class FifoLock {
  private locked = false;
  private readonly waiters: (() => void)[] = [];

  get isLocked(): boolean {
    return this.locked;
  }

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

/**
 * One better-sqlite3 connection. Each distinct SQL text is prepared once and reused: preparing
 * costs more than running a point query (bounded, since `in (...)` lists make new texts).
 */
class SqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly cacheLimit = 1000,
  ) {}

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      if (this.statements.size < this.cacheLimit) this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs one statement synchronously (better-sqlite3 is synchronous anyway). */
  run<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    const statement = this.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.run<R>(compiled.sql, compiled.parameters));
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streams only select queries');
    for (const row of this.prepare(compiled.sql).iterate(compiled.parameters as unknown[]))
      yield { rows: [row as R] };
  }
}

class SqliteDriver implements Driver {
  private readonly lock = new FifoLock();
  readonly connection: SqliteConnection;

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    this.connection = new SqliteConnection(sqlite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.lock.unlock();
  }

  /**
   * Whether a query may run on the connection right now without waiting: inside a transaction
   * (which holds the connection), or outside one when no transaction holds it.
   */
  mayRunNow(inTransaction: boolean): boolean {
    return inTransaction || !this.lock.isLocked;
  }

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}

/** The driver behind each adapter a ShopSqliteDialect made (one per Kysely instance). */
const drivers = new WeakMap<object, SqliteDriver>();

/** Kysely's SQLite dialect with a fair connection lock and a prepared-statement cache. */
export class ShopSqliteDialect extends SqliteDialect {
  private driver: SqliteDriver | undefined;

  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    this.driver = new SqliteDriver(this.sqlite);
    return this.driver;
  }

  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    if (this.driver) drivers.set(adapter, this.driver);
    return adapter;
  }
}

/**
 * Runs an already-compiled query at once on SQLite, skipping Kysely's executor (a connection
 * hand-off and several promise hops, which cost more than a point query): only when the
 * connection is free or `db` is the transaction holding it, and no Kysely plugin is in use.
 * Returns undefined when the query must take the ordinary path.
 */
export function runOnSqliteNow<R>(
  db: { isTransaction: boolean; getExecutor(): QueryExecutor },
  sql: string,
  parameters: readonly unknown[],
): QueryResult<R> | undefined {
  const executor = db.getExecutor();
  const driver = drivers.get(executor.adapter);
  if (!driver || executor.plugins.length > 0 || !driver.mayRunNow(db.isTransaction))
    return undefined;
  return driver.connection.run<R>(sql, parameters);
}
