import {
  InsertQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Tells whoever listens that rows were inserted into a table, once they are there for every
 * other connection to see: after the commit of the transaction that wrote them (nothing on a
 * rollback), or at once for a write outside a transaction. The mail sender listens to the mail
 * queue this way, so a mail queued in any transaction, by any part of the shop, is sent right
 * after that transaction commits, without the part having to remember to say so.
 */
export class CommitSignals {
  private readonly listeners = new Map<string, Set<() => void>>();

  /** Calls `listener` after each commit that inserted into `table`; returns the unsubscribe. */
  onInsert(table: string, listener: () => void): () => void {
    let set = this.listeners.get(table);
    if (!set) this.listeners.set(table, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  watches(table: string): boolean {
    return (this.listeners.get(table)?.size ?? 0) > 0;
  }

  emit(tables: Iterable<string>): void {
    for (const table of tables) {
      for (const listener of this.listeners.get(table) ?? []) listener();
    }
  }
}

function insertedTable(compiled: CompiledQuery): string | undefined {
  return InsertQueryNode.is(compiled.query)
    ? compiled.query.into?.table.identifier.name
    : undefined;
}

/** A connection that notes the watched tables it inserted into until its transaction ends. */
class SignallingConnection implements DatabaseConnection {
  inTransaction = false;
  readonly inserted = new Set<string>();

  constructor(
    readonly inner: DatabaseConnection,
    private readonly signals: CommitSignals,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const table = insertedTable(compiled);
    if (table !== undefined && this.signals.watches(table)) {
      if (this.inTransaction) this.inserted.add(table);
      else this.signals.emit([table]);
    }
    return result;
  }

  streamQuery<R>(
    compiled: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

class SignallingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly signals: CommitSignals,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SignallingConnection(await this.inner.acquireConnection(), this.signals);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const c = connection as SignallingConnection;
    await this.inner.beginTransaction(c.inner, settings);
    c.inTransaction = true;
    c.inserted.clear();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    await this.inner.commitTransaction(c.inner);
    c.inTransaction = false;
    const tables = [...c.inserted];
    c.inserted.clear();
    this.signals.emit(tables);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SignallingConnection;
    c.inTransaction = false;
    c.inserted.clear();
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.((connection as SignallingConnection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(
      (connection as SignallingConnection).inner,
      name,
      compile,
    );
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as SignallingConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as SignallingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect, its driver's connections reporting committed inserts to `signals`. */
export function withCommitSignals(dialect: Dialect, signals: CommitSignals): Dialect {
  return {
    // The order matters to ShopSqliteDialect: its adapter is tied to the driver made before it.
    createDriver: () => new SignallingDriver(dialect.createDriver(), signals),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
