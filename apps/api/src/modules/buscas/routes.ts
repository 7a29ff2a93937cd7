import * as schemas from '@saude/shared/schemas/ouvidoria';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDates } from '../../lib/answer';
import { sendWithEtag } from '../../lib/etag';
import { anyIdParams, recordAction } from '../../lib/routes';
import * as bell from './ouvidoria_notificacoes';

// /api/v1/buscas/consulta (spec §7): the polled look-ups of the top bar. Here the ombudsman's bell.

export const buscasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ouvidoria/notificacoes',
    {
      config: { access: 'ouvidoria:index' },
      schema: {
        querystring: schemas.notificacoesQuerySchema,
        response: { 200: z.array(schemas.ouvidoriaNotificacaoSchema), 304: z.null() },
      },
    },
    async (req, reply) => {
      const { rows, total } = await bell.listar(req.ctx, req.query);
      // The page changes only when an item arrives (a newer first id) or one is read (another total).
      const key = `${req.query.lido ?? ''}:${req.query.page}:${req.query.per_page}:${total}:${rows[0]?.id ?? ''}`;
      reply.header('X-Total-Count', String(total));
      return sendWithEtag(req, reply as FastifyReply, key, isoDates(rows));
    },
  );

  recordAction(
    app,
    'POST',
    '/ouvidoria/notificacoes/leituras',
    'ouvidoria:index',
    { response: z.object({ lidas: z.int() }) },
    async (ctx) => ({ lidas: await bell.marcarTodas(ctx) }),
  );

  app.post(
    '/ouvidoria/notificacoes/:id/leitura',
    { config: { access: 'ouvidoria:index' }, schema: { params: anyIdParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await bell.marcarLida(req.ctx, req.params.id);
      return (reply as FastifyReply).code(204).send();
    },
  );
};
