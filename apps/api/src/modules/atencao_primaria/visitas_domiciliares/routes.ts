import {
  cancelarVisitaSchema,
  familiaParaVisitaSchema,
  familiasParaVisitaFiltersSchema,
  familiaVisitaDetalheSchema,
  visitaContextoFiltersSchema,
  visitaContextoSchema,
  visitaDomiciliarFieldsSchema,
  visitaDomiciliarFiltersSchema,
  visitaDomiciliarSchema,
} from '@saude/shared/schemas/visita_domiciliar';
import {
  quemVisitarFiltersSchema,
  quemVisitarImovelSchema,
  quemVisitarSchema,
} from '@saude/shared/schemas/quem_visitar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoute, recordAction, recordModuleRoutes, showRoute, stepRoute } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as familias from './familias';
import * as quemVisitar from './quem_visitar';
import * as service from './service';

// /api/v1/atencao_primaria/visitas_domiciliares: home visits by the agents (issue 8).
export const visitasDomiciliaresRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/familias', `${RESOURCE}:index`, {
    query: familiasParaVisitaFiltersSchema,
    item: familiaParaVisitaSchema,
    run: familias.familiasParaVisita,
  });
  // Issue 44: who in the user's territory is due a visit, and why.
  listRoute(app, '/quem_visitar', `${RESOURCE}:index`, {
    query: quemVisitarFiltersSchema,
    item: quemVisitarSchema,
    run: quemVisitar.list,
  });
  // The ACE's properties due an endemic-control visit.
  listRoute(app, '/quem_visitar/imoveis', `${RESOURCE}:index`, {
    query: quemVisitarFiltersSchema,
    item: quemVisitarImovelSchema,
    run: quemVisitar.listImoveis,
  });
  showRoute(app, '/familias/:familiaId', `${RESOURCE}:show`, familiaVisitaDetalheSchema, familias.familiaParaVisita);
  const contexto = { query: visitaContextoFiltersSchema, response: visitaContextoSchema };
  recordAction(app, 'GET', '/contexto', `${RESOURCE}:show`, contexto, (ctx, _p, _b, query) =>
    familias.contexto(ctx, query),
  );
  recordModuleRoutes(
    app,
    RESOURCE,
    { record: visitaDomiciliarSchema, filters: visitaDomiciliarFiltersSchema, item: visitaDomiciliarSchema },
    { list: service.list, show: service.show },
  );

  // The body is checked field by field here; the cross-field rules of the shared schema (visitaDomiciliarIssues) run in
  // the service once the micro-area, property type and record number have their defaults from the family's home.
  // A retried save (same client id) answers the stored visit with 200.
  const create = { body: visitaDomiciliarFieldsSchema, response: visitaDomiciliarSchema, creates: 'if-new' as const };
  recordAction(app, 'POST', '/', `${RESOURCE}:create`, create, async (ctx, _p, body) => {
    const { visita, created } = await service.create(ctx, body);
    return { created, answer: visita };
  });
  stepRoute(app, RESOURCE, 'cancelar', {
    body: cancelarVisitaSchema,
    response: visitaDomiciliarSchema,
    run: service.cancelar,
  });
};
