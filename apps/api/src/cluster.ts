import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import type { Config } from './config';
import type { Engine } from './db/client';
import { abrirParaProcesso } from './db/open';

// PROCESSOS > 1 (issue 42): Node's own cluster. The primary owns the database (the DATA_DIR lock, the embedded server,
// migrations and seeds as the owner, the audit-partition scheduler) and forks N workers that only serve HTTP on PORT,
// shared by the cluster, each with its own pool as the serving role. What crosses processes goes through PostgreSQL
// (LISTEN/NOTIFY for sessions and the calling panel, tables for everything else), as with several servers.

/** What a worker receives in its environment from the primary (never set by hand). */
const ENV_URL = 'SAUDE_PROCESSO_BANCO';
const ENV_MOTOR = 'SAUDE_PROCESSO_MOTOR';

export const MSG_PROCESSOS_PGLITE =
  'PROCESSOS maior que 1 não funciona com o PGlite, que atende um processo só. Use o PostgreSQL embutido ' +
  '(EMBEDDED_DB=postgres) ou DATABASE_URL, ou deixe PROCESSOS=1.';

/** A worker's time to close its connections and streams after SIGTERM before it is killed. */
const PRAZO_PARADA_MS = 15_000;

/** Waits before forking again a worker that died: 1 s doubling up to 30 s while replacements die before listening. */
const esperaReinicio = (tentativa: number) => Math.min(30_000, 1000 * 2 ** tentativa);

/** A worker process: serves on PORT with the URL the primary gave it; never migrates, seeds nor locks DATA_DIR. */
export async function servirComoProcesso(config: Config): Promise<void> {
  const url = process.env[ENV_URL];
  if (!url) throw new Error(`${ENV_URL} ausente: um processo da API só é iniciado pelo processo principal.`);
  const motor = JSON.parse(process.env[ENV_MOTOR] ?? '{}') as Engine;
  const database = await abrirParaProcesso(url, motor, config.DATABASE_REPLICA_URL);
  const app = await buildApp(config, database);
  let closing = false;
  const parar = async () => {
    if (closing) return;
    closing = true;
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void parar());
  process.on('SIGINT', () => void parar());
  // The primary is gone (killed): nothing reaches this worker any more, so it closes its connections.
  cluster.worker?.on('disconnect', () => void parar());
  await app.listen({ port: config.PORT, host: config.HOST });
}

/**
 * The primary: forks `config.PROCESSOS` workers and resolves once all listen (rejects if one dies first: a port in use,
 * a database the role cannot reach). A worker that dies later is replaced, with a warning. Answers the function that
 * stops them all (SIGTERM, then SIGKILL after PRAZO_PARADA_MS) before the primary closes the database.
 */
export async function iniciarProcessos(
  config: Config,
  banco: { url: string; engine: Engine },
): Promise<() => Promise<void>> {
  let parando = false;
  const vivos = new Set<Worker>();
  const env = { [ENV_URL]: banco.url, [ENV_MOTOR]: JSON.stringify(banco.engine) };

  const iniciar = (numero: number, tentativa: number, aoOuvir?: () => void, aoFalhar?: (e: Error) => void) => {
    const w = cluster.fork(env);
    vivos.add(w);
    let ouviu = false;
    w.once('listening', () => {
      ouviu = true;
      aoOuvir?.();
    });
    w.once('exit', (code, signal) => {
      vivos.delete(w);
      if (parando) return;
      const como = signal ? `sinal ${signal}` : `código ${code}`;
      if (aoFalhar && !ouviu) {
        aoFalhar(new Error(`O processo ${numero} da API terminou ao iniciar (${como}).`));
        return;
      }
      const proxima = ouviu ? 0 : tentativa + 1;
      console.warn(`Processo ${numero} da API (pid ${w.process.pid}) terminou (${como}); iniciando outro.`);
      setTimeout(() => {
        if (!parando) iniciar(numero, proxima);
      }, esperaReinicio(proxima)).unref();
    });
  };

  const parar = async () => {
    parando = true;
    await Promise.all(
      [...vivos].map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            const matar = setTimeout(() => w.process.kill('SIGKILL'), PRAZO_PARADA_MS);
            w.once('exit', () => {
              clearTimeout(matar);
              resolve();
            });
            w.process.kill('SIGTERM');
          }),
      ),
    );
  };

  try {
    await new Promise<void>((resolve, reject) => {
      let prontos = 0;
      for (let numero = 1; numero <= config.PROCESSOS; numero++)
        iniciar(
          numero,
          0,
          () => {
            if (++prontos === config.PROCESSOS) resolve();
          },
          reject,
        );
    });
  } catch (err) {
    await parar();
    throw err;
  }
  return parar;
}
