import {
  equipeListItemSchema,
  equipeSchema,
  type Equipe,
  type EquipeFilters,
  type EquipeListItem,
  type UnidadeOpcao,
} from '@saude/shared/schemas/administracao_equipes';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes, lotacoes, unidadesSaude } from '../../../db/schema';
import { byName, containsText, finderOf, otherThan, selectOf } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { fieldsOf, type Dated } from '../../../lib/answer';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { isUuid } from '../../../lib/routes';

// Reading teams for the administration screen (issue 22). Set-up data, nobody's personal data: reads not audited.

export const RESOURCE = 'administracao/equipes';
const e_ = equipes;
const u_ = unidadesSaude;

/** The team's row (locked for update when asked), or null; a malformed id is an unknown one. */
export const findEquipe = finderOf(e_);

/** The team's active assignments with their micro-areas (a team has a handful). */
export const lotacoesAtivas = (db: DbOrTx, id: string) =>
  db
    .select({ id: lotacoes.id, micro_areas: lotacoes.micro_areas })
    .from(lotacoes)
    .where(and(eq(lotacoes.equipe_id, id), eq(lotacoes.ativo, true)));

export async function loadEquipe(db: DbOrTx, id: string): Promise<Dated<Equipe> | null> {
  const [r] = await db
    .select({ e: e_, unidade_saude_nome: u_.nome })
    .from(e_)
    .innerJoin(u_, eq(u_.id, e_.unidade_saude_id))
    .where(eq(e_.id, id));
  if (!r) return null;
  return {
    ...fieldsOf(equipeSchema, r.e),
    unidade_saude_nome: r.unidade_saude_nome,
    lotacoes_ativas: (await lotacoesAtivas(db, id)).length,
  };
}

export async function show(ctx: Ctx, id: string): Promise<Dated<Equipe>> {
  const e = isUuid(id) ? await loadEquipe(ctx.db, id) : null;
  if (!e) throw notFound();
  return e;
}

function condicoes(q: EquipeFilters): SQL | undefined {
  return and(
    q.texto ? containsText([e_.nome, e_.ine], q.texto) : undefined,
    q.unidade_saude_id ? eq(e_.unidade_saude_id, q.unidade_saude_id) : undefined,
    q.ativo !== undefined ? eq(e_.ativo, q.ativo) : undefined,
  );
}

const LIST = selectOf(equipeListItemSchema, e_, { unidade_saude_nome: u_.nome });

/** A page of teams by unit, then name. */
export async function list(ctx: Ctx, q: EquipeFilters): Promise<PageResult<EquipeListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, e_, where, () =>
    ctx.db
      .select(LIST)
      .from(e_)
      .innerJoin(u_, eq(u_.id, e_.unidade_saude_id))
      .where(where)
      .orderBy(byName(u_.nome), byName(e_.nome), e_.id),
  );
}

/** Every unit (a municipality has tens), active first then by name: the form's and the filter's select. */
export const unidades = (ctx: Ctx): Promise<UnidadeOpcao[]> =>
  ctx.db
    .select({ id: u_.id, cnes: u_.cnes, nome: u_.nome, ativo: u_.ativo })
    .from(u_)
    .orderBy(sql`${u_.ativo} desc`, byName(u_.nome));

/** Another team holding this INE, if any. */
export async function ineEmUso(db: DbOrTx, ine: string, selfId: string | null) {
  const [r] = await db
    .select({ id: e_.id })
    .from(e_)
    .where(and(eq(e_.ine, ine), otherThan(e_.id, selfId)));
  return !!r;
}

/** The unit, its row share-locked so that a deactivation of it waits for this save. */
export async function unidadeParaEquipe(db: DbOrTx, id: string) {
  const [r] = await db.select({ id: u_.id, ativo: u_.ativo }).from(u_).where(eq(u_.id, id)).for('share');
  return r ?? null;
}
