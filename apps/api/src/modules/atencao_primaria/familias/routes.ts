import {
  adicionarMembroSchema,
  familiaFiltersSchema,
  familiaInputSchema,
  familiaListItemSchema,
  familiaSchema,
  familiaUpdateSchema,
} from '@saude/shared/schemas/familia';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, recordAction, recordRoutes, uuidParam } from '../../../lib/routes';
import * as service from './service';

const RESOURCE = 'atencao_primaria/familias';

// /api/v1/atencao_primaria/familias: families and their members (issue 7).
export const familiasRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, RESOURCE, {
    record: familiaSchema,
    list: { query: familiaFiltersSchema, item: familiaListItemSchema, run: service.listFamilias },
    create: { body: familiaInputSchema, run: service.createFamilia },
    show: service.getFamilia,
    update: { body: familiaUpdateSchema, run: service.updateFamilia },
    destroy: service.deleteFamilia,
  });
  const update = `${RESOURCE}:update` as const;
  recordAction(
    app,
    'POST',
    '/:id/membros',
    update,
    { body: adicionarMembroSchema, response: familiaSchema },
    (ctx, p, body) => service.adicionarMembro(ctx, p.id, body),
  );
  recordAction(
    app,
    'DELETE',
    '/:id/membros/:municipeId',
    update,
    { params: idParams.extend({ municipeId: uuidParam() }), response: familiaSchema },
    (ctx, p) => service.removerMembro(ctx, p.id, p.municipeId),
  );
};

// Spec §7: GET /atencao_primaria/familias/{familiaId} (reads mudou), under /api.
export const familiaSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  recordAction(
    app,
    'GET',
    '/:familiaId',
    `${RESOURCE}:show`,
    { params: z.object({ familiaId: uuidParam() }), response: familiaSchema },
    (ctx, p) => service.getFamilia(ctx, p.familiaId),
  );
};
