import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import { preparedQuery } from './prepared.ts';
import { databaseKinds, openTestDatabase } from './testing/test-database.ts';

const settingByName = preparedQuery<{ value: string }, [name: string]>((db) =>
  db.selectFrom('settings').select('value').where('name', '=', ''),
);

const insertSetting = preparedQuery<never, [name: string, value: string]>((db) =>
  db.insertInto('settings').values({ name: '', value: '' }),
);

describe.each(databaseKinds)('prepared queries on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());

  it('run with fresh parameters, inside and outside transactions', async () => {
    await insertSetting(handle.db, 'prepared_a', '1');
    await handle.db.transaction().execute(async (tx) => {
      await insertSetting(tx, 'prepared_b', '2');
      expect(await settingByName(tx, 'prepared_b')).toEqual([{ value: '2' }]);
    });
    expect(await settingByName(handle.db, 'prepared_a')).toEqual([{ value: '1' }]);
    expect(await settingByName(handle.db, 'prepared_b')).toEqual([{ value: '2' }]);
  });

  it('outside a transaction, never read what another transaction has not committed', async () => {
    let insideReached!: () => void;
    const inside = new Promise<void>((resolve) => (insideReached = resolve));
    let letCommit!: () => void;
    const commitAllowed = new Promise<void>((resolve) => (letCommit = resolve));
    const writer = handle.db.transaction().execute(async (tx) => {
      await insertSetting(tx, 'prepared_pending', 'x');
      insideReached();
      await commitAllowed;
    });
    await inside;
    let readDone = false;
    const reader = settingByName(handle.db, 'prepared_pending').then((rows) => {
      readDone = true;
      return rows;
    });
    // Let the reader run as far as it can while the writer's transaction is open.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    if (kind === 'sqlite') {
      // One connection: the read waits for the transaction to end, then sees its row.
      expect(readDone).toBe(false);
      letCommit();
      await writer;
      expect(await reader).toEqual([{ value: 'x' }]);
    } else {
      // A pool: the read runs on another connection and does not see the open transaction.
      expect(await reader).toEqual([]);
      letCommit();
      await writer;
    }
    expect(await settingByName(handle.db, 'prepared_pending')).toEqual([{ value: 'x' }]);
  });
});
