import type { CategoriaDisponivel, Fila, FilaFilters, FilaUnidade } from '@saude/shared/schemas/fila';
import { and, asc, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { categorias, filaCategorias, filaLocais, filas, senhas, unidadesSaude } from '../../../db/schema';
import { byName, containsText, findRow } from '../../../db/sql';
import { notFound } from '../../../lib/errors';
import { type PageResult, paginateTable } from '../../../lib/paginate';
import { categoriaColunas, unidadeComFilas } from '../comum';
import type { Dated } from '../../../lib/answer';

// Reading the queue parametrization of the current unit (issue 17). Queues hold nobody's data (names, desks,
// categories, counts), so reads are not audited. Another unit's queue answers 404.

export const RESOURCE = 'filas/parametrizacoes';
const f_ = filas;
const s_ = senhas;

/** A ticket still in the flow: waiting, called, or being attended. */
export const SITUACOES_ABERTAS = ['aguardando', 'chamada', 'em_atendimento'] as const;

/**
 * Pending forwardings of a queue (spec §5, docs/decisions.md): tickets forwarded into it that are still waiting
 * there. While there is one, the queue is not edited.
 */
export const pendentes = (filaId: SQL | string) =>
  and(eq(s_.fila_id, filaId), isNotNull(s_.encaminhada_de_fila_id), eq(s_.situacao, 'aguardando'))!;

/**
 * Open forwardings of a queue: any ticket waiting, called or in attendance in it (forwarded into it or not), and any
 * ticket forwarded out of it still in the flow elsewhere. While there is one, the queue is not removed.
 */
export const abertos = (filaId: SQL | string) =>
  or(
    // A forwarded ticket keeps `encaminhada_de_fila_id` once served: only its state says whether it is still open.
    and(eq(s_.fila_id, filaId), inArray(s_.situacao, [...SITUACOES_ABERTAS])),
    and(eq(s_.encaminhada_de_fila_id, filaId), inArray(s_.situacao, [...SITUACOES_ABERTAS])),
  )!;

const contar = (where: SQL) => sql<number>`(select count(*)::int from ${s_} where ${where})`;

/** The queue's row when it belongs to `unidadeId` (locked for update when asked); null otherwise (answered 404). */
export async function findInUnit(db: DbOrTx, unidadeId: string, id: string, forUpdate = false) {
  return findRow(db, f_, id, { where: eq(f_.unidade_saude_id, unidadeId), forUpdate });
}

/** The queues with their locations, categories and counts, in the order of `ids`. */
export async function loadFilas(db: DbOrTx, ids: string[]): Promise<Dated<Fila>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      f: f_,
      aguardando: contar(and(sql`${s_.fila_id} = ${f_.id}`, eq(s_.situacao, 'aguardando'))!),
      pendentes: contar(pendentes(sql`${f_.id}`)),
      abertos: contar(abertos(sql`${f_.id}`)),
    })
    .from(f_)
    .where(inArray(f_.id, ids));
  const locais = await db
    .select()
    .from(filaLocais)
    .where(inArray(filaLocais.fila_id, ids))
    .orderBy(desc(filaLocais.ativo), byName(filaLocais.nome));
  const cats = await db
    .select({
      fila_id: filaCategorias.fila_id,
      ...categoriaColunas,
      ativo: categorias.ativo,
    })
    .from(filaCategorias)
    .innerJoin(categorias, eq(categorias.id, filaCategorias.categoria_id))
    .where(inArray(filaCategorias.fila_id, ids))
    .orderBy(asc(categorias.prioridade), byName(categorias.nome));
  const porId = new Map(rows.map((r) => [r.f.id, r]));
  return ids.flatMap((id) => {
    const r = porId.get(id);
    if (!r) return [];
    const { f } = r;
    return [
      {
        id: f.id,
        lock_version: f.lock_version,
        created_at: f.created_at,
        updated_at: f.updated_at,
        unidade_saude_id: f.unidade_saude_id,
        nome: f.nome,
        ativo: f.ativo,
        locais: locais.filter((l) => l.fila_id === id).map((l) => ({ id: l.id, nome: l.nome, ativo: l.ativo })),
        categorias: cats.filter((c) => c.fila_id === id).map(({ fila_id: _, ...c }) => c),
        aguardando: Number(r.aguardando),
        encaminhamentos_pendentes: Number(r.pendentes),
        encaminhamentos_abertos: Number(r.abertos),
      },
    ];
  });
}

export async function show(ctx: Ctx, id: string): Promise<Dated<Fila>> {
  const unidadeId = await unidadeComFilas(ctx);
  if (!(await findInUnit(ctx.db, unidadeId, id))) throw notFound();
  return (await loadFilas(ctx.db, [id]))[0]!;
}

/** A page of the current unit's queues, by name. */
export async function list(ctx: Ctx, q: FilaFilters): Promise<PageResult<Dated<Fila>>> {
  const unidadeId = await unidadeComFilas(ctx);
  const where = and(eq(f_.unidade_saude_id, unidadeId), q.nome ? containsText([f_.nome], q.nome) : undefined);
  const page = await paginateTable(q, ctx.db, f_, where, () =>
    ctx.db.select({ id: f_.id }).from(f_).where(where).orderBy(byName(f_.nome), asc(f_.id)),
  );
  return {
    ...page,
    rows: await loadFilas(
      ctx.db,
      page.rows.map((r) => r.id),
    ),
  };
}

/** Every category, by priority, with the queue of the current unit it feeds (null when free). */
export async function categoriasDisponiveis(ctx: Ctx): Promise<CategoriaDisponivel[]> {
  const unidadeId = await unidadeComFilas(ctx);
  return ctx.db
    .select({
      ...categoriaColunas,
      ativo: categorias.ativo,
      fila_id: f_.id,
      fila_nome: f_.nome,
    })
    .from(categorias)
    .leftJoin(
      filaCategorias,
      and(eq(filaCategorias.categoria_id, categorias.id), eq(filaCategorias.unidade_saude_id, unidadeId)),
    )
    .leftJoin(f_, eq(f_.id, filaCategorias.fila_id))
    .orderBy(asc(categorias.prioridade), byName(categorias.nome), asc(categorias.id));
}

/** The current unit's queue settings. */
export async function unidade(ctx: Ctx, db: DbOrTx = ctx.db): Promise<FilaUnidade> {
  const unidadeId = await unidadeComFilas(ctx, db);
  const [u] = await db
    .select({
      id: unidadesSaude.id,
      nome: unidadesSaude.nome,
      tempo_chamadas: unidadesSaude.tempo_chamadas,
      lock_version: unidadesSaude.lock_version,
    })
    .from(unidadesSaude)
    .where(eq(unidadesSaude.id, unidadeId));
  return u!;
}
