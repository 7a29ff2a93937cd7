import * as schemas from '@saude/shared/schemas/administracao_perfil';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyIdParams, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/perfis (issue 22): profiles and their permissions, managers only.
export const perfisRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.perfilSchema,
      params: anyIdParams,
      filters: schemas.perfilFiltersSchema,
      item: schemas.perfilListItemSchema,
      input: schemas.perfilInputSchema,
      update: schemas.perfilUpdateSchema,
    },
    service,
  );
};
