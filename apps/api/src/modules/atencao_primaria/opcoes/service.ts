import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes, lotacoes, profissionais, unidadesSaude } from '../../../db/schema';

// Options of the primary-care filters and header pickers. Names only (no documents): what the lists already show.

const porNome = (col: AnyPgColumn) => sql`${col} collate "und-x-icu"`;

/** The active units or professionals (`table`) that active assignments matching `where` point to, by name. */
function porLotacao(
  db: DbOrTx,
  table: typeof unidadesSaude | typeof profissionais,
  ref: AnyPgColumn,
  where: SQL,
): Promise<Array<{ id: string; nome: string }>> {
  return db
    .select({ id: table.id, nome: table.nome })
    .from(lotacoes)
    .innerJoin(table, eq(table.id, ref))
    .where(and(where, eq(lotacoes.ativo, true), eq(table.ativo, true)))
    .groupBy(table.id, table.nome)
    .orderBy(porNome(table.nome), asc(table.id));
}

export async function opcoesFiltro(ctx: Ctx): Promise<OpcoesFiltro> {
  const u = ctx.usuario;
  if (!u) return { unidades: [], equipes: [], profissionais: [] };
  const unidades = await porLotacao(
    ctx.db,
    unidadesSaude,
    lotacoes.unidade_saude_id,
    eq(lotacoes.profissional_id, u.profissionalId),
  );
  if (!u.unidadeId) return { unidades, equipes: [], profissionais: [] };
  const times = await ctx.db
    .select({
      id: equipes.id,
      nome: equipes.nome,
      unidade_saude_id: equipes.unidade_saude_id,
      micro_areas: equipes.micro_areas,
    })
    .from(equipes)
    .where(and(eq(equipes.unidade_saude_id, u.unidadeId), eq(equipes.ativo, true)))
    .orderBy(porNome(equipes.nome), asc(equipes.id));
  const pessoas = await porLotacao(
    ctx.db,
    profissionais,
    lotacoes.profissional_id,
    eq(lotacoes.unidade_saude_id, u.unidadeId),
  );
  return { unidades, equipes: times, profissionais: pessoas };
}
