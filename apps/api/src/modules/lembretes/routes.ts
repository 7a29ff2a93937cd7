import * as schemas from '@saude/shared/schemas/lembrete';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, recordAction, recordModuleRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/lembretes (issue 21): the signed-in user's own reminders (list, create, update, delete).
export const lembretesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The user's own few reminders, unpaged: a plain list, not the record's paged one.
  recordAction(app, 'GET', '/', 'lembretes:index', { response: z.array(schemas.lembreteSchema) }, (ctx) =>
    service.list(ctx),
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
