import * as schemas from '@saude/shared/schemas/administracao_unidades_saude';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/unidades_saude (issue 22): the municipality's health units, managers only. DELETE deactivates.
export const unidadesSaudeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The unit types for the form's select (a static path: matched before /:id).
  app.get(
    '/tipos',
    {
      config: { access: `${RESOURCE}:index` },
      schema: { response: { 200: z.array(schemas.tipoUnidadeSchema) } },
    },
    async (req) => service.tipos(req.ctx),
  );
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.unidadeSaudeSchema,
      params: anyIdParams,
      filters: schemas.unidadeSaudeFiltersSchema,
      item: schemas.unidadeSaudeListItemSchema,
      input: schemas.unidadeSaudeInputSchema,
      update: schemas.unidadeSaudeUpdateSchema,
    },
    service,
  );
};
