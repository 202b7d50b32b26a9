import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createServer } from 'node:http';
import { loadConfig } from '../src/platform/config/config.ts';
import { createLogger } from '../src/platform/log/log.ts';
import { buildServer } from '../src/server.ts';
import { createShop } from '../src/shop.ts';
const config = loadConfig();
const log = createLogger(config.logLevel);
const shop = await createShop(config, log);
const build = (await import(
  pathToFileURL(path.resolve('build/server/index.js')).href
)) as ServerBuild;
const mode = process.env.ZZ_MODE;
if (mode !== 'bare') {
  const app = await buildServer(shop, { build, clientDir: path.resolve('build/client') });
  await app.listen({ port: config.port, host: config.host });
}
const body = Buffer.alloc(13872, 'a');
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(body.length) });
  res.end(body);
}).listen(config.port + 1, '127.0.0.1');
