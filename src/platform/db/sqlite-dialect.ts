import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

type Statement = ReturnType<BetterSqlite3.Database['prepare']>;

/** A fair lock: waiters are woken one at a time, in order (Kysely's own wakes them all). */
class FifoLock {
  private locked = false;
  private readonly waiters: (() => void)[] = [];

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

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('SQLite streams only select queries');
    for (const row of this.prepare(compiled.sql).iterate(compiled.parameters as unknown[]))
      yield { rows: [row as R] };
  }
}

class SqliteDriver implements Driver {
  private readonly lock = new FifoLock();
  private readonly connection: SqliteConnection;

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

  async destroy(): Promise<void> {
    this.sqlite.close();
  }
}

/** Kysely's SQLite dialect with a fair connection lock and a prepared-statement cache. */
export class ShopSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new SqliteDriver(this.sqlite);
  }
}
