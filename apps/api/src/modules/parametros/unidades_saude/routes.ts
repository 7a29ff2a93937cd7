import { unidadeFlags } from '@saude/shared';
import { unidadeParametrosSchema, unidadeParametrosUpdateSchema } from '@saude/shared/schemas/parametrizacao_sistema';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { unidadesSaude } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { anyIdParams, recordAction } from '../../../lib/routes';
import * as service from './service';

const flagParam = z.enum(unidadeFlags);
const answer = z.object({ parametro: flagParam, valor: z.boolean() });

async function readFlag(db: Db, id: string, parametro: (typeof unidadeFlags)[number]) {
  const [u] = await db.select().from(unidadesSaude).where(eq(unidadesSaude.id, id));
  if (!u) throw notFound();
  return { parametro, valor: u[parametro] };
}

// GET /api/v1/parametros/unidades_saude/{id}/{parametro} and …/atual/{parametro} (spec §7); the managers' list of
// every unit's flags and PUT /{id} (issue 21: only gestor has `:update`).
export const parametrosUnidadeRoutes: FastifyPluginAsyncZod = async (app) => {
  const update = 'parametros/unidades_saude:update';
  const show = 'parametros/unidades_saude:show';
  recordAction(app, 'GET', '/', update, { response: z.array(unidadeParametrosSchema) }, (ctx) => service.list(ctx));
  const s = { params: anyIdParams, body: unidadeParametrosUpdateSchema, response: unidadeParametrosSchema };
  recordAction(app, 'PUT', '/:id', update, s, (ctx, p, body) => service.update(ctx, p.id, body));
  const atual = { params: z.object({ parametro: flagParam }), response: answer };
  recordAction(app, 'GET', '/atual/:parametro', show, atual, (ctx, p) =>
    readFlag(ctx.db, ctx.usuario!.unidadeId!, p.parametro),
  );
  const daUnidade = { params: z.object({ id: z.uuid(), parametro: flagParam }), response: answer };
  recordAction(app, 'GET', '/:id/:parametro', show, daUnidade, (ctx, p) => readFlag(ctx.db, p.id, p.parametro));
};
