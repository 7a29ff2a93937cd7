import { cbo } from '@saude/shared/codes/cbo';
import { cid10Categoria } from '@saude/shared/codes/cid10_categoria';
import { etnia } from '@saude/shared/codes/etnia';
import { municipio } from '@saude/shared/codes/municipio';
import { pais } from '@saude/shared/codes/pais';
import { msg } from '@saude/shared/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAction } from '../../lib/routes';

type Row = { codigo: string; descricao: string };
type Indexed = Row & { busca: string };

/** Lowercase, no accents: "Agente Comunitário" is found by "agente comunitario". */
const normalize = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const index = (rows: readonly Row[]): Indexed[] => rows.map((r) => ({ ...r, busca: normalize(r.descricao) }));

// The large e-SUS tables: searched here instead of shipped to the browser whole (issue 15; CBO alone is 34 kB gzip).
const TABELAS = {
  cbo: () => index(cbo),
  cid10_categoria: () => index(cid10Categoria),
  municipio: () => index(municipio.map((m) => ({ codigo: m.codigo_ibge, descricao: `${m.nome}/${m.uf}` }))),
  pais: () => index(pais.map((p) => ({ codigo: String(p.codigo), descricao: p.descricao }))),
  etnia: () => index(etnia.map((e) => ({ codigo: String(e.codigo), descricao: e.descricao }))),
} as const;
type Tabela = keyof typeof TABELAS;

const built = new Map<Tabela, Indexed[]>();
const tabela = (t: Tabela) => {
  let rows = built.get(t);
  if (!rows) built.set(t, (rows = TABELAS[t]()));
  return rows;
};

export const LIMITE = 50;

/**
 * Rows whose code starts with `q` when it is a code, else whose description contains every word of `q` (any order,
 * accents ignored), those that start with it first, then the table's order. At most LIMITE rows.
 */
export function buscarCodigos(t: Tabela, q: string): Row[] {
  const code = q.trim().toUpperCase();
  // A code typed (digits, or CID-10's letter and digits): rows whose code starts with it.
  if (/^[A-Z]?\d+$/.test(code))
    return tabela(t)
      .filter((r) => r.codigo.startsWith(code))
      .slice(0, LIMITE)
      .map(({ codigo, descricao }) => ({ codigo, descricao }));
  const words = normalize(q).split(/\s+/).filter(Boolean);
  const rows = tabela(t).filter((r) => words.every((w) => r.busca.includes(w)));
  const first = normalize(q.trim());
  const starts = (r: Indexed) => r.busca.startsWith(first);
  return [...rows.filter(starts), ...rows.filter((r) => !starts(r))]
    .slice(0, LIMITE)
    .map(({ codigo, descricao }) => ({ codigo, descricao }));
}

const text = (max: number) => z.string({ error: msg.naoEValido }).max(max, { error: msg.naoEValido });

// GET /api/v1/codigos/{tabela}?q=agente — search; ?codigo=515105 — the row of stored codes (to show their names).
// Any signed-in user: public reference tables, no personal data.
export const codigosRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = {
    params: z.object({ tabela: z.enum(Object.keys(TABELAS) as [Tabela, ...Tabela[]], { error: msg.naoEValido }) }),
    query: z.object({ q: text(100).optional(), codigo: text(20).optional() }),
    response: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
  };
  recordAction(app, 'GET', '/:tabela', 'authenticated', s, async (_ctx, p, _b, { q, codigo }) => {
    if (codigo !== undefined)
      return tabela(p.tabela)
        .filter((r) => r.codigo === codigo)
        .map(({ codigo: c, descricao }) => ({ codigo: c, descricao }));
    return buscarCodigos(p.tabela, q ?? '');
  });
};
