// The migrations newer than the release the upgrade test starts from (db/upgrade/<release>.sql.gz): what that
// release's database has not applied yet. Plain JS: read by scripts/check-migrations.mjs and by upgrade.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const upgrade = import.meta.dirname;
const migrations = path.join(upgrade, '..', 'migrations');

/** The release dump's file name (the oldest, if several). */
export function dumpDoRelease() {
  const [dump] = fs
    .readdirSync(upgrade)
    .filter((f) => f.endsWith('.sql.gz'))
    .sort();
  return dump;
}

/** The migration files (.sql, in order) after the ones recorded in the release dump's drizzle.__drizzle_migrations. */
export function migracoesDepoisDoRelease(dump = dumpDoRelease()) {
  const texto = zlib.gunzipSync(fs.readFileSync(path.join(upgrade, dump))).toString();
  const copia = texto.split('COPY drizzle.__drizzle_migrations')[1];
  if (copia === undefined) throw new Error(`${dump}: sem a tabela drizzle.__drizzle_migrations`);
  const aplicadas = copia.split('\n\\.')[0].split('\n').length - 1;
  return fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .slice(aplicadas)
    .map((f) => path.join(migrations, f));
}
