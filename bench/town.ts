// A generated town on one of three databases, ready for the production server, and the staff's work on it over HTTP:
// shared by bench:embutido, bench:escritas and bench:carga.
//   pglite    the embedded PGlite in a fresh DATA_DIR
//   embutido  the embedded PostgreSQL (npm's binaries) in a fresh DATA_DIR
//   postgres  a scratch database on DATABASE_URL's server, or on a throwaway server (scripts/pg-throwaway.sh)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/open';
import { prepareDatabase } from '../apps/api/src/seed/setup';
import { newId } from '../apps/api/src/lib/ids';
import type { Client, Task } from './lib';
import { gerarMunicipio, type Municipio, type Query } from './municipio';
import { openScratchDatabase } from './scratch-db';

export type Engine = 'pglite' | 'embutido' | 'postgres';
export const engineName: Record<Engine, string> = {
  pglite: 'PGlite embutido',
  embutido: 'PostgreSQL embutido',
  postgres: 'PostgreSQL (servidor)',
};

export type Sample = { familia_id: string; equipe: number; nome: string; cpf: string | null; cns: string | null };

export type Town = {
  /** Environment for startServer. */
  env: Record<string, string>;
  samples: Sample[];
  counts: string;
  generatedMs: number;
  cleanup: () => Promise<void>;
};

export async function prepareTown(
  engine: Engine,
  size: { equipes: number; familias: number; visitas: number },
  log: (m: string) => void,
  /** More rows a bench needs, added to the generated town before the server starts (raw SQL). */
  extra?: (q: Query, town: Municipio) => Promise<void>,
): Promise<Town> {
  let q: Query;
  let env: Record<string, string>;
  let close: () => Promise<void>;
  let cleanup: () => Promise<void>;
  if (engine === 'postgres') {
    const scratch = await openScratchDatabase(log);
    await prepareDatabase(scratch.database, { demo: true });
    q = (text, params) => scratch.raw.query(text, params);
    env = { DATABASE_URL: scratch.dbUrl.toString(), DEMO: 'false' };
    close = async () => {};
    cleanup = scratch.cleanup;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `saude-bench-${engine}-`));
    fs.chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the user postgres
    // DATABASE_URL emptied: one set for the server engine (bench:escritas runs all three) must not send this one there.
    env = {
      DATA_DIR: dataDir,
      EMBEDDED_DB: engine === 'pglite' ? 'pglite' : 'postgres',
      DEMO: 'true',
      DATABASE_URL: '',
    };
    const { database, release } = await openDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
    await prepareDatabase(database, { demo: true });
    q = database.query as Query;
    close = async () => {
      await database.close();
      release();
    };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  try {
    const t0 = performance.now();
    const town = await gerarMunicipio(q, size);
    await extra?.(q, town);
    const generatedMs = performance.now() - t0;
    // Families an agent may visit (a home, not moved away), with their head's name and documents for the searches.
    const samples = (
      await q(
        `select f.id as familia_id, array_position($1::uuid[], f.equipe_id) - 1 as equipe, m.nome,
          m.cpf_numero as cpf, m.codigo_cns as cns
        from familias f join municipes m on m.id = f.responsavel_id
        where f.equipe_id = any($1::uuid[]) and f.domicilio_id is not null and not f.mudou
        order by md5(f.id::text) limit 4000`,
        [town.teamIds],
      )
    ).rows as Sample[];
    const counts = town.counts.map((c) => `${c.tbl} ${Number(c.n).toLocaleString('pt-BR')}`).join(', ');
    return { env, samples, counts, generatedMs, cleanup };
  } finally {
    await close();
  }
}

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** "maria silv": a given name and the start of the last surname, as typed at the desk. */
export const fragment = (nome: string) => {
  const w = plain(nome).split(' ');
  return `${w[0]} ${w.at(-1)!.slice(0, Math.max(3, w.at(-1)!.length - 2))}`;
};

export const agentLogin = (team: number) => `acs_bench_${String(team + 1).padStart(2, '0')}`;
const base = '/api/v1/atencao_primaria/visitas_domiciliares';
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

type Saved = { id: string; token: string; familia_id: string };

/** A home visit saved by the agent of `fam`'s team: new (201), or now and then one already saved sent again by the
 * same agent, as a retry after a lost answer does (200: the stored visit, not a second one). */
export function visitWrite(c: Client, token: string, fam: Sample, saved: Saved[]): Task {
  const again = saved.length > 0 && Math.random() < 0.05 ? saved[Math.floor(Math.random() * saved.length)]! : null;
  const visit = again ?? { id: newId(), token, familia_id: fam.familia_id };
  return {
    kind: again ? 'gravar visita (repetida)' : 'gravar visita',
    expect: again ? [200] : [201],
    run: async () => {
      const res = await c.request('POST', base, {
        token: visit.token,
        body: { id: visit.id, familia_id: visit.familia_id, desfecho_id: 1, motivo_visita_ids: [29] },
      });
      if (res.status === 201) saved.push(visit);
      return res;
    },
  };
}

/**
 * The day's work of agents: family lists, family details, visit histories, citizen lists and searches (name, CPF,
 * CNS), the session poll, and `writeShare` of home visits saved. `tokens[u]` is user u's session, of team u % teams.
 */
export function staffWork(c: Client, tokens: string[], samples: Sample[], teams: number, writeShare: number) {
  const byTeam = Array.from({ length: teams }, (_, t) => samples.filter((s) => s.equipe === t));
  const saved: Saved[] = [];
  return (u: number): Task => {
    const token = tokens[u]!;
    const fam = pick(byTeam[u % teams]!);
    const get = (kind: string, url: string): Task => ({ kind, run: () => c.request('GET', url, { token }) });
    if (Math.random() < writeShare) return visitWrite(c, token, fam, saved);
    const r = Math.random();
    if (r < 0.25)
      return get('lista de famílias p/ visita', `${base}/familias?page=${1 + Math.floor(Math.random() * 5)}`);
    if (r < 0.45) return get('detalhe da família', `${base}/familias/${fam.familia_id}`);
    if (r < 0.55) return get('histórico de visitas', `${base}?familia_id=${fam.familia_id}`);
    if (r < 0.63) return get('lista de munícipes', `/api/v1/municipes?page=${1 + Math.floor(Math.random() * 20)}`);
    if (r < 0.75)
      return get('busca de munícipes (nome)', `/api/v1/municipes?q=${encodeURIComponent(fragment(fam.nome))}`);
    if (r < 0.85 && fam.cpf) return get('busca de munícipes (CPF/CNS)', `/api/v1/municipes?q=${fam.cpf}`);
    if (r < 0.85 && fam.cns) return get('busca de munícipes (CPF/CNS)', `/api/v1/municipes?q=${fam.cns}`);
    return get('sessão (consulta periódica)', '/api/v2/auth/me');
  };
}

export const isWrite = (kind: string) => kind.startsWith('gravar');
