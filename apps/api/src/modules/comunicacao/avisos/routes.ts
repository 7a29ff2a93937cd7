import * as schemas from '@saude/shared/schemas/aviso';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWithEtag } from '../../../lib/etag';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/comunicacao/avisos (issue 19, spec §2, §7): the notices (managers write, everyone reads the ones aimed at
// them), the form's options and reach, the user's unread notices (the pop-ups) and their confirmation.
// Ids in the path are checked by the service: a malformed one answers 404 like an unknown one.

const can = (action: 'index' | 'show' | 'create' | 'visualizar') => `${RESOURCE}:${action}` as const;

/** What identifies the unread list: its ids and versions (an edited notice shows again with its new text). */
const etagKey = (rows: Array<{ id: string; lock_version: number }>) =>
  rows.map((r) => `${r.id}:${r.lock_version}`).join(',');

export const avisosRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.avisoSchema,
      params: anyIdParams,
      filters: schemas.avisoFiltersSchema,
      item: schemas.avisoListItemSchema,
      input: schemas.avisoInputSchema,
      update: schemas.avisoUpdateSchema,
    },
    service,
  );

  recordAction(app, 'GET', '/opcoes', can('create'), { response: schemas.avisoOpcoesSchema }, (ctx) =>
    service.opcoes(ctx),
  );
  const profissionais = {
    query: schemas.avisoProfissionaisQuerySchema,
    response: z.array(schemas.avisoProfissionalOpcaoSchema),
  };
  recordAction(app, 'GET', '/opcoes/profissionais', can('create'), profissionais, (ctx, _p, _b, query) =>
    service.opcoesProfissionais(ctx, query),
  );
  const alcance = { query: schemas.avisoAlcanceQuerySchema, response: schemas.avisoAlcanceSchema };
  recordAction(app, 'GET', '/alcance', can('create'), alcance, (ctx, _p, _b, query) => service.alcance(ctx, query));

  // Polled every 15 minutes by every signed-in browser: one query, and 304 when nothing changed (a raw route: ETag).
  app.get(
    '/nao_visualizados',
    {
      config: { access: can('visualizar') },
      schema: { response: { 200: schemas.avisosNaoVisualizadosSchema, 304: z.null() } },
    },
    async (req, reply) => {
      const rows = await service.naoVisualizados(req.ctx);
      const avisos = rows.map(({ lock_version: _v, ...aviso }) => aviso);
      return sendWithEtag(req, reply as FastifyReply, etagKey(rows), avisos);
    },
  );

  const visualizacao = {
    params: anyIdParams,
    // The spec's body has `resposta` only when one was typed: none at all is a confirmation without a reply.
    body: z.preprocess((b) => b ?? {}, schemas.avisoVisualizacaoInputSchema),
    response: schemas.avisoVisualizacaoSchema,
    creates: 'if-new' as const,
  };
  recordAction(app, 'POST', '/:id/aviso_visualizacoes', can('visualizar'), visualizacao, async (ctx, p, body) => {
    const { criada, visualizacao: answer } = await service.confirmar(ctx, p.id, body);
    return { created: criada, answer };
  });
};
