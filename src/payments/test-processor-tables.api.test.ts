import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';

/** Issue 10 item 4: the test processor's tables exist only where it is mounted. */
async function tableNames(t: TestShop): Promise<string[]> {
  const query =
    t.shop.kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`;
  return (await query.execute(t.shop.db)).rows.map((r) => r.name).sort();
}

const processorTables = [
  'tp_customers',
  'tp_events',
  'tp_idempotency',
  'tp_payment_intents',
  'tp_payment_methods',
  'tp_setup_intents',
];

describe.each(databaseKinds)('the test processor’s tables on %s', (kind) => {
  let t: TestShop | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a shop with Stripe keys on a fresh database has none of them', async () => {
    t = await startTestShop(kind, { stripe: true });
    const tables = await tableNames(t);
    expect(tables).toContain('orders');
    expect(tables.filter((name) => name.startsWith('tp_'))).toEqual([]);
  });

  it('a shop without keys has them once the processor is mounted', async () => {
    t = await startTestShop(kind);
    const tables = await tableNames(t);
    for (const table of processorTables) expect(tables).toContain(table);
  });
});
