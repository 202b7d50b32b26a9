import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Imports point one way (issue 10): `platform` <- `catalog` <- `cart` <- `accounts` <- `checkout`,
 * and `payments` below checkout; the shared `ui` sits on platform alone. Each folder names the
 * business folders it may not import, and none imports the composition root. Tests and fixtures
 * drive the whole shop from outside and are left out.
 */
function mayNotImport(folders, note) {
  const names = folders.join('|');
  const wrongWay = folders.length > 0 ? `^(\\.\\./)+(${names})/` : null;
  return {
    // An `import()` points the same way as an `import` (no-restricted-imports sees only the latter).
    'no-restricted-syntax': wrongWay
      ? [
          'error',
          {
            // esquery's regex literal may hold no slash: \x2F matches one.
            selector: `ImportExpression[source.value=/${wrongWay.replaceAll('/', '\\x2F')}/]`,
            message: note,
          },
        ]
      : 'off',
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(wrongWay ? [{ regex: wrongWay, message: note }] : []),
          {
            // The composition root (shop.ts, server.ts) sees everything; a folder gets narrow deps.
            regex: '^(\\.\\./)+(shop|server)\\.ts$',
            message: 'Only the composition root sees the whole shop: take narrow dependencies.',
          },
        ],
      },
    ],
  };
}
const businessFolders = ['catalog', 'cart', 'checkout', 'payments', 'accounts', 'forms', 'content'];
const outsideTests = ['**/*.test.{ts,tsx}', '**/*.fixture.ts'];

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'docs/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/platform/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(businessFolders, 'platform imports no business folder.'),
  },
  {
    // Shared components (the address fields, money, notices): every business folder uses them.
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(businessFolders, 'ui imports platform only, no business folder.'),
  },
  {
    files: ['src/payments/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(
      ['cart', 'checkout', 'accounts', 'forms'],
      'payments sits below checkout: it knows a payable amount and an outcome (settlement.ts defines what it needs of orders).',
    ),
  },
  {
    // What the catalog's pages show and call of the cart, the catalog states (selling.ts,
    // ui/selling.tsx); page-context.ts and app/root.tsx supply the cart's.
    files: ['src/catalog/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(
      ['cart', 'checkout', 'payments', 'accounts', 'forms'],
      'catalog sits below cart.',
    ),
  },
  {
    files: ['src/cart/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(['checkout', 'payments', 'accounts', 'forms'], 'cart sits below checkout.'),
  },
  {
    // Checkout logs customers in and creates their accounts, and shows them their orders in
    // my-account: accounts know nothing of checkout, its payments or the forms above it.
    files: ['src/accounts/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(
      ['checkout', 'payments', 'forms'],
      'accounts sit below checkout: checkout imports accounts, never the other way.',
    ),
  },
  {
    // Forms sit above checkout (a paid entry is a checkout order), beside accounts and content.
    files: ['src/forms/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(
      ['accounts', 'content'],
      'forms use platform, cart, checkout and payments only.',
    ),
  },
  {
    // A paid form's order is placed through checkout's direct orders: checkout knows no forms.
    // (One block per folder: a later block's no-restricted-imports replaces an earlier one's.)
    files: ['src/checkout/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(['forms'], 'forms sit above checkout: checkout imports no forms.'),
  },
  {
    // Checkout and the register form post the content's order attribution; content shows the
    // catalog's products and the cart's buttons.
    files: ['src/content/**/*.{ts,tsx}'],
    ignores: outsideTests,
    rules: mayNotImport(
      ['checkout', 'payments', 'accounts', 'forms'],
      'content sits below checkout and accounts.',
    ),
  },
);
