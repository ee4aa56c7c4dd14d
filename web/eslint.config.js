// ESLint (flat config): the TypeScript rules and React's hooks rules over the web code. `npm run lint`, part of `make test`.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/schema.d.ts', 'test-output'] },
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // server state goes through TanStack Query (docs/architecture.md, "Web"): no hand-written race flags, and no
    // rejection swallowed without a name saying why (shownByClient, keepFormOpen in api/hooks/useWrite.ts)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "VariableDeclaration[kind='let'] > VariableDeclarator[id.name='live']",
          message: 'No hand-written race flag: read server state through a query hook (api/hooks/), a lazy module through useLazyModule.',
        },
        {
          selector: "CallExpression > ArrowFunctionExpression.arguments[params.length=0][body.type='Identifier'][body.name='undefined']",
          message:
            'No anonymous `() => undefined` handler: a write is a useWrite mutation; a rejection already shown is `shownByClient`, a form\'s validation `keepFormOpen`, anything else a named function saying why.',
        },
      ],
    },
  },
  {
    // node scripts; the e2e specs also hold functions that run in the page (page.evaluate)
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
