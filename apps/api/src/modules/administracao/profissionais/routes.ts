import * as schemas from '@saude/shared/schemas/administracao_profissionais';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/profissionais (issue 22): the professionals, managers only. DELETE deactivates; POST answers
// the one-time password once, and so does POST /{id}/redefinir_senha. Ids in the path are checked by the service: a
// malformed one answers 404 like an unknown one.
export const profissionaisRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.profissionalSchema,
      params: anyIdParams,
      filters: schemas.profissionalFiltersSchema,
      item: schemas.profissionalListItemSchema,
      update: schemas.profissionalUpdateSchema,
    },
    { list: service.list, show: service.show, update: service.update, destroy: service.destroy },
  );
  recordAction(
    app,
    'POST',
    '/',
    `${RESOURCE}:create`,
    {
      params: z.object({}),
      body: schemas.profissionalInputSchema,
      response: schemas.profissionalCriadoSchema,
      creates: true,
    },
    (ctx, _p, body) => service.create(ctx, body),
  );
  recordAction(
    app,
    'POST',
    '/:id/redefinir_senha',
    `${RESOURCE}:redefinir_senha`,
    { params: anyIdParams, response: schemas.senhaRedefinidaSchema },
    (ctx, p) => service.redefinirSenha(ctx, p.id),
  );
};
