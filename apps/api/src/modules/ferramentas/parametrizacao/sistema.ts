import {
  parametrizacaoSistemaSchema,
  parametrizacaoSistemaUpdateSchema,
  type ParametrizacaoSistema,
} from '@saude/shared/schemas/parametrizacao_sistema';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ctx } from '../../../access/context';
import { parametrizacao } from '../../../db/schema';
import { recordTrail } from '../../../access/audit-trail';
import { notFound } from '../../../lib/errors';
import { recordAction } from '../../../lib/routes';
import { updateVersioned } from '../../../lib/versioned';

// GET/PUT /api/v1/ferramentas/parametrizacao (issue 21): the managers' edit of the single parameters row (id 1). The
// public start-up read (routes.ts) is unchanged. The row holds no personal data, so the audit row keeps each changed
// field's value before → after; the crest only as "alterado"/"removido" (a data URL of up to 500 kB is no trail).

export const RESOURCE = 'ferramentas/parametrizacao';
const trail = recordTrail(RESOURCE);
const p = parametrizacao;
type Row = typeof p.$inferSelect;

const answer = (r: Row): ParametrizacaoSistema => ({
  cliente_nome: r.cliente_nome,
  brasao: r.brasao,
  habilita_biometria: r.habilita_biometria,
  versao: r.versao,
  esus_versao: r.esus_versao,
  pec_versao: r.pec_versao,
  lock_version: r.lock_version,
  updated_at: r.updated_at.toISOString(),
});

const CAMPOS = ['cliente_nome', 'brasao', 'habilita_biometria', 'versao', 'esus_versao', 'pec_versao'] as const;

/** The changed fields, value before → after (the crest as a word). */
export function alteracoes(antes: Row, depois: Row): Record<string, { de: unknown; para: unknown }> {
  const out: Record<string, { de: unknown; para: unknown }> = {};
  for (const c of CAMPOS) {
    if (antes[c] === depois[c]) continue;
    out[c] =
      c === 'brasao'
        ? { de: antes.brasao ? 'imagem' : null, para: depois.brasao ? 'imagem nova' : 'removido' }
        : { de: antes[c], para: depois[c] };
  }
  return out;
}

export async function show(ctx: Ctx): Promise<ParametrizacaoSistema> {
  const [r] = await ctx.db.select().from(p).where(eq(p.id, 1));
  if (!r) throw notFound();
  return answer(r);
}

export async function update(
  ctx: Ctx,
  body: z.output<typeof parametrizacaoSistemaUpdateSchema>,
): Promise<ParametrizacaoSistema> {
  const { lock_version, ...values } = body;
  return ctx.db.transaction(async (tx) => {
    const [antes] = await tx.select().from(p).where(eq(p.id, 1)).for('update');
    if (!antes) throw notFound();
    const depois = await updateVersioned(tx, ctx, p, { key: eq(p.id, 1), lockVersion: lock_version }, values);
    await trail(tx, ctx, 'update', '1', { details: { alteracoes: alteracoes(antes, depois) } });
    return answer(depois);
  });
}

export const parametrizacaoSistemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = parametrizacaoSistemaSchema;
  recordAction(app, 'GET', '/', `${RESOURCE}:show`, { response }, (ctx) => show(ctx));
  recordAction(
    app,
    'PUT',
    '/',
    `${RESOURCE}:update`,
    { body: parametrizacaoSistemaUpdateSchema, response },
    (ctx, _p, body) => update(ctx, body),
  );
};
