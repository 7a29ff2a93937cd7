import { msg } from '@saude/shared';
import type { EnderecoCep } from '@saude/shared/schemas/endereco_cep';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { enderecosCep, municipios, ufs } from '../../db/schema';
import { notFound } from '../../lib/errors';

const pick = (r: typeof enderecosCep.$inferSelect): EnderecoCep => ({
  cep: r.cep,
  uf: r.uf,
  municipio: r.municipio,
  municipio_ibge: r.municipio_ibge,
  tipo_logradouro: r.tipo_logradouro,
  logradouro: r.logradouro,
  bairro: r.bairro,
});

/** Records an address typed in any form, so its CEP answers next time. Call inside the saving transaction. */
export async function rememberCep(db: DbOrTx, e: EnderecoCep, fonte = 'municipio'): Promise<void> {
  await db
    .insert(enderecosCep)
    .values({ ...e, fonte })
    .onConflictDoUpdate({
      target: enderecosCep.cep,
      set: {
        uf: e.uf,
        municipio: e.municipio,
        municipio_ibge: e.municipio_ibge,
        tipo_logradouro: e.tipo_logradouro,
        logradouro: e.logradouro,
        bairro: e.bairro,
        fonte,
        updated_at: sql`now()`,
      },
    });
}

/** An address as a form stored it; any part may be missing. */
export type EnderecoDigitado = {
  cep?: string | null;
  uf?: string | null;
  municipio_ibge?: string | null;
  tipo_logradouro?: string | null;
  logradouro?: string | null;
  bairro?: string | null;
};

/** Remembers a saved record's address once its CEP, UF and a known municipality are there (rememberCep). */
export async function rememberAddress(db: DbOrTx, e: EnderecoDigitado): Promise<void> {
  const { cep, uf, municipio_ibge } = e;
  if (!cep || !uf || !municipio_ibge) return;
  const [m] = await db
    .select({ nome: municipios.nome })
    .from(municipios)
    .where(eq(municipios.codigo_ibge, municipio_ibge));
  if (!m) return;
  const { tipo_logradouro = null, logradouro = null, bairro = null } = e;
  await rememberCep(db, { cep, uf, municipio: m.nome, municipio_ibge, tipo_logradouro, logradouro, bairro });
}

type ServiceAnswer = {
  erro?: unknown;
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
};

/** Asks the configured CEP web service (ViaCEP-style JSON; `{cep}` in the URL is replaced). Never throws. */
async function askService(serviceUrl: string, cep: string): Promise<EnderecoCep | null> {
  try {
    const url = serviceUrl.includes('{cep}')
      ? serviceUrl.replace('{cep}', cep)
      : `${serviceUrl.replace(/\/$/, '')}/${cep}/json/`;
    const res = await fetch(url, { signal: AbortSignal.timeout(3000), headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const a = (await res.json()) as ServiceAnswer;
    if (a.erro || !a.uf || !a.localidade) return null;
    return {
      cep,
      uf: a.uf,
      municipio: a.localidade.toUpperCase(),
      municipio_ibge: a.ibge ?? null,
      tipo_logradouro: null,
      logradouro: a.logradouro || null,
      bairro: a.bairro || null,
    };
  } catch {
    return null;
  }
}

export async function buscarCep(ctx: Ctx, cep: string, serviceUrl: string | null): Promise<EnderecoCep> {
  const [known] = await ctx.db.select().from(enderecosCep).where(eq(enderecosCep.cep, cep));
  if (known) return pick(known);
  const fromService = serviceUrl ? await askService(serviceUrl, cep) : null;
  if (!fromService) throw notFound(msg.cepNaoEncontrado);
  await rememberCep(ctx.db, fromService, 'servico');
  return fromService;
}

export const listarUfs = (ctx: Ctx) =>
  ctx.db.select({ sigla: ufs.sigla, nome: ufs.nome }).from(ufs).orderBy(asc(ufs.sigla));

export async function listarMunicipios(ctx: Ctx, f: { uf?: string; q?: string; limit: number }) {
  const conds = [];
  if (f.uf) conds.push(eq(municipios.uf, f.uf));
  if (f.q) conds.push(sql`immutable_unaccent(lower(${municipios.nome})) like immutable_unaccent(lower(${`%${f.q}%`}))`);
  return ctx.db
    .select({ codigo_ibge: municipios.codigo_ibge, nome: municipios.nome, uf: municipios.uf })
    .from(municipios)
    .where(and(...conds))
    .orderBy(asc(sql`${municipios.nome} collate "und-x-icu"`))
    .limit(f.limit);
}
