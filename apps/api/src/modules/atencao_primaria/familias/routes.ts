import {
  adicionarMembroSchema,
  familiaFiltersSchema,
  familiaInputSchema,
  familiaListItemSchema,
  familiaSchema,
  familiaUpdateSchema,
} from '@saude/shared/schemas/familia';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkRoutes, recordRoutes, showRoute } from '../../../lib/routes';
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
  // A citizen joins the family, or leaves it.
  linkRoutes(app, `${RESOURCE}:update`, '/:id/membros/:municipeId', {
    body: adicionarMembroSchema,
    response: familiaSchema,
    link: service.adicionarMembro,
    unlink: service.removerMembro,
  });
};

// Spec §7: GET /atencao_primaria/familias/{familiaId} (reads mudou), under /api.
export const familiaSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  showRoute(app, '/:familiaId', `${RESOURCE}:show`, familiaSchema, service.getFamilia);
};
