import * as schemas from '@saude/shared/schemas/administracao_equipes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/equipes (issue 22): the municipality's teams, managers only. DELETE deactivates.
export const equipesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The units for the form's and the filter's select (a static path: matched before /:id).
  recordAction(app, 'GET', '/unidades', `${RESOURCE}:index`, { response: z.array(schemas.unidadeOpcaoSchema) }, (ctx) =>
    service.unidades(ctx),
  );
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.equipeSchema,
      params: anyIdParams,
      filters: schemas.equipeFiltersSchema,
      item: schemas.equipeListItemSchema,
      input: schemas.equipeInputSchema,
      update: schemas.equipeUpdateSchema,
    },
    service,
  );
};
