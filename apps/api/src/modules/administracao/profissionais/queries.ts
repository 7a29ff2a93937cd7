import {
  profissionalListItemSchema,
  profissionalSchema,
  type Lotacao,
  type LotacaoOpcoes,
  type Profissional,
  type ProfissionalFilters,
  type ProfissionalListItem,
} from '@saude/shared/schemas/administracao_profissionais';
import { onlyDigits } from '@saude/shared/validation/digits';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes, lotacoes, perfis, profissionais, unidadesSaude } from '../../../db/schema';
import { byName, containsText, finderOf, lotacaoNames, selectOf, withLotacaoNames } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { fieldsOf, type Dated } from '../../../lib/answer';
import { ocupacaoNome } from '../../../lib/ocupacoes';
import { type PageResult, paginateTable } from '../../../lib/paginate';

// Reading professionals and their assignments (issue 22). Staff records, not citizens': reads are not audited. The
// password hash never leaves this file's selects.

export const RESOURCE = 'administracao/profissionais';
const p = profissionais;
const l = lotacoes;

/** The professional's row (locked for update when asked), or null; a malformed id is an unknown one. */
export const findProfissional = finderOf(p);

/** The assignment's row (locked for update when asked), or null. */
export const findLotacao = finderOf(l);

/** Assignments with the names a screen shows: of one professional, or one by id. Active first, then newest. */
export async function lotacoesDe(db: DbOrTx, where: { profissionalId?: string; id?: string }): Promise<Lotacao[]> {
  const rows = await withLotacaoNames(
    db
      .select({
        id: l.id,
        lock_version: l.lock_version,
        profissional_id: l.profissional_id,
        unidade_saude_id: l.unidade_saude_id,
        ocupacao_codigo: l.ocupacao_codigo,
        equipe_id: l.equipe_id,
        perfil_id: l.perfil_id,
        micro_areas: l.micro_areas,
        inicio: l.inicio,
        fim: l.fim,
        ativo: l.ativo,
        origem_cnes: l.origem_cnes,
        ...lotacaoNames,
      })
      .from(l)
      .$dynamic(),
  )
    .where(
      and(
        where.profissionalId ? eq(l.profissional_id, where.profissionalId) : undefined,
        where.id ? eq(l.id, where.id) : undefined,
      ),
    )
    .orderBy(desc(l.ativo), desc(l.inicio), desc(l.created_at), l.id);
  return rows.map((r) => ({ ...r, ocupacao_nome: ocupacaoNome(r.ocupacao_codigo) }));
}

type Row = typeof profissionais.$inferSelect;

export const paraApi = (r: Row, lots: Lotacao[]): Dated<Profissional> => ({
  ...fieldsOf(profissionalSchema, r),
  lotacoes: lots,
});

export async function carregar(db: DbOrTx, id: string): Promise<Dated<Profissional>> {
  const row = await findProfissional(db, id);
  if (!row) throw notFound();
  return paraApi(row, await lotacoesDe(db, { profissionalId: id }));
}

export const show = (ctx: Ctx, id: string) => carregar(ctx.db, id);

function condicoes(q: ProfissionalFilters): SQL | undefined {
  const conds: Array<SQL | undefined> = [];
  if (q.texto) {
    const digitos = onlyDigits(q.texto);
    // CPF by its digits, typed with or without the mask: only a text of digits and the mask's marks is a CPF; the
    // digits inside a login ("ana.m3k21") are not.
    const cpf = /^[\d.\-\s]+$/.test(q.texto) && digitos.length >= 3;
    conds.push(
      or(containsText([p.nome, p.login], q.texto), cpf ? sql`${p.cpf_numero} like ${`%${digitos}%`}` : undefined),
    );
  }
  if (q.unidade_saude_id)
    conds.push(
      sql`exists (select 1 from ${l} where ${l.profissional_id} = ${p.id} and ${l.ativo}
        and ${l.unidade_saude_id} = ${q.unidade_saude_id})`,
    );
  if (q.ativo !== undefined) conds.push(eq(p.ativo, q.ativo));
  return and(...conds);
}

const LIST = selectOf(profissionalListItemSchema, p, {
  // Aliased inside: drizzle writes the outer select's columns without their table.
  unidades: sql<string[]>`coalesce((select array_agg(distinct u.nome order by u.nome) from lotacoes lx
      join unidades_saude u on u.id = lx.unidade_saude_id
      where lx.profissional_id = "profissionais"."id" and lx.ativo), '{}')`,
});

/** A page of professionals by name, each with the units of their active assignments. */
export async function list(ctx: Ctx, q: ProfissionalFilters): Promise<PageResult<ProfissionalListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, p, where, () =>
    ctx.db.select(LIST).from(p).where(where).orderBy(byName(p.nome), asc(p.id)),
  );
}

/** The assignment form's choices: active units with their active teams, and every profile. */
export async function opcoes(ctx: Ctx): Promise<LotacaoOpcoes> {
  const unidades = await ctx.db
    .select({ id: unidadesSaude.id, nome: unidadesSaude.nome })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.ativo, true))
    .orderBy(byName(unidadesSaude.nome), asc(unidadesSaude.id));
  const times = await ctx.db
    .select({ id: equipes.id, nome: equipes.nome, micro_areas: equipes.micro_areas, unidade: equipes.unidade_saude_id })
    .from(equipes)
    .where(eq(equipes.ativo, true))
    .orderBy(byName(equipes.nome), asc(equipes.id));
  const todosPerfis = await ctx.db
    .select({ id: perfis.id, nome: perfis.nome, codigo: perfis.codigo })
    .from(perfis)
    .orderBy(byName(perfis.nome), asc(perfis.id));
  return {
    unidades: unidades.map((u) => ({
      ...u,
      equipes: times.filter((e) => e.unidade === u.id).map(({ unidade: _u, ...e }) => e),
    })),
    perfis: todosPerfis,
  };
}
