import {
  cadastroDomiciliarFiltersSchema,
  cadastroDomiciliarInputSchema,
  cadastroDomiciliarListItemSchema,
  cadastroDomiciliarSchema,
  cadastroDomiciliarUpdateSchema,
  vincularFamiliaSchema,
} from '@saude/shared/schemas/cadastro_domiciliar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkRoutes, recordRoutes } from '../../../lib/routes';
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
  // A family moves into the home, or out of it.
  linkRoutes(app, `${RESOURCE}:update`, '/:id/familias/:familiaId', {
    body: vincularFamiliaSchema,
    response: cadastroDomiciliarSchema,
    link: service.vincularFamilia,
    unlink: service.desvincularFamilia,
  });
};

// Spec §7: GET /atencao_primaria/cadastros_domiciliares/{id} (the household kept for the form), under /api.
export const cadastroDomiciliarSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, RESOURCE, { record: cadastroDomiciliarSchema, show: service.getDomicilio });
};
