import {
  unidadeSaudeListItemSchema,
  unidadeSaudeSchema,
  type TipoUnidade,
  type UnidadeSaude,
  type UnidadeSaudeFilters,
  type UnidadeSaudeListItem,
} from '@saude/shared/schemas/administracao_unidades_saude';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { equipes, lotacoes, tiposUnidade, unidadesSaude } from '../../../db/schema';
import { byName, containsText, countAll, finderOf, otherThan, selectOf } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { fieldsOf, type Dated } from '../../../lib/answer';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { isUuid } from '../../../lib/routes';

// Reading health units for the administration screen (issue 22). Set-up data of the municipality, nobody's personal
// data: reads are not audited.

export const RESOURCE = 'administracao/unidades_saude';
const u_ = unidadesSaude;

/** The unit's row (locked for update when asked), or null; a malformed id is an unknown one. */
export const findUnidade = finderOf(u_);

/** Active teams and active assignments of the unit: what keeps it from being deactivated. */
export async function vinculosAtivos(db: DbOrTx, id: string) {
  const [e] = await db
    .select({ n: countAll() })
    .from(equipes)
    .where(and(eq(equipes.unidade_saude_id, id), eq(equipes.ativo, true)));
  const [l] = await db
    .select({ n: countAll() })
    .from(lotacoes)
    .where(and(eq(lotacoes.unidade_saude_id, id), eq(lotacoes.ativo, true)));
  return { equipes: e?.n ?? 0, lotacoes: l?.n ?? 0 };
}

const equipesAtivasDe = sql<number>`(select count(*)::int from ${equipes}
  where ${equipes.unidade_saude_id} = ${u_.id} and ${equipes.ativo})`;

export async function loadUnidade(db: DbOrTx, id: string): Promise<Dated<UnidadeSaude> | null> {
  const [r] = await db
    .select({ u: u_, tipo_unidade_nome: tiposUnidade.nome })
    .from(u_)
    .innerJoin(tiposUnidade, eq(tiposUnidade.id, u_.tipo_unidade_id))
    .where(eq(u_.id, id));
  if (!r) return null;
  const v = await vinculosAtivos(db, id);
  return {
    ...fieldsOf(unidadeSaudeSchema, r.u),
    tipo_unidade_nome: r.tipo_unidade_nome,
    equipes_ativas: v.equipes,
    lotacoes_ativas: v.lotacoes,
  };
}

export async function show(ctx: Ctx, id: string): Promise<Dated<UnidadeSaude>> {
  const u = isUuid(id) ? await loadUnidade(ctx.db, id) : null;
  if (!u) throw notFound();
  return u;
}

function condicoes(q: UnidadeSaudeFilters): SQL | undefined {
  return and(
    q.texto ? containsText([u_.nome, u_.cnes], q.texto) : undefined,
    q.tipo_unidade_id ? eq(u_.tipo_unidade_id, q.tipo_unidade_id) : undefined,
    q.ativo !== undefined ? eq(u_.ativo, q.ativo) : undefined,
  );
}

const LIST = selectOf(unidadeSaudeListItemSchema, u_, {
  tipo_unidade_nome: tiposUnidade.nome,
  equipes_ativas: equipesAtivasDe,
});

/** A page of units by name (as people read it), the active and inactive ones alike unless filtered. */
export async function list(ctx: Ctx, q: UnidadeSaudeFilters): Promise<PageResult<UnidadeSaudeListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, u_, where, () =>
    ctx.db
      .select(LIST)
      .from(u_)
      .innerJoin(tiposUnidade, eq(tiposUnidade.id, u_.tipo_unidade_id))
      .where(where)
      .orderBy(byName(u_.nome), u_.id),
  );
}

/** The unit types (tipos_unidade), by name: the form's select. */
export const tipos = (ctx: Ctx): Promise<TipoUnidade[]> =>
  ctx.db
    .select({ id: tiposUnidade.id, codigo: tiposUnidade.codigo, nome: tiposUnidade.nome })
    .from(tiposUnidade)
    .orderBy(byName(tiposUnidade.nome));

/** Another unit holding this CNES, if any. */
export async function cnesEmUso(db: DbOrTx, cnes: string, selfId: string | null) {
  const [r] = await db
    .select({ id: u_.id })
    .from(u_)
    .where(and(eq(u_.cnes, cnes), otherThan(u_.id, selfId)));
  return !!r;
}

export async function tipoExiste(db: DbOrTx, id: string) {
  const [r] = await db.select({ id: tiposUnidade.id }).from(tiposUnidade).where(eq(tiposUnidade.id, id));
  return !!r;
}
