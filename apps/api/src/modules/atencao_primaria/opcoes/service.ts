import type { OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../../access/context';
import { equipes, lotacoes, profissionais, unidadesSaude } from '../../../db/schema';

// Options of the primary-care filters and header pickers. Names only (no documents): what the lists already show.

const porNome = (col: AnyPgColumn) => sql`${col} collate "und-x-icu"`;

export async function opcoesFiltro(ctx: Ctx): Promise<OpcoesFiltro> {
  const u = ctx.usuario;
  if (!u) return { unidades: [], equipes: [], profissionais: [] };
  const unidades = await ctx.db
    .select({ id: unidadesSaude.id, nome: unidadesSaude.nome })
    .from(lotacoes)
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, lotacoes.unidade_saude_id))
    .where(and(eq(lotacoes.profissional_id, u.profissionalId), eq(lotacoes.ativo, true), eq(unidadesSaude.ativo, true)))
    .groupBy(unidadesSaude.id, unidadesSaude.nome)
    .orderBy(porNome(unidadesSaude.nome), asc(unidadesSaude.id));
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
  const pessoas = await ctx.db
    .select({ id: profissionais.id, nome: profissionais.nome })
    .from(lotacoes)
    .innerJoin(profissionais, eq(profissionais.id, lotacoes.profissional_id))
    .where(and(eq(lotacoes.unidade_saude_id, u.unidadeId), eq(lotacoes.ativo, true), eq(profissionais.ativo, true)))
    .groupBy(profissionais.id, profissionais.nome)
    .orderBy(porNome(profissionais.nome), asc(profissionais.id));
  return { unidades, equipes: times, profissionais: pessoas };
}
