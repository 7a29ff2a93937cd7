// One lint tool for the whole workspace: typed rules catch promises nobody awaits (style guide §13).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

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

/**
 * Modules meet at their front doors (issue 40): a file under apps/api/src/modules/<area>/ imports another area only
 * through `modules/<area>` (its index.ts), never a file inside it.
 */
const frontDoor = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { deep: "'{{spec}}' entra no módulo {{area}} por dentro: importe de '{{door}}' (o index.ts dele)." },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const m = /^(.*\/apps\/api\/src\/modules\/)([^/]+)\//.exec(file);
    if (!m) return {};
    const [, modulesDir, area] = m;
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const abs = path.posix.resolve(path.posix.dirname(file), source.value);
      if (!abs.startsWith(modulesDir)) return;
      const [alvo, ...resto] = abs.slice(modulesDir.length).split('/');
      if (alvo === area || resto.length === 0 || (resto.length === 1 && resto[0] === 'index')) return;
      const door = path.posix.relative(path.posix.dirname(file), modulesDir + alvo);
      context.report({ node: source, messageId: 'deep', data: { spec: source.value, area: alvo, door } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
  {
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { modulos: { rules: { 'front-door': frontDoor } } },
    rules: { 'modulos/front-door': 'error' },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
