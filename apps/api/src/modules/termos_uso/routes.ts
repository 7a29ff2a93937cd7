import * as schemas from '@saude/shared/schemas/termo_uso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lockVersion } from '@saude/shared/schemas/comum';
import { anyIdParams, recordModuleRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/termos_uso (issue 21, spec §2): the versions (everyone reads, managers write and publish), who accepted
// each, and the signed-in user's pending version and its acceptance — the two the sign-in gate lets through.
// Ids in the path are checked by the service: a malformed one answers 404 like an unknown one.

const aceiteSchema = z.object({ termo_uso_id: z.uuid(), versao: z.int(), aceito_em: z.string() });

export const termosUsoRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    service.RESOURCE,
    {
      record: schemas.termoUsoSchema,
      params: anyIdParams,
      filters: schemas.termoUsoFiltersSchema,
      item: schemas.termoUsoListItemSchema,
      input: schemas.termoUsoInputSchema,
      update: schemas.termoUsoUpdateSchema,
    },
    service,
  );

  // Any signed-in user, with or without a current unit (the acceptance screen comes before choosing one).
  const pendente = { access: 'authenticated', allowsPendingTerms: true } as const;

  app.get('/pendente', { config: pendente, schema: { response: { 200: schemas.termoUsoSchema } } }, async (req) =>
    service.pendente(req.ctx),
  );

  app.post(
    '/:id/aceite',
    { config: pendente, schema: { params: anyIdParams, response: { 200: aceiteSchema } } },
    async (req) => service.aceitar(req.ctx, req.params.id, req.headers['user-agent'] ?? null),
  );

  app.post(
    '/:id/publicar',
    {
      config: { access: `${service.RESOURCE}:publicar` },
      schema: {
        params: anyIdParams,
        body: z.object({ lock_version: lockVersion() }),
        response: { 200: schemas.termoUsoSchema },
      },
    },
    async (req) => service.publicar(req.ctx, req.params.id, req.body),
  );

  // Who accepted (names, addresses, browsers): the managers of the terms only, not every reader.
  app.get(
    '/:id/aceites',
    {
      config: { access: `${service.RESOURCE}:update` },
      schema: {
        params: anyIdParams,
        querystring: schemas.termoUsoFiltersSchema,
        response: { 200: z.array(schemas.termoUsoAceiteSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await service.aceites(req.ctx, req.params.id, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );
};
