import * as schemas from '@saude/shared/schemas/administracao_equipes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/equipes (issue 22): the municipality's teams, managers only. DELETE deactivates.
export const equipesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The units for the form's and the filter's select (a static path: matched before /:id).
  app.get(
    '/unidades',
    {
      config: { access: `${RESOURCE}:index` },
      schema: { response: { 200: z.array(schemas.unidadeOpcaoSchema) } },
    },
    async (req) => service.unidades(req.ctx),
  );
  recordRoutes(app, RESOURCE, {
    record: schemas.equipeSchema,
    params: anyIdParams,
    list: { query: schemas.equipeFiltersSchema, item: schemas.equipeListItemSchema, run: service.list },
    create: { body: schemas.equipeInputSchema, run: service.create },
    show: service.show,
    update: { body: schemas.equipeUpdateSchema, run: service.update },
    destroy: service.destroy,
  });
};
