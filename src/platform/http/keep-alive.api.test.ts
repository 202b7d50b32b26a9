import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KeepAliveConnection } from '../../testing/keep-alive-connection.ts';
import { startTestShop } from '../../testing/test-shop.ts';
import { databaseKinds } from '../db/testing/test-database.ts';

/** Node's own keep-alive timeout, and the second Node waits past it before closing. */
const NODE_IDLE_CLOSE_MS = 5000 + 1000;

/**
 * Issue 22: shoppers racing through a load balancer got ECONNRESET on connections the shop had
 * closed after 5 idle seconds while they reused them.
 */
describe.each(databaseKinds)('keep-alive connections to the shop on %s', (kind) => {
  it('answers on a connection left idle past 5 s, and still closes promptly with it open', async () => {
    const t = await startTestShop(kind, { pages: true });
    const connection = await KeepAliveConnection.open(Number(new URL(t.url).port));
    try {
      expect((await connection.get('/wc/store/v1/cart')).status).toBe(200);
      await sleep(NODE_IDLE_CLOSE_MS + 1000);
      expect(connection.closed).toBe(false);
      const again = await connection.get('/wc/store/v1/cart');
      expect(again.status).toBe(200);
      expect(JSON.parse(again.body)).toMatchObject({ items: [] });

      const started = Date.now();
      await t.app.close();
      await connection.whenClosed();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      connection.destroy();
      await t.close();
    }
  }, 40_000);
});
