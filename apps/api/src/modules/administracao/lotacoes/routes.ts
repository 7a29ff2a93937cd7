import * as schemas from '@saude/shared/schemas/administracao_profissionais';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../../lib/routes';
import * as service from './service';
import { RESOURCE } from './service';

// /api/v1/administracao/lotacoes (issue 22): a professional's assignments, managers only. Kept apart from the
// professional's routes because they have permissions of their own. GET ?profissional_id= lists one professional's;
// POST /{id}/encerrar ends one (the `:destroy` permission: an assignment is never deleted, the history stays).
export const lotacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  recordAction(app, 'GET', '/opcoes', `${RESOURCE}:index`, { response: schemas.lotacaoOpcoesSchema }, (ctx) =>
    service.opcoes(ctx),
  );
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.lotacaoSchema,
      params: anyIdParams,
      filters: schemas.lotacaoFiltersSchema,
      item: schemas.lotacaoSchema,
      input: schemas.lotacaoInputSchema,
      update: schemas.lotacaoUpdateSchema,
    },
    service,
  );
  recordAction(
    app,
    'POST',
    '/:id/encerrar',
    `${RESOURCE}:destroy`,
    { params: anyIdParams, response: schemas.lotacaoSchema },
    (ctx, p) => service.encerrar(ctx, p.id),
  );
};
