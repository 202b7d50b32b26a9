import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SHOP_ICON_MAX_AGE_S, SHOP_ICON_PATH } from '../constants/index.ts';

/**
 * Serves the shop's icon (public/favicon.ico, copied into the browser build) at `/favicon.ico`,
 * kept by browsers for SHOP_ICON_MAX_AGE_S: without it every page's first visit logs a 404.
 */
export async function registerShopIcon(app: FastifyInstance, clientDir: string): Promise<void> {
  const icon = await readFile(path.join(clientDir, path.basename(SHOP_ICON_PATH)));
  app.get(SHOP_ICON_PATH, (_request, reply) =>
    reply
      .type('image/x-icon')
      .header('cache-control', `public, max-age=${SHOP_ICON_MAX_AGE_S}`)
      .send(icon),
  );
}
