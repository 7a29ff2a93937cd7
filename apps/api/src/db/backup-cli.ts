import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError, fazerBackup, restaurar } from './backup';
import { DataDirLockedError } from './lock';
import { EmbeddedPostgresError } from './embedded-postgres';

// npm run backup -- ARQUIVO / npm run restaurar -- ARQUIVO (issue 42; README, "Cópias de segurança"): the database
// `npm start` would use (DATABASE_URL, or the embedded one in DATA_DIR). The backup runs with the server up.
const [modo, arquivo] = process.argv.slice(2);
if (!arquivo || (modo !== 'backup' && modo !== 'restaurar')) {
  console.error(`Uso: npm run ${modo === 'restaurar' ? 'restaurar' : 'backup'} -- ARQUIVO`);
  process.exit(2);
}
// npm runs scripts at the project's root: the file is named from where the command was typed (as DATA_DIR is).
const caminho = path.resolve(process.env.INIT_CWD ?? process.cwd(), arquivo);
const log = (m: string) => console.log(m);
try {
  const config = loadConfig();
  if (modo === 'backup') await fazerBackup(config, caminho, { log });
  else await restaurar(config, caminho, { log });
} catch (err) {
  const conhecido =
    err instanceof BackupError ||
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof EmbeddedPostgresError;
  console.error(conhecido ? (err as Error).message : err);
  process.exit(1);
}
