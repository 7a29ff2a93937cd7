import cluster from 'node:cluster';
import { buildApp } from './app';
import { iniciarProcessos, MSG_PROCESSOS_PGLITE, servirComoProcesso } from './cluster';
import { ConfigError, loadConfig } from './config';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { abrirParaServir, DataDirLockedError, openDatabase } from './db/open';
import { PapelError, servePrivilegiado } from './db/papeis';
import type { Database } from './db/client';
import { prepareDatabase } from './seed/setup';
import { registrarSenhaSimples } from './modules/ferramentas/auth_applications/service';
import { agendarParticoesAuditoria } from './modules/auditoria';

async function main() {
  const config = loadConfig();
  // PROCESSOS > 1: a worker only serves HTTP on the database the primary opened (cluster.ts).
  if (cluster.isWorker) return servirComoProcesso(config);
  const opened = await openDatabase(config);
  const { description, release } = opened;
  if (config.PROCESSOS > 1 && opened.database.kind === 'pglite') {
    await opened.database.close();
    release();
    throw new ConfigError(MSG_PROCESSOS_PGLITE);
  }
  // The owner's connection until the API's own is open (issue 42: migrations as the owner, requests as saude_api).
  let database: Database = opened.database;
  let closing = false;
  let pararParticoes = () => {};
  let pararProcessos = async () => {};
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    pararParticoes();
    try {
      await pararProcessos();
      await app?.close();
      await database.close();
    } finally {
      release();
      process.exit(code);
    }
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  try {
    await prepareDatabase(database, { demo: config.DEMO, log: (m) => console.log(m) });
    database = await abrirParaServir(opened);
    if (!opened.servir && database.kind === 'postgres' && (await servePrivilegiado(database)))
      console.warn(
        'Atenção: a API serve com o papel dono das tabelas (ou superusuário). Crie um papel só para ela e defina ' +
          'DATABASE_URL com ele e DATABASE_OWNER_URL com o dono (README, "Produção").',
      );
    // The desk screen's SenhaSimples callback, at the address staff open the product (PUBLIC_URL).
    await registrarSenhaSimples(database.db, config.PUBLIC_URL);
    if (config.PROCESSOS === 1) app = await buildApp(config, database);
    // The audit trail's months ahead (issue 41): at start and every few hours while the server runs (here, in the
    // primary alone, also with many processes).
    pararParticoes = agendarParticoesAuditoria(database.db, (err) =>
      console.warn(`Auditoria: partições dos próximos meses não criadas agora (${(err as Error).message}).`),
    );
    if (app) await app.listen({ port: config.PORT, host: config.HOST });
    else {
      // The workers connect as the role the API serves as (the owner's own URL when there is none).
      const url = opened.servir?.url ?? config.DATABASE_URL;
      if (!url) throw new Error('Sem endereço do banco para os processos da API.');
      pararProcessos = await iniciarProcessos(config, { url, engine: database.engine });
    }
    const processos = config.PROCESSOS > 1 ? `, ${config.PROCESSOS} processos` : '';
    console.log(`Saúde Municipal em http://localhost:${config.PORT} (banco: ${description}${processos})`);
  } catch (err) {
    console.error(err);
    await shutdown(1);
  }
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof EmbeddedPostgresError ||
    err instanceof PapelError
  )
    console.error(err.message);
  else console.error(err);
  process.exit(1);
});
