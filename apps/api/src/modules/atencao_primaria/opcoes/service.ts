import { cbo } from '@saude/shared/codes/cbo';
import { descricaoDe } from '@saude/shared/codes/lookup';
import type { OpcaoLotacao, OpcoesFiltro } from '@saude/shared/schemas/opcoes_filtro';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes, lotacoes, profissionais, unidadesSaude } from '../../../db/schema';
import { withLotacoesAtivas } from '../../../db/sql';
import { scopeOf } from '../scope';

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
  const nenhuma = { escolhe_profissional: false, lotacoes: [] };
  if (!u) return { unidades: [], equipes: [], profissionais: [], ...nenhuma };
  const unidades = await porLotacao(
    ctx.db,
    unidadesSaude,
    lotacoes.unidade_saude_id,
    eq(lotacoes.profissional_id, u.profissionalId),
  );
  if (!u.unidadeId) return { unidades, equipes: [], profissionais: [], ...nenhuma };
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
  const escolhe = scopeOf(ctx).all;
  return {
    unidades,
    equipes: times,
    profissionais: pessoas,
    escolhe_profissional: escolhe,
    lotacoes: escolhe ? await lotacoesDaUnidade(ctx.db, u.unidadeId) : [],
  };
}

/** The unit's active assignments of active professionals, by name, those with a team first (the header picker). */
async function lotacoesDaUnidade(db: DbOrTx, unidadeId: string): Promise<OpcaoLotacao[]> {
  const rows = await withLotacoesAtivas(
    db
      .select({
        profissional_id: profissionais.id,
        profissional_nome: profissionais.nome,
        equipe_id: lotacoes.equipe_id,
        equipe_nome: equipes.nome,
        ocupacao_id: lotacoes.ocupacao_codigo,
      })
      .from(lotacoes)
      .$dynamic(),
    unidadeId,
  )
    .leftJoin(equipes, eq(equipes.id, lotacoes.equipe_id))
    .orderBy(porNome(profissionais.nome), sql`${lotacoes.equipe_id} is null`, asc(lotacoes.created_at));
  return rows.map((r) => ({ ...r, ocupacao_nome: descricaoDe(cbo, r.ocupacao_id) ?? null }));
}
