import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * embed.js (CONTRACT §6), built apart from the shop's pages: the same form renderer and runtime,
 * against Preact through preact/compat instead of React (issue 12's size budget).
 *
 * - `vite build -c vite.embed.config.ts`: the module `forms-embed/app.js` and its lazy chunks
 *   (date picker, ALTCHA solver, imask, @zxcvbn-ts), ES modules loaded across origins;
 * - `--mode loader`: `forms-embed/embed.js`, the classic script the tag loads.
 *
 * The shop serves them at `/forms/embed.js` and `/forms/embed/*` (src/forms/embed/embed.routes.ts).
 */
const OUT = 'build/client/forms-embed';

/** Modules the embed takes in a lighter form: all the shop's texts, and the zod schema. */
const SWAPS: [string, string][] = [
  ['/src/platform/messages/index.ts', 'src/forms/embed/messages-shim.ts'],
  ['/src/forms/definition.ts', 'src/forms/embed/definition-shim.ts'],
];

function embedSwaps(): Plugin {
  return {
    name: 'shop:embed-swaps',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && SWAPS.find(([from]) => resolved.id.endsWith(from));
      return swap ? path.resolve(swap[1]) : null;
    },
  };
}

export default defineConfig(({ mode }) => {
  const loader = mode === 'loader';
  return {
    plugins: [embedSwaps()],
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      ],
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    publicDir: false,
    build: {
      outDir: OUT,
      emptyOutDir: !loader,
      target: 'es2020',
      sourcemap: false,
      minify: true,
      modulePreload: false,
      lib: loader
        ? {
            entry: 'src/forms/embed/loader.ts',
            formats: ['iife'],
            name: 'shopFormEmbed',
            fileName: () => 'embed.js',
          }
        : false,
      rollupOptions: loader
        ? {}
        : {
            input: { app: 'src/forms/embed/app.tsx' },
            preserveEntrySignatures: 'exports-only',
            output: {
              format: 'es',
              entryFileNames: '[name].js',
              chunkFileNames: '[name]-[hash].js',
              assetFileNames: '[name]-[hash][extname]',
            },
          },
    },
  };
});
