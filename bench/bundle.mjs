// What each screen really costs in JavaScript (gzip), from Vite's build manifest: a screen is its lazy chunk plus every
// chunk it imports statically (what the browser must fetch before it runs), counted over what the signed-in first
// load (entry + shell + home) already brought. Budget (issue 15): a list screen ≤ 60 kB more. The first load itself is
// held to its budget as Chromium downloads it (bench/primeira-tela.ts --check, issue 41): this static count is printed
// for comparison only. Run after `npm run build`. `--check` (npm run bundle:check) exits 1 when a budget is broken.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Issue 39 (offline grants, the 'Sem conexão' page, search as you type, new routes and messages) took 0.3 kB of the
// visit list past the goal of issue 15: 1 kB of slack (docs/decisions.md).
const LIST_EXTRA_KB = 61;

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('Sem apps/web/dist/.vite/manifest.json: rode "npm run build" antes.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const gzCache = new Map();
const gz = (file) => {
  if (!gzCache.has(file)) gzCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzCache.get(file);
};

/** A chunk and everything it imports statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}
const kb = (keys) => [...keys].reduce((sum, k) => sum + gz(manifest[k].file), 0) / 1024;
const byModule = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`módulo não encontrado no manifest: ${suffix}`);
  return key;
};

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const login = closure([entry, byModule('modules/auth/LoginLayout.tsx'), byModule('modules/auth/LoginPage.tsx')]);
const firstLoad = closure([entry, byModule('shell/ShellLayout.tsx'), byModule('shell/HomePage.tsx')]);

// Every screen the route table loads lazily (pages, tabs and sections under src/modules).
const screens = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/modules/') && !firstLoad.has(k) && !login.has(k))
  .sort();

const rows = [];
const row = (name, total, budget) => rows.push({ name, total, budget, ok: budget === null || total <= budget });
row('primeiro carregamento: entrar (/login)', kb(login), null);
row('primeiro carregamento com sessão (shell + início)', kb(firstLoad), null);
for (const key of screens) {
  const extra = [...closure([key])].filter((k) => !firstLoad.has(k));
  const isList = /ListPage\.tsx$/.test(key);
  row(`+ ${key.replace(/^src\/modules\//, '')}`, kb(extra), isList ? LIST_EXTRA_KB : null);
}

const w = Math.max(...rows.map((r) => r.name.length));
console.log(`\nJavaScript por tela (kB gzip; "+" = além do primeiro carregamento com sessão)\n`);
console.log(`${'tela'.padEnd(w)}  ${'kB'.padStart(7)}  ${'meta'.padStart(6)}  razão`);
for (const r of rows) {
  const budget = r.budget === null ? '' : `≤ ${r.budget}`;
  const ratio = r.budget === null ? '' : `${(r.total / r.budget).toFixed(2)}  ${r.ok ? 'OK' : 'ACIMA DA META'}`;
  console.log(`${r.name.padEnd(w)}  ${r.total.toFixed(1).padStart(7)}  ${budget.padStart(6)}  ${ratio}`);
}
// A cycle between chunks can run a module before one it needs is defined (react-imask's prop-types once landed in the
// date input's chunk, which imported imask's: "n is not a function" when the date filter loaded).
const cycles = [];
const visit = (key, path) => {
  for (const next of manifest[key]?.imports ?? []) {
    if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
    else if (!visited.has(next)) visit(next, [...path, next]);
  }
  visited.add(key);
};
const visited = new Set();
for (const key of Object.keys(manifest)) if (!visited.has(key)) visit(key, [key]);
if (cycles.length)
  console.log(`\nCiclos entre chunks (um módulo pode rodar antes do que importa):\n  ${cycles.join('\n  ')}`);
const broken = rows.filter((r) => !r.ok);
if (process.argv.includes('--check')) {
  if (broken.length || cycles.length) {
    if (broken.length) console.error(`\nOrçamento de JavaScript estourado em ${broken.length} tela(s).`);
    if (cycles.length) console.error(`\n${cycles.length} ciclo(s) entre chunks.`);
    process.exit(1);
  }
  console.log('\nOrçamento de JavaScript cumprido.');
}
