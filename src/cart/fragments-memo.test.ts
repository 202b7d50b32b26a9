import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config/config.ts';
import { openTestDatabase } from '../platform/db/testing/test-database.ts';
import { createLogger } from '../platform/log/log.ts';
import { createShop, type Shop } from '../shop.ts';
import { sharedTestDataDir } from '../testing/test-shop.ts';
import { cartAnswerJson, fragmentsFor } from './cart.routes.ts';
import { cartFragments } from './ui/fragments.tsx';

describe('memoised cart fragments', () => {
  let shop: Shop;
  beforeAll(async () => {
    const config = { ...loadConfig({}), dataDir: sharedTestDataDir, logLevel: 'silent' };
    shop = await createShop(config, createLogger('silent'), {
      database: await openTestDatabase('sqlite'),
    });
  });
  afterAll(() => shop.close());

  it('are the markup drawn for each visitor, with that visitor’s remove nonce', async () => {
    const first = await shop.sessions.create();
    const second = await shop.sessions.create();
    const views = [
      await shop.cart.read(first.id),
      await shop.cart.add(first.id, { productId: 1, quantity: 2 }),
      await shop.cart.add(second.id, { productId: 1, quantity: 2 }),
    ];
    // Same content, so the same priced cart: drawn once, answered with each nonce.
    expect(views[2]!.store).toBe(views[1]!.store);
    for (const view of views) {
      for (const nonce of ['0123456789ab', 'fedcba987654']) {
        expect(fragmentsFor(view.store, nonce)).toEqual(cartFragments(view.store, nonce));
        const answer = {
          fragments: cartFragments(view.store, nonce),
          remove_nonce: nonce,
          cart_hash: view.hash,
          cart: view.store,
        };
        expect(cartAnswerJson(view, nonce)).toBe(JSON.stringify(answer));
        expect(cartAnswerJson(view, nonce, '“Classic Hoodie” added.')).toBe(
          JSON.stringify({ ...answer, success_message: '“Classic Hoodie” added.' }),
        );
      }
    }
    expect(Object.values(fragmentsFor(views[1]!.store, '0123456789ab')).join('')).toContain(
      '_wpnonce=0123456789ab',
    );
  });
});
