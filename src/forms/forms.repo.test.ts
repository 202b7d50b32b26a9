import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { demoForms } from './demo-forms/index.ts';
import { formsRepo } from './forms.repo.ts';

describe.each(databaseKinds)('the forms repository on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());

  it('seeds the demo forms once and reads them back whole', async () => {
    const repo = formsRepo(handle.db);
    expect(await repo.missingForms(['contact', 'nope'])).toEqual(['contact', 'nope']);
    expect(await repo.addMissing(demoForms())).toBe(2);
    expect(await repo.missingForms(['contact', 'nope'])).toEqual(['nope']);
    expect(await repo.addMissing(demoForms())).toBe(0);
    expect(await repo.form('contact')).toEqual(demoForms()[0]);
    expect(await repo.form('nope')).toBeUndefined();
  });

  it('keeps an entry with its files', async () => {
    const repo = formsRepo(handle.db);
    const id = await handle.db.transaction().execute((tx) =>
      repo.insertEntry(
        tx,
        {
          formId: 'contact',
          answers: { '1': 'Ada', '3': 'Hello' },
          visitorId: 'c0a80121-7ac0-4e1c-9b1a-2a0b3c4d5e6f',
          pageUrl: 'https://shop.example/forms/contact/',
          startedAt: new Date('2026-01-01T10:00:00Z'),
          endedAt: new Date('2026-01-01T10:00:30Z'),
          notificationStatus: 'queued',
          createdAt: new Date('2026-01-01T10:00:31Z'),
        },
        [
          {
            fieldId: '12',
            originalName: 'a.png',
            storedName: 'x1',
            mimeType: 'image/png',
            size: 10,
          },
        ],
      ),
    );
    const [entry] = await repo.entries('contact');
    expect(entry).toMatchObject({
      id,
      answers: { '1': 'Ada', '3': 'Hello' },
      startedAt: '2026-01-01T10:00:00.000Z',
      files: [{ fieldId: '12', storedName: 'x1', size: 10 }],
    });
  });

  it('accepts an ALTCHA challenge once, even from two servers at once', async () => {
    const repo = formsRepo(handle.db);
    const expires = new Date(Date.now() + 60_000);
    const uses = await Promise.all(
      [1, 2, 3].map(() =>
        handle.db.transaction().execute((tx) => repo.useChallenge(tx, 'sig-1', expires)),
      ),
    );
    expect(uses.filter(Boolean)).toHaveLength(1);
    await repo.sweepChallenges(new Date(Date.now() + 120_000));
    expect(
      await handle.db.transaction().execute((tx) => repo.useChallenge(tx, 'sig-1', expires)),
    ).toBe(true);
  });
});
