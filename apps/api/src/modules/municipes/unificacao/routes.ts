import {
  buscaAtualSchema,
  comparacaoSchema,
  compararQuerySchema,
  duplicadoDecisaoSchema,
  duplicadoFiltersSchema,
  duplicadoSchema,
  unificacaoFiltersSchema,
  unificacaoSchema,
  unificarInputSchema,
} from '@saude/shared/schemas/municipe_unificacao';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, listRoute, noParams, recordAction } from '../../../lib/routes';
import { buscaAtual, iniciarBusca } from './busca';
import * as service from './service';

// /api/v1/municipes/unificacoes: the duplicate queue, the side-by-side merge and its undo (issue 45), manager only.
const can = (a: 'index' | 'show' | 'create' | 'update' | 'destroy') => `${service.RESOURCE}:${a}` as const;

export const unificacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/duplicados', can('index'), {
    query: duplicadoFiltersSchema,
    item: duplicadoSchema,
    run: service.listDuplicados,
  });
  recordAction(
    app,
    'PUT',
    '/duplicados/:id',
    can('update'),
    { params: idParams, body: duplicadoDecisaoSchema, response: z.object({ id: z.uuid(), situacao: z.string() }) },
    (ctx, p) => service.descartarDuplicado(ctx, p.id),
  );
  recordAction(app, 'GET', '/buscas/atual', can('index'), { params: noParams, response: buscaAtualSchema }, (ctx) =>
    buscaAtual(ctx),
  );
  recordAction(
    app,
    'POST',
    '/buscas',
    can('update'),
    { params: noParams, response: buscaAtualSchema, creates: true },
    async (ctx) => ({ busca: (await iniciarBusca(ctx)).busca }),
  );
  recordAction(
    app,
    'GET',
    '/comparar',
    can('show'),
    { params: noParams, query: compararQuerySchema, response: comparacaoSchema },
    (ctx, _p, _b, q) => service.comparar(ctx, q.a, q.b),
  );
  listRoute(app, '/', can('index'), {
    query: unificacaoFiltersSchema,
    item: unificacaoSchema,
    run: service.listUnificacoes,
  });
  recordAction(
    app,
    'POST',
    '/',
    can('create'),
    { params: noParams, body: unificarInputSchema, response: unificacaoSchema, creates: true },
    (ctx, _p, body) => service.unificar(ctx, body),
  );
  app.route({
    method: 'DELETE',
    url: '/:id',
    config: { access: can('destroy') },
    schema: { params: idParams },
    handler: async (req, reply) => {
      await service.desfazer(req.ctx, (req.params as { id: string }).id);
      return reply.code(204).send();
    },
  });
};
