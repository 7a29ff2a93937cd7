// Gzipped JavaScript each first load downloads (architecture budget: 170 kB), from Vite's build manifest.
// Run after `npm run build`; `npm run bench` runs it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve('apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('Sem apps/web/dist/.vite/manifest.json: rode "npm run build" antes.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

// A chunk and everything it imports statically (what the browser must fetch before running it).
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}
const byModule = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`módulo não encontrado no manifest: ${suffix}`);
  return key;
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const kb = (keys) => [...closure(keys)].reduce((sum, k) => sum + gz(manifest[k].file), 0) / 1024;

const loads = {
  'entrar (/login)': [entry, byModule('modules/auth/LoginLayout.tsx'), byModule('modules/auth/LoginPage.tsx')],
  'início com o menu (/)': [entry, byModule('shell/ShellLayout.tsx'), byModule('shell/HomePage.tsx')],
};
const all = [...new Set(Object.values(loads).flat())];
console.log('\nJavaScript no primeiro carregamento (gzip, meta 170 kB):');
for (const [name, keys] of Object.entries(loads)) {
  const size = kb(keys);
  console.log(`  ${name.padEnd(26)} ${size.toFixed(1).padStart(7)} kB  ${size <= 170 ? 'OK' : 'ACIMA DA META'}`);
}
console.log(
  `  ${'entrar, depois o início'.padEnd(26)} ${kb(all).toFixed(1).padStart(7)} kB  (soma sem repetir arquivos)`,
);
