import { unidadeFlags } from '@saude/shared';
import { unidadeParametrosSchema, unidadeParametrosUpdateSchema } from '@saude/shared/schemas/parametrizacao_sistema';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { unidadesSaude } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { anyIdParams } from '../../../lib/routes';
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
  app.get(
    '/',
    {
      config: { access: 'parametros/unidades_saude:update' },
      schema: { response: { 200: z.array(unidadeParametrosSchema) } },
    },
    async (req) => service.list(req.ctx),
  );

  app.put(
    '/:id',
    {
      config: { access: 'parametros/unidades_saude:update' },
      schema: { params: anyIdParams, body: unidadeParametrosUpdateSchema, response: { 200: unidadeParametrosSchema } },
    },
    async (req) => service.update(req.ctx, req.params.id, req.body),
  );

  app.get(
    '/atual/:parametro',
    {
      config: { access: 'parametros/unidades_saude:show' },
      schema: { params: z.object({ parametro: flagParam }), response: { 200: answer } },
    },
    async (req) => readFlag(req.ctx.db, req.usuario!.unidadeId!, req.params.parametro),
  );

  app.get(
    '/:id/:parametro',
    {
      config: { access: 'parametros/unidades_saude:show' },
      schema: { params: z.object({ id: z.uuid(), parametro: flagParam }), response: { 200: answer } },
    },
    async (req) => readFlag(req.ctx.db, req.params.id, req.params.parametro),
  );
};
