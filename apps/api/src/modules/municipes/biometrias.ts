import { msg } from '@saude/shared';
import type { Biometrias } from '@saude/shared/schemas/municipe_biometria';
import { and, asc, eq } from 'drizzle-orm';
import { audit, auditedRead } from '../../access/audit';
import type { Ctx } from '../../access/context';
import type { DbOrTx } from '../../db/client';
import { municipeBiometrias, profissionais } from '../../db/schema';
import { iso } from '../../db/sql';
import { FieldErrors, notFound } from '../../lib/errors';
import { autor } from '../../lib/versioned';
import { municipeEmCuidado } from './cuidado';

// A citizen's fingerprints (issue 39), in the same care scope as the health blocks (cuidado.ts): a citizen outside it
// answers 404. The template is stored and never answered, audited or logged: reads list the fingers only.

const RESOURCE = 'municipes/biometrias';

const colunas = {
  dedo: municipeBiometrias.dedo,
  qualidade: municipeBiometrias.qualidade,
  capturada_em: municipeBiometrias.capturada_em,
  capturada_por_nome: profissionais.nome,
};

const saida = (r: { dedo: number; qualidade: number; capturada_em: Date; capturada_por_nome: string | null }) => ({
  ...r,
  capturada_em: iso(r.capturada_em)!,
});

/** The citizen's registered fingers, by finger. */
async function dedosDe(tx: DbOrTx, municipeId: string): Promise<Biometrias> {
  const rows = await tx
    .select(colunas)
    .from(municipeBiometrias)
    .leftJoin(profissionais, eq(profissionais.id, municipeBiometrias.capturada_por))
    .where(eq(municipeBiometrias.municipe_id, municipeId))
    .orderBy(asc(municipeBiometrias.dedo));
  return { itens: rows.map(saida) };
}

/** The registered fingers of a citizen in the user's care, audited. */
export function lerBiometrias(ctx: Ctx, municipeId: string): Promise<Biometrias> {
  return auditedRead(
    ctx,
    async (tx) => {
      if (!(await municipeEmCuidado(tx, ctx, 'biometrias', municipeId))) throw notFound();
      return dedosDe(tx, municipeId);
    },
    () => ({ resource: RESOURCE, action: 'show', record_id: municipeId, municipe_ids: [municipeId] }),
  );
}

/**
 * Stores one finger's template, replacing the one the finger had. A deceased citizen cannot give a fingerprint: the
 * capture is refused (its stored fingers can still be read and removed).
 */
export async function salvarBiometria(
  ctx: Ctx,
  municipeId: string,
  input: { dedo: number; template_base64: string; qualidade: number },
): Promise<Biometrias> {
  return ctx.db.transaction(async (tx) => {
    const municipe = await municipeEmCuidado(tx, ctx, 'biometrias', municipeId, true);
    if (!municipe) throw notFound();
    if (municipe.data_obito) new FieldErrors().add('template_base64', msg.digitalFalecido).throwIfAny();
    const agora = new Date();
    const valores = {
      template_base64: input.template_base64,
      qualidade: input.qualidade,
      capturada_em: agora,
      capturada_por: autor(ctx),
      updated_at: agora,
      updated_by: autor(ctx),
    };
    const doDedo = and(eq(municipeBiometrias.municipe_id, municipeId), eq(municipeBiometrias.dedo, input.dedo));
    const [atual] = await tx.select({ dedo: municipeBiometrias.dedo }).from(municipeBiometrias).where(doDedo);
    // Two captures of one finger at once: the key lets one insert, the other replaces it, as a later capture would.
    await tx
      .insert(municipeBiometrias)
      .values({ municipe_id: municipeId, dedo: input.dedo, ...valores })
      .onConflictDoUpdate({ target: [municipeBiometrias.municipe_id, municipeBiometrias.dedo], set: valores });
    await audit(tx, ctx, {
      action: atual ? 'update' : 'create',
      resource: RESOURCE,
      record_id: municipeId,
      municipe_ids: [municipeId],
      details: { dedo: input.dedo, qualidade: input.qualidade },
    });
    return dedosDe(tx, municipeId);
  });
}

/**
 * Removes one finger ('1'–'10') and answers the fingers left; 404 when the finger is not registered or the citizen is
 * outside the care scope.
 */
export function excluirBiometria(ctx: Ctx, municipeId: string, dedo: string): Promise<Biometrias> {
  const n = /^(10|[1-9])$/.test(dedo) ? Number(dedo) : null;
  return ctx.db.transaction(async (tx) => {
    if (n === null || !(await municipeEmCuidado(tx, ctx, 'biometrias', municipeId, true))) throw notFound();
    const apagadas = await tx
      .delete(municipeBiometrias)
      .where(and(eq(municipeBiometrias.municipe_id, municipeId), eq(municipeBiometrias.dedo, n)))
      .returning({ dedo: municipeBiometrias.dedo });
    if (apagadas.length === 0) throw notFound();
    await audit(tx, ctx, {
      action: 'destroy',
      resource: RESOURCE,
      record_id: municipeId,
      municipe_ids: [municipeId],
      details: { dedo: n },
    });
    return dedosDe(tx, municipeId);
  });
}
