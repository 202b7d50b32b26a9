import { defineConfig } from 'vite';

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

export default defineConfig(({ mode }) => {
  const loader = mode === 'loader';
  return {
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
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    publicDir: false,
    build: {
      outDir: OUT,
      emptyOutDir: !loader,
      target: 'es2020',
      sourcemap: false,
      modulePreload: false,
      lib: loader
        ? {
            entry: 'src/forms/embed/loader.ts',
            formats: ['iife'],
            name: 'shopFormEmbed',
            fileName: () => 'embed.js',
          }
        : { entry: 'src/forms/embed/app.tsx', formats: ['es'], fileName: () => 'app.js' },
      rollupOptions: {
        output: loader
          ? {}
          : { chunkFileNames: '[name]-[hash].js', assetFileNames: '[name]-[hash][extname]' },
      },
    },
  };
});
