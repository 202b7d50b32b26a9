import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';
import { runOnSqliteNow } from './sqlite-dialect.ts';

/**
 * A hot query built and compiled once per dialect, then run with fresh parameters: Kysely's
 * builder and compiler cost more than the query itself on the busiest paths. The builder is
 * given placeholder values; the parameters passed later replace them in the same order.
 */
export function preparedQuery<Row, Params extends unknown[]>(build: (db: Db) => Compilable<Row>) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db: Db, ...parameters: Params): Promise<Row[]> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db).compile();
      if (query.parameters.length !== parameters.length) {
        throw new Error(
          `prepared query takes ${query.parameters.length} parameters, got ${parameters.length}`,
        );
      }
      compiled.set(adapter, query);
    }
    const now = runOnSqliteNow<Row>(db, query.sql, parameters);
    if (now) return now.rows;
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
