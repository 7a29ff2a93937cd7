import * as schemas from '@saude/shared/schemas/cadastro_domiciliar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkRoutes, recordModuleRoutes, showRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/atencao_primaria/cadastros_domiciliares: household registrations and their families (issue 7).
export const cadastrosDomiciliaresRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.cadastroDomiciliarSchema,
      filters: schemas.cadastroDomiciliarFiltersSchema,
      item: schemas.cadastroDomiciliarListItemSchema,
      input: schemas.cadastroDomiciliarInputSchema,
      update: schemas.cadastroDomiciliarUpdateSchema,
    },
    service,
  );
  // A family moves into the home, or out of it.
  const familias = { body: schemas.vincularFamiliaSchema, response: schemas.cadastroDomiciliarSchema };
  linkRoutes(app, RESOURCE, '/:id/familias/:familiaId', familias, service.familiaLinks);
};

// Spec §7: GET /atencao_primaria/cadastros_domiciliares/{id} (the household kept for the form), under /api.
export const cadastroDomiciliarSpecRoutes = showRoutes(
  RESOURCE,
  '/:id',
  schemas.cadastroDomiciliarSchema,
  service.show,
);
