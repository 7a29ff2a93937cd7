import { msg } from '@saude/shared';
import type { Categoria, CategoriaValues } from '@saude/shared/schemas/categoria';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { categorias, filaCategorias, senhaContadores, senhas } from '../../../db/schema';
import { changedFields, nullify } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { conflict, FieldErrors, notFound } from '../../../lib/errors';
import { createRecord, updateRecord, type Versioned } from '../../../lib/versioned';
import { emUso, findCategoria, loadCategoria, RESOURCE } from './queries';
import type { Dated } from '../../../lib/answer';

export { list, show } from './queries';

// Ticket categories (issue 17). Name (any case) and letters are unique: a clash answers 422 on the field, also when
// two saves race (the unique indexes have the last word). A category that feeds a queue or has had tickets is never
// deleted (the tickets' history names it): the refusal says to deactivate it.

const trail = recordTrail(RESOURCE);
const c_ = categorias;

async function checkUnicos(db: DbOrTx, v: CategoriaValues, selfId: string | null) {
  const uso = await emUso(db, v, selfId);
  const errors = new FieldErrors();
  if (uso.nome) errors.add('nome', msg.jaEmUso);
  if (uso.sigla) errors.add('sigla', msg.jaEmUso);
  errors.throwIfAny();
}

/** The unique indexes of a category, by the field each is about. */
const UNICOS = { categorias_sigla_key: 'sigla', categorias_nome_key: 'nome' };

const colunas = (v: CategoriaValues) => nullify(v);

export async function create(ctx: Ctx, v: CategoriaValues): Promise<Dated<Categoria>> {
  return createRecord(ctx, c_, {
    check: (tx) => checkUnicos(tx, v, null),
    values: colunas(v),
    audit: (tx, id) => trail(tx, ctx, 'create', id),
    load: loadCategoria,
    unique: UNICOS,
  });
}

export async function update(ctx: Ctx, id: string, { lock_version, ...v }: Versioned<CategoriaValues>) {
  const cols = colunas(v);
  return updateRecord(ctx, c_, id, lock_version, {
    find: findCategoria,
    check: (tx) => checkUnicos(tx, v, id),
    set: cols,
    audit: (tx, atual) => trail(tx, ctx, 'update', id, { details: { campos: changedFields(atual, cols) } }),
    load: loadCategoria,
    unique: UNICOS,
  });
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const atual = await findCategoria(tx, id, true);
    if (!atual) throw notFound();
    const [ligada] = await tx
      .select({ id: filaCategorias.fila_id })
      .from(filaCategorias)
      .where(eq(filaCategorias.categoria_id, id))
      .limit(1);
    const [senha] = await tx.select({ id: senhas.id }).from(senhas).where(eq(senhas.categoria_id, id)).limit(1);
    if (ligada || senha) throw conflict(msg.categoriaEmUso);
    // Counters without a ticket (every ticket of the day was deleted) hold no history.
    await tx.delete(senhaContadores).where(eq(senhaContadores.categoria_id, id));
    await tx.delete(c_).where(eq(c_.id, id));
    await trail(tx, ctx, 'destroy', id);
  });
}
