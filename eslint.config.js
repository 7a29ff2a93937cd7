// One lint tool for the whole workspace: typed rules catch promises nobody awaits (style guide §13).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Files under apps/web/src/<layer> may not import from the `above` layers. */
function webLayer(layer, above) {
  return [
    {
      files: [`apps/web/src/${layer}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: above.map((name) => ({
              regex: `^(\\.{1,2}/)+(\\.\\./)*${name}(/|$)`,
              message: `${layer}/ may not import from ${name}/: imports run app → shell → modules → lib.`,
            })),
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'test', property: 'only' },
        { object: 'it', property: 'only' },
        { object: 'describe', property: 'only' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // The web's layers import one way: app → shell → modules → lib → packages/shared (docs/decisions.md "Kit da
  // interface"). app/ is the composition root: nothing imports it.
  ...webLayer('shell', ['app']),
  ...webLayer('modules', ['app', 'shell']),
  ...webLayer('lib', ['app', 'shell', 'modules']),
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
