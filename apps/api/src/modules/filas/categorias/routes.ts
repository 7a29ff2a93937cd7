import * as schemas from '@saude/shared/schemas/categoria';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/filas/categorias: the municipality's ticket categories (issue 17).
export const categoriasRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.categoriaSchema,
      filters: schemas.categoriaFiltersSchema,
      item: schemas.categoriaListItemSchema,
      input: schemas.categoriaInputSchema,
      update: schemas.categoriaUpdateSchema,
    },
    service,
  );
};
