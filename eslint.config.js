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
 * Modules meet at their front doors (issue 40): a file under apps/{api,web}/src/modules/<area>/ imports another area
 * only through `modules/<area>` (its index.ts), never a file inside it. The web's shell and app sit in no area, so
 * every import of theirs into modules/ goes through a door too. Option `doors`: the file names that count as doors
 * (default: index); the app, the composition root, also takes each area's `routes`.
 */
const frontDoor = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { doors: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: { deep: "'{{spec}}' entra no módulo {{area}} por dentro: importe de '{{door}}' (o index.ts dele)." },
  },
  create(context) {
    const doors = context.options[0]?.doors ?? ['index'];
    const file = context.filename.split(path.sep).join('/');
    const m = /^(.*\/apps\/(api|web)\/src\/)(?:modules\/([^/]+)\/|shell\/|app\/)/.exec(file);
    if (!m || (m[2] === 'api' && !m[3])) return {};
    const [, srcDir, , area] = m;
    const modulesDir = `${srcDir}modules/`;
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const abs = path.posix.resolve(path.posix.dirname(file), source.value);
      if (!abs.startsWith(modulesDir)) return;
      const [alvo, ...resto] = abs.slice(modulesDir.length).split('/');
      const door =
        resto.length === 0 || (resto.length === 1 && doors.includes(resto[0].replace(/\.[cm]?[jt]sx?$/, '')));
      if (alvo === area || door) return;
      const to = path.posix.relative(path.posix.dirname(file), modulesDir + alvo);
      context.report({ node: source, messageId: 'deep', data: { spec: source.value, area: alvo, door: to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
export const modulos = { rules: { 'front-door': frontDoor } };

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
    files: ['apps/api/src/modules/**/*.ts', 'apps/web/src/{modules,shell}/**/*.{ts,tsx}'],
    plugins: { modulos },
    rules: { 'modulos/front-door': 'error' },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    plugins: { modulos },
    rules: { 'modulos/front-door': ['error', { doors: ['index', 'routes'] }] },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
);
