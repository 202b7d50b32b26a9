import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import type { ChunkingContext } from 'rolldown';
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

/**
 * The browser's chunks: the framework (React, React DOM, React Router) and the site's frame (what
 * root.tsx needs on every page) each load as one file; the rest is split by the pages that use
 * it. A page's first load then takes a few files instead of forty.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/** React DOM's HTML renderer: in the browser only the checkout's order review uses it. */
const RENDERING_TO_HTML = /react-dom[\\/](server|cjs[\\/]react-dom-server)/;

function browserChunk(id: string, context: ChunkingContext): string | null {
  if (FRAMEWORK.test(id) && !RENDERING_TO_HTML.test(id)) return 'framework';
  return !id.includes('/node_modules/') && modulesOnEveryPage(context).has(id) ? 'site' : null;
}

const ROOT_MODULE = path.resolve('app/root.tsx');
let onEveryPage: Set<string> | undefined;

/** The shop's modules root.tsx (the frame of every page) imports, directly or through others. */
function modulesOnEveryPage(context: ChunkingContext): Set<string> {
  if (onEveryPage) return onEveryPage;
  const found = new Set<string>();
  const queue = [ROOT_MODULE];
  for (const id of queue) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return (onEveryPage = found);
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

/**
 * The server build bundles every library the server loads at start: Node reads, resolves and
 * wraps a few files instead of about 400 (Fastify and its plugins alone are some 250 CommonJS
 * files), a quarter of a start's CPU time. Left to Node: native addons; libraries that find
 * their own files at run time (pino's transport worker, pg's optional native binding, Stripe's
 * SDK, required by path at the first payment, and @zxcvbn-ts in the password worker); libraries
 * loaded at first use anyway; and Fastify's JSON-schema compilers, which zod's replace (never
 * loaded).
 */
const SERVER_BUILD_EXTERNAL = [
  'better-sqlite3',
  'sharp',
  'pino',
  'pg',
  'stripe',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  'nodemailer',
  'html-to-text',
  'file-type',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  // Its `serialize` works once the plugin's registration has loaded `cookie` into the same copy
  // of the module, and the tests run the pages' bundle beside the sources' Fastify: one copy.
  '@fastify/cookie',
];

/**
 * `npm run dev`: Vite's module runner takes ES modules only, so Node loads the libraries but for
 * these, which go through Vite with the shop's code (as the build had them before it bundled all).
 */
const DEV_SSR = {
  external: ['better-sqlite3', 'pg', 'sharp', 'pino', 'stripe'],
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
};

const LAZY_GLOB = '\0shop:lazy-glob';

/**
 * @fastify/static requires glob (about 140 kB) at load but calls it only for `wildcard: false`,
 * which the shop never sets: in the server build glob loads at its first call, not at every start.
 */
function globAtFirstCall(): Plugin {
  return {
    name: 'shop:glob-at-first-call',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'glob' || !importer?.includes('/@fastify/static/')) return null;
      return LAZY_GLOB;
    },
    load(id) {
      if (id !== LAZY_GLOB) return null;
      return `export async function glob(...args) { return (await import('glob')).glob(...args); }`;
    },
  };
}

/**
 * The server's files in ASCII, without comments: V8 keeps each script's source in memory, in two
 * bytes a character once one character needs them (4.6 MiB less heap at start). Not minified, so
 * that stack traces stay readable.
 */
const SERVER_OUTPUT = {
  comments: false,
  minify: { compress: false, mangle: false, codegen: { removeWhitespace: false, asciiOnly: true } },
} as const;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), serverEntryNames(), globAtFirstCall()],
  resolve: {
    alias:
      command === 'build'
        ? Object.entries(reactRouterProductionBuild()).map(([find, replacement]) => ({
            find: new RegExp(`^${find}$`),
            replacement,
          }))
        : [],
  },
  build: isSsrBuild
    ? { rollupOptions: { input: SERVER_ENTRIES, output: SERVER_OUTPUT } }
    : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: browserChunk }] } } } },
  // The bundled libraries' development checks (react-aria reads process.env on every render)
  // are dropped from the server build, as they are from the browser's.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  ssr: command === 'build' ? { external: SERVER_BUILD_EXTERNAL, noExternal: true } : DEV_SSR,
}));
