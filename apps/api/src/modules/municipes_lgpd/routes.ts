import {
  copiaMunicipeSchema,
  correcaoCreateSchema,
  correcaoFecharSchema,
  correcaoSchema,
} from '@saude/shared/schemas/municipe_lgpd';
import { todayIso } from '@saude/shared/validation/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordAction } from '../../lib/routes';
import { copiaDoMunicipe } from './copia';
import { copiaPdf } from './copia_pdf';
import * as correcoes from './correcoes';

const correcaoParams = z.object({ id: z.string(), correcao_id: z.string() });

// /api/v1/municipes/:id/… (issue 46): the citizen's copy (PDF and JSON) and their correction requests.
export const municipesLgpdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/copia.pdf',
    { config: { access: 'municipes/lgpd:copia' }, schema: { params: anyIdParams } },
    async (req, reply) => {
      const pdf = await copiaPdf(await copiaDoMunicipe(req.ctx, req.params.id, 'pdf'));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="copia-dados-${todayIso()}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
  app.get(
    '/:id/copia.json',
    {
      config: { access: 'municipes/lgpd:copia' },
      schema: { params: anyIdParams, response: { 200: copiaMunicipeSchema } },
    },
    async (req, reply) => {
      const copia = await copiaDoMunicipe(req.ctx, req.params.id, 'json');
      return reply
        .header('Content-Disposition', `attachment; filename="copia-dados-${todayIso()}.json"`)
        .header('Cache-Control', 'no-store')
        .send(copia);
    },
  );
  const lista = z.array(correcaoSchema);
  recordAction(
    app,
    'GET',
    '/:id/correcoes',
    'municipes/correcoes:index',
    { params: anyIdParams, response: lista },
    (ctx, p) => correcoes.listar(ctx, p.id),
  );
  recordAction(
    app,
    'POST',
    '/:id/correcoes',
    'municipes/correcoes:create',
    { params: anyIdParams, body: correcaoCreateSchema, response: correcaoSchema, creates: true },
    (ctx, p, body) => correcoes.criar(ctx, p.id, body),
  );
  recordAction(
    app,
    'PUT',
    '/:id/correcoes/:correcao_id',
    'municipes/correcoes:update',
    { params: correcaoParams, body: correcaoFecharSchema, response: correcaoSchema },
    (ctx, p, body) => correcoes.fechar(ctx, p.id, p.correcao_id, body),
  );
};
