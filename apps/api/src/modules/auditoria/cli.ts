import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { arquivarAuditoria } from './arquivo';

// npm run auditoria:arquivar [pasta] (issue 41; README, Operação): run by the database's owner — on DATABASE_URL, or on
// the embedded database with the app stopped. Months past the retention go to <pasta>/auditoria_AAAA_MM.csv.gz.
const pasta = path.resolve(process.argv[2] ?? 'auditoria-arquivo');
const config = loadConfig();
const { database, release } = await openDatabase(config);
try {
  const feitos = await arquivarAuditoria(database.db, { pasta, log: (m) => console.log(m) });
  console.log(feitos.length ? `${feitos.length} mês(es) arquivado(s) em ${pasta}.` : 'Nenhum mês além da retenção.');
} finally {
  await database.close();
  release();
}
