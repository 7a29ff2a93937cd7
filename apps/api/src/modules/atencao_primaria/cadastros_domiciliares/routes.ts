import {
  cadastroDomiciliarFiltersSchema,
  cadastroDomiciliarInputSchema,
  cadastroDomiciliarListItemSchema,
  cadastroDomiciliarSchema,
  cadastroDomiciliarUpdateSchema,
  vincularFamiliaSchema,
} from '@saude/shared/schemas/cadastro_domiciliar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, recordAction, recordRoutes, uuidParam } from '../../../lib/routes';
import * as service from './service';

const RESOURCE = 'atencao_primaria/cadastros_domiciliares';

// /api/v1/atencao_primaria/cadastros_domiciliares: household registrations and their families (issue 7).
export const cadastrosDomiciliaresRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, RESOURCE, {
    record: cadastroDomiciliarSchema,
    list: {
      query: cadastroDomiciliarFiltersSchema,
      item: cadastroDomiciliarListItemSchema,
      run: service.listDomicilios,
    },
    create: { body: cadastroDomiciliarInputSchema, run: service.createDomicilio },
    show: service.getDomicilio,
    update: { body: cadastroDomiciliarUpdateSchema, run: service.updateDomicilio },
    destroy: service.deleteDomicilio,
  });
  const update = `${RESOURCE}:update` as const;
  recordAction(
    app,
    'POST',
    '/:id/familias',
    update,
    { body: vincularFamiliaSchema, response: cadastroDomiciliarSchema },
    (ctx, p, body) => service.vincularFamilia(ctx, p.id, body),
  );
  recordAction(
    app,
    'DELETE',
    '/:id/familias/:familiaId',
    update,
    { params: idParams.extend({ familiaId: uuidParam() }), response: cadastroDomiciliarSchema },
    (ctx, p) => service.desvincularFamilia(ctx, p.id, p.familiaId),
  );
};

// Spec §7: GET /atencao_primaria/cadastros_domiciliares/{id} (the household kept for the form), under /api.
export const cadastroDomiciliarSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, RESOURCE, { record: cadastroDomiciliarSchema, show: service.getDomicilio });
};
