// Fails when the Drizzle schema and the committed migrations disagree (style guide §3: generating again changes nothing).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dumpDoRelease, migracoesDepoisDoRelease } from '../apps/api/src/db/upgrade/migracoes.mjs';

const gen = spawnSync('npx', ['drizzle-kit', 'generate'], { cwd: 'apps/api', encoding: 'utf8' });
if (gen.status !== 0) {
  console.error(gen.stdout, gen.stderr);
  process.exit(1);
}
const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', 'apps/api/src/db/migrations'], {
  encoding: 'utf8',
});
if (status.stdout.trim()) {
  console.error('O schema mudou sem migração commitada. Rode "npm run db:generate" e commite:\n' + status.stdout);
  process.exit(1);
}
console.log('migrations: schema e migrações commitadas conferem.');

// Expand, then contract (README, "Atualizações"): a migration newer than the release the upgrade test starts from
// (db/upgrade/<release>.sql.gz) that drops, renames, retypes or rewrites data must say so with a `-- contrair:` line
// naming the earlier release that stopped using what it removes. The previous release's processes may still be running
// while the new one migrates (several processes, a rolling restart).
const fixture = dumpDoRelease();
const destrutiva =
  /\b(drop\s+(table|column|type|schema)|rename\s+(to|column)|alter\s+column\s+\S+\s+(set\s+data\s+)?type|truncate|delete\s+from|update\s+\S+\s+set)\b/i;
const novas = migracoesDepoisDoRelease(fixture);
const semAviso = novas.filter((f) => {
  const texto = fs.readFileSync(f, 'utf8');
  // Comments and function bodies ($$…$$: they run when a trigger fires, not when the migration does) are not writes.
  const executado = texto.replace(/--.*$/gm, '').replace(/\$\$[\s\S]*?\$\$/g, '');
  return destrutiva.test(executado) && !/^--\s*contrair:/m.test(texto);
});
if (semAviso.length) {
  console.error(
    'Migração que apaga ou reescreve dados sem a linha "-- contrair: …" (README, "Atualizações": expandir numa versão,\n' +
      `contrair na seguinte):\n  ${semAviso.map((f) => path.basename(f)).join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`migrations: ${novas.length} migração(ões) depois de ${fixture}; nenhuma destrutiva sem "-- contrair:".`);
