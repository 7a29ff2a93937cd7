import * as schemas from '@saude/shared/schemas/familia';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkRoutes, recordModuleRoutes, showRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/atencao_primaria/familias: families and their members (issue 7).
export const familiasRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.familiaSchema,
      filters: schemas.familiaFiltersSchema,
      item: schemas.familiaListItemSchema,
      input: schemas.familiaInputSchema,
      update: schemas.familiaUpdateSchema,
    },
    service,
  );
  // A citizen joins the family, or leaves it.
  const membros = { body: schemas.adicionarMembroSchema, response: schemas.familiaSchema };
  linkRoutes(app, RESOURCE, '/:id/membros/:municipeId', membros, service.membroLinks);
};

// Spec §7: GET /atencao_primaria/familias/{familiaId} (reads mudou), under /api.
export const familiaSpecRoutes = showRoutes(RESOURCE, '/:familiaId', schemas.familiaSchema, service.show);
