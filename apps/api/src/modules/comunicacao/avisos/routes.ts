import { createHash } from 'node:crypto';
import * as schemas from '@saude/shared/schemas/aviso';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/comunicacao/avisos (issue 19, spec §2, §7): the notices (managers write, everyone reads the ones aimed at
// them), the form's options and reach, the user's unread notices (the pop-ups) and their confirmation.
// Ids in the path are checked by the service: a malformed one answers 404 like an unknown one.

const can = (action: 'index' | 'show' | 'create' | 'visualizar') => `${RESOURCE}:${action}` as const;

/** The validator of the unread list: its ids and versions (an edited notice shows again with its new text). */
const etagDe = (rows: Array<{ id: string; lock_version: number }>) =>
  `"${createHash('sha256')
    .update(rows.map((r) => `${r.id}:${r.lock_version}`).join(','))
    .digest('base64url')
    .slice(0, 27)}"`;

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

  app.get(
    '/opcoes',
    { config: { access: can('create') }, schema: { response: { 200: schemas.avisoOpcoesSchema } } },
    async (req) => service.opcoes(req.ctx),
  );

  app.get(
    '/opcoes/profissionais',
    {
      config: { access: can('create') },
      schema: {
        querystring: schemas.avisoProfissionaisQuerySchema,
        response: { 200: z.array(schemas.avisoProfissionalOpcaoSchema) },
      },
    },
    async (req) => service.opcoesProfissionais(req.ctx, req.query),
  );

  app.get(
    '/alcance',
    {
      config: { access: can('create') },
      schema: { querystring: schemas.avisoAlcanceQuerySchema, response: { 200: schemas.avisoAlcanceSchema } },
    },
    async (req) => service.alcance(req.ctx, req.query),
  );

  // Polled every 15 minutes by every signed-in browser: one query, and 304 when nothing changed.
  app.get(
    '/nao_visualizados',
    {
      config: { access: can('visualizar') },
      schema: { response: { 200: schemas.avisosNaoVisualizadosSchema, 304: z.null() } },
    },
    async (req, reply) => {
      const rows = await service.naoVisualizados(req.ctx);
      const etag = etagDe(rows);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      const pedidas = (req.headers['if-none-match'] ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
      // No body: outside the response schema, whose serializer would write `null`.
      if (pedidas.includes(etag)) return (reply as FastifyReply).code(304).send();
      return reply.send(rows.map(({ lock_version: _v, ...aviso }) => aviso));
    },
  );

  app.post(
    '/:id/aviso_visualizacoes',
    {
      config: { access: can('visualizar') },
      schema: {
        params: anyIdParams,
        // The spec's body has `resposta` only when one was typed: none at all is a confirmation without a reply.
        body: z.preprocess((b) => b ?? {}, schemas.avisoVisualizacaoInputSchema),
        response: { 200: schemas.avisoVisualizacaoSchema, 201: schemas.avisoVisualizacaoSchema },
      },
    },
    async (req, reply) => {
      const { criada, visualizacao } = await service.confirmar(req.ctx, req.params.id, req.body);
      return reply.code(criada ? 201 : 200).send(visualizacao);
    },
  );
};
