import * as schemas from '@saude/shared/schemas/termo_uso';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lockVersion } from '@saude/shared/schemas/comum';
import { anyIdParams, listRoute, recordAction, recordModuleRoutes } from '../../lib/routes';
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

  recordAction(app, 'GET', '/pendente', pendente, { response: schemas.termoUsoSchema }, (ctx) => service.pendente(ctx));

  // A raw route: the acceptance keeps the User-Agent, which is not in ctx.

  app.post(
    '/:id/aceite',
    { config: pendente, schema: { params: anyIdParams, response: { 200: aceiteSchema } } },
    async (req) => service.aceitar(req.ctx, req.params.id, req.headers['user-agent'] ?? null),
  );

  const publicar = {
    params: anyIdParams,
    body: z.object({ lock_version: lockVersion() }),
    response: schemas.termoUsoSchema,
  };
  recordAction(app, 'POST', '/:id/publicar', `${service.RESOURCE}:publicar`, publicar, (ctx, p, body) =>
    service.publicar(ctx, p.id, body),
  );

  // Who accepted (names, addresses, browsers): the managers of the terms only, not every reader.
  listRoute(app, '/:id/aceites', `${service.RESOURCE}:update`, {
    params: anyIdParams,
    query: schemas.termoUsoFiltersSchema,
    item: schemas.termoUsoAceiteSchema,
    run: (ctx, query, p) => service.aceites(ctx, p.id, query),
  });
};
