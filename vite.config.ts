import { createRequire } from 'node:module';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * One build: the server bundle holds the pages (React Router's server build, `index.js`) and
 * the Fastify server that serves them (`main.js`, from src/main.ts) in one module graph, so the
 * loaders and the routes share one copy of every module. `node build/server/main.js` starts it.
 */
const SERVER_ENTRIES = {
  index: 'virtual:react-router/server-build',
  main: './src/main.ts',
};

/** React Router's package exports always resolve to its development build (dev warnings on). */
function reactRouterProductionBuild(): Record<string, string> {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = (file: string) =>
    development.replace(/[/\\]development[/\\]index\.m?js$/, `/production/${file}`);
  return {
    'react-router/dom': production('dom-export.mjs'),
    'react-router': production('index.mjs'),
  };
}

/** React Router names every server entry `index.js`; ours keep their own names. */
function serverEntryNames(): Plugin {
  return {
    name: 'shop:server-entry-names',
    apply: 'build',
    outputOptions(options) {
      if (this.environment.name !== 'ssr') return null;
      return { ...options, entryFileNames: '[name].js' };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), serverEntryNames()],
  resolve: {
    alias:
      command === 'build'
        ? Object.entries(reactRouterProductionBuild()).map(([find, replacement]) => ({
            find: new RegExp(`^${find}$`),
            replacement,
          }))
        : [],
  },
  build: isSsrBuild ? { rollupOptions: { input: SERVER_ENTRIES } } : {},
  // The bundled libraries' development checks (react-aria reads process.env on every render)
  // are dropped from the server build, as they are from the browser's.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  ssr: {
    external: ['better-sqlite3', 'pg', 'sharp', 'pino', 'stripe'],
    // Bundled: React Router in its production build, and what Node would otherwise load file by
    // file at every start (react-aria-components alone is hundreds of modules, 5 s and 60 MiB).
    noExternal: [
      'react-router',
      '@react-router/node',
      'react-aria-components',
      'react-aria',
      'react-stately',
      /^@react-aria\//,
      /^@react-stately\//,
      /^@internationalized\//,
      'react-imask',
      'imask',
      'kysely',
      'localized-address-format',
    ],
  },
}));
