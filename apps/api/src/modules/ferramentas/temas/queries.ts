import {
  temaListItemSchema,
  temaSchema,
  type Tema,
  type TemaFilters,
  type TemaListItem,
} from '@saude/shared/schemas/tema';
import type { TemaAtual } from '@saude/shared/tema_atual';
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { temas } from '../../../db/schema';
import { containsText, finderOf, otherThan, selectOf } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { fieldsOf, type Dated } from '../../../lib/answer';

// Reading campaign themes (issue 21). They hold nobody's data (a title, colours, an image), so reads are not audited.

export const RESOURCE = 'ferramentas/temas';
const t_ = temas;

/** The theme's row (locked for update when asked), or null; a malformed id is an unknown one. */
export const findTema = finderOf(t_);

type Row = typeof temas.$inferSelect;

const paraApi = (r: Row): Dated<Tema> => fieldsOf(temaSchema, r);

/** The theme as answered, or null. */
export async function loadTema(db: DbOrTx, id: string): Promise<Dated<Tema> | null> {
  const row = await findTema(db, id);
  return row && paraApi(row);
}

export async function show(ctx: Ctx, id: string): Promise<Dated<Tema>> {
  const tema = await loadTema(ctx.db, id);
  if (!tema) throw notFound();
  return tema;
}

function condicoes(q: TemaFilters): SQL | undefined {
  const conds: Array<SQL | undefined> = [];
  if (q.texto) conds.push(containsText([t_.objetivo, t_.descricao], q.texto));
  if (q.ativo !== undefined) conds.push(eq(t_.ativo, q.ativo));
  return and(...conds);
}

const LIST = selectOf(temaListItemSchema, t_, { com_imagem: sql<boolean>`${isNotNull(t_.imagem_base64)}` });

/** A page of themes, the latest period first. */
export async function list(ctx: Ctx, q: TemaFilters): Promise<PageResult<TemaListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, t_, where, () =>
    ctx.db.select(LIST).from(t_).where(where).orderBy(desc(t_.vigencia_inicio), desc(t_.created_at), t_.id),
  );
}

/** The other active themes' periods (the overlap rule compares them; a municipality has a handful). */
export const outrosAtivos = (db: DbOrTx, selfId: string | null) =>
  db
    .select({
      id: t_.id,
      objetivo: t_.objetivo,
      vigencia_inicio: t_.vigencia_inicio,
      vigencia_fim: t_.vigencia_fim,
      recorrente: t_.recorrente,
    })
    .from(t_)
    .where(and(eq(t_.ativo, true), otherThan(t_.id, selfId)))
    .orderBy(t_.vigencia_inicio);

/**
 * The active theme in force on `dia` ('yyyy-MM-dd', São Paulo's day), with its lock_version for the ETag; one query.
 * A one-off theme by its dates; a recurring one by day and month (both ends in one year: no wrap over New Year).
 */
export async function temaEmVigor(db: DbOrTx, dia: string): Promise<(TemaAtual & { lock_version: number }) | null> {
  const diaMes = dia.slice(5);
  const [row] = await db
    .select({
      id: t_.id,
      lock_version: t_.lock_version,
      objetivo: t_.objetivo,
      descricao: t_.descricao,
      cor_primaria: t_.cor_primaria,
      cor_secundaria: t_.cor_secundaria,
      imagem_base64: t_.imagem_base64,
      icon: t_.icon,
      vigencia_inicio: t_.vigencia_inicio,
      vigencia_fim: t_.vigencia_fim,
      recorrente: t_.recorrente,
    })
    .from(t_)
    .where(
      and(
        eq(t_.ativo, true),
        sql`(
          (not ${t_.recorrente} and ${t_.vigencia_inicio} <= ${dia} and ${t_.vigencia_fim} >= ${dia})
          or (${t_.recorrente} and to_char(${t_.vigencia_inicio}, 'MM-DD') <= ${diaMes}
              and to_char(${t_.vigencia_fim}, 'MM-DD') >= ${diaMes})
        )`,
      ),
    )
    // Never two (the overlap rule); should a race ever leave two, the latest edited wins.
    .orderBy(desc(t_.updated_at))
    .limit(1);
  return row ?? null;
}
