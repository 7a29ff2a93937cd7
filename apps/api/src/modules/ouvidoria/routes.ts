import * as schemas from '@saude/shared/schemas/ouvidoria';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/ouvidoria (issue 20, spec §2): the requests and the form's options. Ids in the path are checked by the
// service: a malformed one answers 404 like an unknown one.

export const ouvidoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (sub) => {
      recordModuleRoutes(
        sub,
        service.RESOURCE,
        {
          record: schemas.solicitacaoSchema,
          params: anyIdParams,
          filters: schemas.solicitacaoFiltersSchema,
          item: schemas.solicitacaoListItemSchema,
          input: schemas.solicitacaoInputSchema,
          update: schemas.solicitacaoUpdateSchema,
        },
        service,
      );
    },
    { prefix: '/solicitacoes' },
  );

  recordAction(app, 'GET', '/opcoes', 'ouvidoria:index', { response: schemas.ouvidoriaOpcoesSchema }, (ctx) =>
    service.opcoes(ctx),
  );
};
