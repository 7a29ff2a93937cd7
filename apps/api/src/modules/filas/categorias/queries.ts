import {
  categoriaListItemSchema,
  categoriaSchema,
  type Categoria,
  type CategoriaFilters,
  type CategoriaListItem,
} from '@saude/shared/schemas/categoria';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { categorias, filaCategorias, filas, senhas, unidadesSaude } from '../../../db/schema';
import { byName, containsText, countWhere, finderOf, otherThan, selectOf } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { fieldsOf, type Dated } from '../../../lib/answer';

// Reading ticket categories. They hold nobody's data (a name, letters, a colour), so reads are not audited; they are
// the municipality's, read the same from every unit.

export const RESOURCE = 'filas/categorias';
const c_ = categorias;

/** The category's row (locked for update when asked), or null. */
export const findCategoria = finderOf(c_);

/** The category with the queues it feeds and how many tickets it has had. */
export async function loadCategoria(db: DbOrTx, id: string): Promise<Dated<Categoria> | null> {
  const row = await findCategoria(db, id);
  if (!row) return null;
  const ligadas = await db
    .select({ id: filas.id, nome: filas.nome, unidade_saude_nome: unidadesSaude.nome })
    .from(filaCategorias)
    .innerJoin(filas, eq(filas.id, filaCategorias.fila_id))
    .innerJoin(unidadesSaude, eq(unidadesSaude.id, filas.unidade_saude_id))
    .where(eq(filaCategorias.categoria_id, id))
    .orderBy(byName(unidadesSaude.nome), byName(filas.nome));
  const total = await countWhere(db, senhas, eq(senhas.categoria_id, id));
  return {
    ...fieldsOf(categoriaSchema, row),
    filas: ligadas,
    senhas: total,
  };
}

export async function show(_ctx: Ctx, id: string, db: DbOrTx = _ctx.db): Promise<Dated<Categoria>> {
  const c = await loadCategoria(db, id);
  if (!c) throw notFound();
  return c;
}

function condicoes(q: CategoriaFilters): SQL | undefined {
  const conds: Array<SQL | undefined> = [];
  if (q.nome) conds.push(containsText([c_.nome], q.nome));
  if (q.ativo !== undefined) conds.push(eq(c_.ativo, q.ativo));
  return and(...conds);
}

/** A page of categories in the order they are called: priority, then name. */
export async function list(ctx: Ctx, q: CategoriaFilters): Promise<PageResult<CategoriaListItem>> {
  const where = condicoes(q);
  return paginateTable(q, ctx.db, c_, where, () =>
    ctx.db
      .select(selectOf(categoriaListItemSchema, c_))
      .from(c_)
      .where(where)
      .orderBy(asc(c_.prioridade), byName(c_.nome), asc(c_.id)),
  );
}

/** Whether another category already has this name (any case) or these letters: the fields they clash on. */
export async function emUso(db: DbOrTx, v: { nome: string; sigla: string }, selfId: string | null) {
  const outro = otherThan(c_.id, selfId);
  const [nome] = await db
    .select({ id: c_.id })
    .from(c_)
    .where(and(sql`lower(${c_.nome}) = lower(${v.nome})`, outro))
    .limit(1);
  const [sigla] = await db
    .select({ id: c_.id })
    .from(c_)
    .where(and(eq(c_.sigla, v.sigla), outro))
    .limit(1);
  return { nome: Boolean(nome), sigla: Boolean(sigla) };
}
