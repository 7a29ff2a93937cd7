import * as schemas from '@saude/shared/schemas/lembrete';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordModuleRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/lembretes (issue 21): the signed-in user's own reminders (list, create, update, delete).
export const lembretesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { config: { access: 'lembretes:index' }, schema: { response: { 200: z.array(schemas.lembreteSchema) } } },
    async (req) => service.list(req.ctx),
  );
  recordModuleRoutes(
    app,
    service.RESOURCE,
    {
      record: schemas.lembreteSchema,
      params: anyIdParams,
      input: schemas.lembreteInputSchema,
      update: schemas.lembreteUpdateSchema,
    },
    { create: service.create, update: service.update, destroy: service.destroy },
  );
};
