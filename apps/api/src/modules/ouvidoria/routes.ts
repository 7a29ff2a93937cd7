import * as schemas from '@saude/shared/schemas/ouvidoria';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyIdParams, recordRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/ouvidoria (issue 20, spec §2): the requests and the form's options. Ids in the path are checked by the
// service: a malformed one answers 404 like an unknown one.

export const ouvidoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    async (sub) => {
      recordRoutes(sub, service.RESOURCE, {
        record: schemas.solicitacaoSchema,
        params: anyIdParams,
        list: { query: schemas.solicitacaoFiltersSchema, item: schemas.solicitacaoListItemSchema, run: service.list },
        create: { body: schemas.solicitacaoInputSchema, run: service.create },
        show: service.show,
        update: { body: schemas.solicitacaoUpdateSchema, run: service.update },
      });
    },
    { prefix: '/solicitacoes' },
  );

  app.get(
    '/opcoes',
    { config: { access: 'ouvidoria:index' }, schema: { response: { 200: schemas.ouvidoriaOpcoesSchema } } },
    async (req) => service.opcoes(req.ctx),
  );
};
