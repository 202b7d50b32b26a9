/**
 * `npm run dev`: the shop on Vite's dev server. The Fastify server and the pages are loaded
 * through Vite's one module graph, as in the build; the browser gets Vite's modules (and hot
 * reload of the pages). A change to any file under src/ or app/ closes the server and starts it
 * again from the changed modules, on the same port and database.
 */
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import type { Config, loadConfig as LoadConfig } from '../src/platform/config/config.ts';
import type { createLogger as CreateLogger, Logger } from '../src/platform/log/log.ts';
import type { buildServer as BuildServer } from '../src/server.ts';
import type { createShop as CreateShop } from '../src/shop.ts';

process.env.NODE_ENV ??= 'development';
const ROOT = path.resolve(import.meta.dirname, '..');
const RESTART_DELAY_MS = 100;

interface Running {
  close(): Promise<void>;
}

async function start(vite: ViteDevServer, config: Config, log: Logger): Promise<Running> {
  const load = (file: string) => vite.ssrLoadModule(path.join(ROOT, file));
  const { createShop } = (await load('src/shop.ts')) as { createShop: typeof CreateShop };
  const { buildServer } = (await load('src/server.ts')) as { buildServer: typeof BuildServer };
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const shop = await createShop(config, log);
  const app = await buildServer(shop, { build, devMiddleware: vite.middlewares });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (address && typeof address === 'object') shop.address.port = address.port;
  log.info({ url: `http://${config.host}:${shop.address.port}/` }, 'the shop is open (dev)');
  return { close: () => app.close().then(() => shop.close()) };
}

const vite = await createServer({
  root: ROOT,
  server: { middlewareMode: true },
  appType: 'custom',
});
const { loadConfig } = (await vite.ssrLoadModule(
  path.join(ROOT, 'src/platform/config/config.ts'),
)) as { loadConfig: typeof LoadConfig };
const { createLogger } = (await vite.ssrLoadModule(path.join(ROOT, 'src/platform/log/log.ts'))) as {
  createLogger: typeof CreateLogger;
};
const config = loadConfig();
const log = createLogger(config.logLevel);
let running = await start(vite, config, log);

let restart: NodeJS.Timeout | undefined;
vite.watcher.on('change', (file) => {
  const relative = path.relative(ROOT, file);
  if (!/^(src|app)[/\\]/.test(relative) || /\.test\.tsx?$/.test(relative)) return;
  clearTimeout(restart);
  restart = setTimeout(() => {
    log.info({ file: relative }, 'changed: restarting');
    void running
      .close()
      .then(() => start(vite, config, log))
      .then((next) => (running = next))
      .catch((error: unknown) => log.error({ err: error }, 'restart failed'));
  }, RESTART_DELAY_MS);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running
      .close()
      .then(() => vite.close())
      .then(() => process.exit(0));
  });
}
