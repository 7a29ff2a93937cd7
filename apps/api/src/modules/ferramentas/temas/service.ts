import { msg } from '@saude/shared';
import type { Tema, TemaValues } from '@saude/shared/schemas/tema';
import { periodoTexto, sobrepoe } from '@saude/shared/tema_vigencia';
import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../../access/context';
import type { DbOrTx } from '../../../db/client';
import { temas } from '../../../db/schema';
import { changedFields } from '../../../db/sql';
import { recordTrail } from '../../../access/audit-trail';
import { FieldErrors, notFound } from '../../../lib/errors';
import { createRecord, updateRecord, type Versioned } from '../../../lib/versioned';
import { findTema, loadTema, outrosAtivos, RESOURCE } from './queries';
import type { Dated } from '../../../lib/answer';

export { list, show } from './queries';

// Campaign themes (issue 21). Managers write (`ferramentas/temas:*`); every write leaves an audit row in its
// transaction, naming the fields changed (never the image). Two ACTIVE themes may not be in force on the same day: a
// recurring one comes back every year, so it is compared by day and month (tema_vigencia.ts). The check runs under a
// transaction-scoped advisory lock, so two saves at once cannot both pass it. Delete is a real delete: a theme is only
// colours and a text, and nothing refers to it.

const trail = recordTrail(RESOURCE);
const t_ = temas;

/** 422 on vigencia_inicio naming the active theme this one would overlap, if any (only for an active theme). */
async function checarSobreposicao(tx: DbOrTx, v: TemaValues, selfId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('temas_vigencia'))`);
  if (!v.ativo) return;
  const outro = (await outrosAtivos(tx, selfId)).find((o) => sobrepoe(o, v));
  if (!outro) return;
  const errors = new FieldErrors();
  errors.add('vigencia_inicio', msg.temaSobreposto(outro.objetivo, periodoTexto(outro)));
  errors.throwIfAny();
}

const colunas = (v: TemaValues) => ({
  objetivo: v.objetivo,
  descricao: v.descricao ?? null,
  cor_primaria: v.cor_primaria,
  cor_secundaria: v.cor_secundaria,
  imagem_base64: v.imagem_base64 ?? null,
  icon: v.icon ?? null,
  vigencia_inicio: v.vigencia_inicio,
  vigencia_fim: v.vigencia_fim,
  recorrente: v.recorrente,
  ativo: v.ativo,
});

export async function create(ctx: Ctx, v: TemaValues): Promise<Dated<Tema>> {
  return createRecord(ctx, t_, {
    check: (tx) => checarSobreposicao(tx, v, null),
    values: colunas(v),
    audit: (tx, id) => trail(tx, ctx, 'create', id),
    load: loadTema,
  });
}

export async function update(
  ctx: Ctx,
  id: string,
  { lock_version, ...v }: Versioned<TemaValues>,
): Promise<Dated<Tema>> {
  const cols = colunas(v);
  return updateRecord(ctx, t_, id, lock_version, {
    find: findTema,
    check: (tx) => checarSobreposicao(tx, v, id),
    set: cols,
    audit: (tx, atual) => trail(tx, ctx, 'update', id, { details: { campos: changedFields(atual, cols) } }),
    load: loadTema,
  });
}

export async function destroy(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const atual = await findTema(tx, id, true);
    if (!atual) throw notFound();
    await tx.delete(t_).where(eq(t_.id, id));
    await trail(tx, ctx, 'destroy', id);
  });
}
