// npm run build: the web app (Vite, into apps/web/dist, with brotli and gzip copies) and the API compiled once into
// apps/api/dist/main.js, so the server runs plain JavaScript (issue 15: TypeScript transpiled at every start cost
// ~1.5 s). packages/shared exports TypeScript source, so it is bundled in; every other package stays an import from
// node_modules (native modules, PGlite's wasm files and PostgreSQL's binaries stay where their packages look for them).
// The migrations are copied beside the bundle: client.ts looks for them next to itself.
// --if-changed (npm start): skip when no source file changed since the last build, so a restart costs no build.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const web = path.join(root, 'apps/web');
const stampFile = path.join(api, 'dist/.build-inputs');

/** Path, size and modification time of every input: any edit, checkout or install changes it. */
function inputsFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const s = statSync(file);
        hash.update(`${path.relative(root, file)}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['apps/api/src', 'apps/web', 'packages/shared']) walk(path.join(root, dir));
  for (const file of ['package-lock.json', 'scripts/build.mjs']) {
    const s = statSync(path.join(root, file));
    hash.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const fingerprint = inputsFingerprint();
if (
  process.argv.includes('--if-changed') &&
  existsSync(path.join(web, 'dist/index.html')) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8') === fingerprint
) {
  console.log('Build em dia: nada mudou desde a última compilação.');
  process.exit(0);
}

const { build: viteBuild } = await import('vite');
await viteBuild({ root: web, configFile: path.join(web, 'vite.config.ts'), logLevel: 'warn' });

rmSync(path.join(api, 'dist'), { recursive: true, force: true });
await esbuild({
  entryPoints: [path.join(api, 'src/main.ts')],
  outdir: path.join(api, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // A bare import that is not one of ours resolves at run time from node_modules.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@saude/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(path.join(api, 'src/db/migrations'), path.join(api, 'dist/migrations'), { recursive: true });
// Data files the code reads next to itself (new URL('./…', import.meta.url)) travel with the bundle too.
cpSync(path.join(api, 'src/auth/senhas-comuns.txt'), path.join(api, 'dist/senhas-comuns.txt'));
writeFileSync(stampFile, fingerprint);
console.log('Build pronto: apps/web/dist e apps/api/dist/main.js.');
