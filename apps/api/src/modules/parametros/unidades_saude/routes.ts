import { unidadeFlags } from '@saude/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { unidadesSaude } from '../../../db/schema';
import { notFound } from '../../../lib/errors';

const flagParam = z.enum(unidadeFlags);
const answer = z.object({ parametro: flagParam, valor: z.boolean() });

async function readFlag(db: Db, id: string, parametro: (typeof unidadeFlags)[number]) {
  const [u] = await db.select().from(unidadesSaude).where(eq(unidadesSaude.id, id));
  if (!u) throw notFound();
  return { parametro, valor: u[parametro] };
}

// GET /api/v1/parametros/unidades_saude/{id}/{parametro} and …/atual/{parametro} (spec §7).
export const parametrosUnidadeRoutes: FastifyPluginAsyncZod = async (app) => {
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
