import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * embed.js (CONTRACT §6), built apart from the shop's pages: the same form renderer and runtime,
 * against Preact through preact/compat instead of React (issue 12's size budget).
 *
 * - `vite build -c vite.embed.config.ts`: the module `forms-embed/app.js` and its lazy chunks
 *   (date picker, ALTCHA solver, imask, @zxcvbn-ts, the payment fields), ES modules loaded
 *   across origins;
 * - `--mode loader`: `forms-embed/embed.js`, the classic script the tag loads.
 *
 * The shop serves them at `/forms/embed.js` and `/forms/embed/*` (src/forms/embed/embed.routes.ts).
 */
const OUT = 'build/client/forms-embed';

/**
 * Modules the embed takes in a lighter form: all the shop's texts and the payment
 * fields' parts (loaded when needed). The embed's own modules, where the swaps lead, import the
 * originals.
 */
const SWAPS: [string, string][] = [
  ['/src/platform/messages/index.ts', 'src/forms/embed/messages-shim.ts'],
  ['/src/forms/ui/payment-fields.tsx', 'src/forms/embed/payment-fields-shim.tsx'],
];
const EMBED_DIR = path.resolve('src/forms/embed');

function embedSwaps(): Plugin {
  return {
    name: 'shop:embed-swaps',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(EMBED_DIR)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = resolved && SWAPS.find(([from]) => resolved.id.endsWith(from));
      return swap ? path.resolve(swap[1]) : null;
    },
  };
}

/**
 * `react` and `react-dom` as Preact: the shop's own code (renderer, LiveForm, runtime) gets
 * Preact's core and hooks through src/forms/embed/react-lite.ts; libraries (react-day-picker, in
 * the date picker's lazy chunk) get preact/compat, so compat loads only with them.
 */
function reactAsPreact(): Plugin {
  const lite: Record<string, string> = {
    react: path.resolve('src/forms/embed/react-lite.ts'),
    'react-dom/client': path.resolve('src/forms/embed/react-dom-lite.ts'),
  };
  const compat: Record<string, string> = {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
  };
  return {
    name: 'shop:react-as-preact',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!(source in compat) || !importer) return null;
      const own = !importer.includes('/node_modules/') && lite[source];
      if (own) return own;
      return this.resolve(compat[source]!, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * `rem` is the host page's root font size inside a shadow root (13px on a page whose reset sets
 * it so): the embed's styles get the shop's 16px base in px instead, so the form keeps its size
 * on any page.
 */
const remToPx = {
  postcssPlugin: 'shop:rem-to-px',
  Declaration(declaration: { value: string }) {
    declaration.value = declaration.value.replace(
      /(-?\d*\.?\d+)rem\b/g,
      (_: string, amount: string) => `${Number(amount) * 16}px`,
    );
  },
};

export default defineConfig(({ mode }) => {
  const loader = mode === 'loader';
  return {
    plugins: [embedSwaps(), reactAsPreact()],
    resolve: {
      alias: [
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      ],
    },
    // Library mode leaves `process.env` alone; in a browser it must read as empty (as an app
    // build makes it), e.g. for platform/constants' server-side overrides.
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      'process.env': '{}',
    },
    css: { postcss: { plugins: [remToPx] } },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    publicDir: false,
    build: {
      outDir: OUT,
      emptyOutDir: !loader,
      target: 'es2020',
      // The stylesheet as the shop's pages get it (Vite's default browsers): lowered for
      // es2020's browsers, `system-ui` became a longer font stack than the form page's.
      cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
      sourcemap: false,
      minify: true,
      // Library mode for both: no module-preload helper in the module (its chunks load by plain
      // import(), relative to app.js, from the shop that served it).
      lib: loader
        ? {
            entry: 'src/forms/embed/loader.ts',
            formats: ['iife'],
            name: 'shopFormEmbed',
            fileName: () => 'embed.js',
          }
        : {
            entry: { app: 'src/forms/embed/app.tsx' },
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
          },
      rollupOptions: {
        // The runtime's chunk may take what it shares with app.js from app.js (always loaded
        // first), instead of a handful of tiny chunks.
        preserveEntrySignatures: 'allow-extension',
        output: {
          // Library mode keeps whitespace and annotations for bundlers downstream; this module
          // goes to browsers as it is.
          minify: true,
          comments: false,
          ...(loader ? {} : { chunkFileNames: '[name]-[hash].js' }),
        },
      },
    },
  };
});
