import { fileURLToPath } from 'node:url';
import * as build from 'virtual:react-router/server-build';
import { loadConfig } from './platform/config/config.ts';
import { createLogger } from './platform/log/log.ts';
import { buildServer } from './server.ts';
import { createShop } from './shop.ts';

const config = loadConfig();
const log = createLogger(config.logLevel);
const shop = await createShop(config, log);
if (config.host === '0.0.0.0' || config.host === '::') shop.address.host = '127.0.0.1';
// This file is built into build/server/main.js, beside the pages; their browser files are in build/client.
const clientDir = fileURLToPath(new URL('../client', import.meta.url));
const app = await buildServer(shop, { build, clientDir });

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
if (address && typeof address === 'object') shop.address.port = address.port;
log.info(
  {
    url: `http://${config.host}:${shop.address.port}/`,
    database: shop.kind,
    testMode: shop.payments.testMode,
  },
  'the shop is open',
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'closing');
    // The jobs first: a sweep in flight may still call this server (the test processor).
    void shop.jobs
      .stop()
      .then(() => app.close())
      .then(() => shop.close())
      .then(() => process.exit(0));
  });
}
