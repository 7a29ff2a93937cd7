import { correcaoMsg } from '@saude/shared/schemas/municipe_lgpd';
import type { Correcao, CorrecaoFechar } from '@saude/shared/schemas/municipe_lgpd';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { audit } from '../../access/audit';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { municipeCorrecoes, municipes, profissionais } from '../../db/schema';
import { iso, isUuid } from '../../db/sql';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { autor, checkVersion, stamped } from '../../lib/versioned';
import type { correcaoCreateSchema } from '@saude/shared/schemas/municipe_lgpd';

// Correction requests (LGPD art. 18 III, issue 46): the citizen says a field of their record is wrong; the request
// is recorded against them, shown on the record to whoever edits it (municipes/correcoes:index, given with the
// citizen's edit), and closed as corrected or refused with the reason the citizen will be told. The description is
// the citizen's words: it is personal data, so every list and change is audited naming the citizen, never its text.

export const RESOURCE = 'municipes/correcoes';

const solicitante = alias(profissionais, 'solicitante');
const encerrador = alias(profissionais, 'encerrador');

/** The citizen's requests, newest first, with who recorded and who closed them (no audit: callers audit). */
export async function listarCorrecoesDe(db: DbOrTx, municipeId: string): Promise<Correcao[]> {
  const rows = await db
    .select({
      c: municipeCorrecoes,
      solicitada_por_nome: solicitante.nome,
      fechada_por_nome: encerrador.nome,
    })
    .from(municipeCorrecoes)
    .leftJoin(solicitante, eq(solicitante.id, municipeCorrecoes.solicitada_por))
    .leftJoin(encerrador, eq(encerrador.id, municipeCorrecoes.fechada_por))
    .where(eq(municipeCorrecoes.municipe_id, municipeId))
    .orderBy(desc(municipeCorrecoes.solicitada_em), desc(municipeCorrecoes.id));
  return rows.map(({ c, solicitada_por_nome, fechada_por_nome }) => ({
    id: c.id,
    municipe_id: c.municipe_id,
    campo: c.campo,
    descricao: c.descricao,
    situacao: c.situacao,
    motivo_recusa: c.motivo_recusa,
    solicitada_em: iso(c.solicitada_em)!,
    solicitada_por_nome,
    fechada_em: iso(c.fechada_em),
    fechada_por_nome,
    lock_version: c.lock_version,
  }));
}

/** The citizen exists (a malformed id is none): the same 404 as their record. */
async function municipeExistente(db: DbOrTx, id: string, forUpdate = false) {
  if (!isUuid(id)) throw notFound();
  const q = db.select({ id: municipes.id }).from(municipes).where(eq(municipes.id, id));
  const [m] = await (forUpdate ? q.for('share') : q);
  if (!m) throw notFound();
}

export async function listar(ctx: Ctx, municipeId: string): Promise<Correcao[]> {
  await municipeExistente(ctx.db, municipeId);
  const lista = await listarCorrecoesDe(ctx.db, municipeId);
  await audit(ctx.db, ctx, {
    action: 'index',
    resource: RESOURCE,
    municipe_ids: [municipeId],
    details: { quantidade: lista.length },
  });
  return lista;
}

async function uma(db: DbOrTx, municipeId: string, id: string): Promise<Correcao> {
  const c = (await listarCorrecoesDe(db, municipeId)).find((x) => x.id === id);
  if (!c) throw notFound();
  return c;
}

export async function criar(
  ctx: Ctx,
  municipeId: string,
  body: z.output<typeof correcaoCreateSchema>,
): Promise<Correcao> {
  return ctx.db.transaction(async (tx) => {
    await municipeExistente(tx, municipeId, true);
    const id = newId();
    await tx.insert(municipeCorrecoes).values({
      id,
      municipe_id: municipeId,
      campo: body.campo,
      descricao: body.descricao,
      solicitada_por: autor(ctx),
      updated_by: autor(ctx),
    });
    // The field's name, never the value asked for.
    await audit(tx, ctx, {
      action: 'create',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [municipeId],
      details: { campo: body.campo },
    });
    return uma(tx, municipeId, id);
  });
}

/** Closes an open request: corrected, or refused with its reason (the schema answers 422 without one). */
export async function fechar(
  ctx: Ctx,
  municipeId: string,
  id: string,
  body: CorrecaoFechar & { lock_version: number },
): Promise<Correcao> {
  if (!isUuid(municipeId) || !isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [atual] = await tx
      .select()
      .from(municipeCorrecoes)
      .where(and(eq(municipeCorrecoes.id, id), eq(municipeCorrecoes.municipe_id, municipeId)))
      .for('update');
    if (!atual) throw notFound();
    if (atual.situacao !== 'aberta') throw conflict(correcaoMsg.correcaoJaEncerrada);
    checkVersion(atual, body.lock_version);
    await tx
      .update(municipeCorrecoes)
      .set({
        situacao: body.situacao,
        motivo_recusa: body.situacao === 'recusada' ? body.motivo_recusa!.trim() : null,
        fechada_por: autor(ctx),
        fechada_em: new Date(),
        lock_version: atual.lock_version + 1,
        ...stamped(ctx),
      })
      .where(eq(municipeCorrecoes.id, id));
    await audit(tx, ctx, {
      action: 'update',
      resource: RESOURCE,
      record_id: id,
      municipe_ids: [municipeId],
      details: { campo: atual.campo, situacao: body.situacao },
    });
    return uma(tx, municipeId, id);
  });
}

/** The request's field for a column of the citizen row ('telefone_celular' is the form's 'telefones'). */
const campoDaColuna = (coluna: string) => (coluna.startsWith('telefone_') ? 'telefones' : coluna);

/**
 * Closes as corrected the open requests on the fields an edit of the citizen just changed (called in the edit's
 * transaction): the person who corrected the field closed the request. A request on 'outro' stays for a person.
 */
export async function fecharCorrigidas(tx: DbOrTx, ctx: Ctx, municipeId: string, colunas: readonly string[]) {
  const campos = [...new Set(colunas.map(campoDaColuna))];
  if (campos.length === 0) return;
  const fechadas = await tx
    .update(municipeCorrecoes)
    .set({
      situacao: 'corrigida',
      fechada_por: autor(ctx),
      fechada_em: new Date(),
      lock_version: sql`${municipeCorrecoes.lock_version} + 1`,
      ...stamped(ctx),
    })
    .where(
      and(
        eq(municipeCorrecoes.municipe_id, municipeId),
        eq(municipeCorrecoes.situacao, 'aberta'),
        inArray(municipeCorrecoes.campo, campos),
      ),
    )
    .returning({ id: municipeCorrecoes.id, campo: municipeCorrecoes.campo });
  for (const c of fechadas)
    await audit(tx, ctx, {
      action: 'update',
      resource: RESOURCE,
      record_id: c.id,
      municipe_ids: [municipeId],
      details: { campo: c.campo, situacao: 'corrigida', automatica: true },
    });
}
