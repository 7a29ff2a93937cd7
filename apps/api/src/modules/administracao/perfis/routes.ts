import * as schemas from '@saude/shared/schemas/administracao_perfil';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyIdParams, recordRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/administracao/perfis (issue 22): profiles and their permissions, managers only.
export const perfisRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, RESOURCE, {
    record: schemas.perfilSchema,
    params: anyIdParams,
    list: { query: schemas.perfilFiltersSchema, item: schemas.perfilListItemSchema, run: service.list },
    create: { body: schemas.perfilInputSchema, run: service.create },
    show: service.show,
    update: { body: schemas.perfilUpdateSchema, run: service.update },
    destroy: service.destroy,
  });
};
