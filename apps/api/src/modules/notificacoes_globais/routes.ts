import * as schemas from '@saude/shared/schemas/notificacao_global';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDates } from '../../lib/answer';
import { sendWithEtag } from '../../lib/etag';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/notificacoes_globais (issue 20, spec §2, §7): the user's global notifications (the globe polls it every
// 30 s: ETag/304), marking one read, and the managers' create and delete.

const can = (action: 'index' | 'update' | 'create') => `${service.RESOURCE}:${action}` as const;

/** What identifies what the user sees: the page's ids and read times, and the total. */
const etagKey = (rows: schemas.NotificacaoGlobal[], total: number) =>
  `${total};${rows.map((r) => `${r.id}:${r.lida_em ?? ''}`).join(',')}`;

export const notificacoesGlobaisRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    service.RESOURCE,
    { record: schemas.notificacaoGlobalCriadaSchema, params: anyIdParams, input: schemas.notificacaoGlobalInputSchema },
    { create: service.create, destroy: service.destroy },
  );

  // Polled by every signed-in browser: one statement, and 304 when nothing the user sees changed (a raw route: ETag).
  app.get(
    '/',
    {
      config: { access: can('index') },
      schema: {
        querystring: schemas.notificacaoGlobalFiltersSchema,
        response: { 200: z.array(schemas.notificacaoGlobalSchema), 304: z.null() },
      },
    },
    async (req, reply) => {
      const page = await service.list(req.ctx, req.query);
      // Serialised before hashing: the ETag reads the read time as the answer writes it.
      const rows = isoDates(page.rows) as schemas.NotificacaoGlobal[];
      reply.header('X-Total-Count', page.total);
      return sendWithEtag(req, reply as FastifyReply, etagKey(rows, page.total), rows);
    },
  );

  recordAction(app, 'GET', '/opcoes', can('create'), { response: schemas.notificacaoGlobalOpcoesSchema }, (ctx) =>
    service.opcoes(ctx),
  );

  const leitura = { params: anyIdParams, response: schemas.notificacaoGlobalLeituraSchema };
  recordAction(app, 'POST', '/:id/leitura', can('update'), leitura, (ctx, p) => service.marcarLida(ctx, p.id));
};
