import * as schemas from '@saude/shared/schemas/administracao_unidades_saude';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/unidades_saude (issue 22): the municipality's health units, managers only. DELETE deactivates.
export const unidadesSaudeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The unit types for the form's select (a static path: matched before /:id).
  recordAction(app, 'GET', '/tipos', `${RESOURCE}:index`, { response: z.array(schemas.tipoUnidadeSchema) }, (ctx) =>
    service.tipos(ctx),
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
