import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { sharedTestDataDir } from '../testing/test-shop.ts';
import { catalogRepo } from './catalog.repo.ts';
import { reviewsRepo, type NewReview } from './reviews.repo.ts';

describe.each(databaseKinds)('the reviews table on %s', (kind) => {
  let handle: DatabaseHandle;
  let lampId: number;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoData(handle.db, sharedTestDataDir);
    lampId = (await catalogRepo(handle.db).productBySlug('desk-lamp'))!.id;
  });
  afterAll(() => handle.destroy());

  const review = (overrides: Partial<NewReview>): NewReview => ({
    productId: lampId,
    author: 'Kim',
    email: 'kim@example.com',
    customerId: null,
    rating: 4,
    content: 'Warm light.',
    verified: false,
    status: 'approved',
    authorIp: '203.0.113.9',
    createdAt: new Date().toISOString(),
    ...overrides,
  });
  const totals = async () => {
    const lamp = (await catalogRepo(handle.db).productById(lampId))!;
    return [lamp.reviewCount, lamp.ratingCount, lamp.averageRating];
  };

  it('takes one review per product and address, and one per product and customer', async () => {
    const repo = reviewsRepo(handle.db);
    expect(await repo.add(review({}))).toEqual({ id: expect.any(Number) });
    expect(await repo.add(review({ author: 'Kim again' }))).toBeUndefined();
    expect(await repo.add(review({ email: 'c1@example.com', customerId: 1 }))).toBeDefined();
    expect(await repo.add(review({ email: 'c1-new@example.com', customerId: 1 }))).toBeUndefined();
    expect(await totals()).toEqual([2, 2, 4]);
  });

  it('counts a held review only once it is approved, and only once', async () => {
    const repo = reviewsRepo(handle.db);
    const held = (await repo.add(
      review({ email: 'held@example.com', rating: 1, status: 'hold' }),
    ))!;
    expect(await totals()).toEqual([2, 2, 4]);
    expect(await repo.approved(lampId, 10, 0)).toHaveLength(2);
    expect(await repo.approve(held.id)).toBe(true);
    expect(await repo.approve(held.id)).toBe(false);
    expect(await totals()).toEqual([3, 3, 3]);
    expect((await repo.approved(lampId, 10, 0)).map((r) => r.rating)).toContain(1);
  });
});
