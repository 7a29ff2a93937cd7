import {
  coberturaFiltersSchema,
  coberturaLinhaSchema,
  coberturaListaFiltersSchema,
  coberturaListaItemSchema,
  territorioMapaFiltersSchema,
  territorioMapaSchema,
} from '@saude/shared/schemas/cobertura';
import type { Permission } from '@saude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute, recordAction } from '../../../lib/routes';
import * as service from './service';

// /api/v1/atencao_primaria/cobertura (issue 44): the coverage table per team and micro-area, the list behind each of
// its numbers, its CSV, and the territory's homes on a map. One read permission for all four.
const can = `${service.RESOURCE}:index` as Permission;

export const coberturaRoutes: FastifyPluginAsyncZod = async (app) => {
  recordAction(
    app,
    'GET',
    '/',
    can,
    { query: coberturaFiltersSchema, response: z.array(coberturaLinhaSchema) },
    (ctx, _p, _b, q) => service.tabelaCobertura(ctx, q),
  );
  listRoute(app, '/lista', can, {
    query: coberturaListaFiltersSchema,
    item: coberturaListaItemSchema,
    run: service.listaCobertura,
  });
  app.get(
    '/exportacao.csv',
    { config: { access: can }, schema: { querystring: coberturaFiltersSchema, response: { 200: z.string() } } },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="cobertura.csv"')
        .send(await service.coberturaCsv(req.ctx, req.query)),
  );
  recordAction(
    app,
    'GET',
    '/territorio/mapa',
    can,
    { query: territorioMapaFiltersSchema, response: territorioMapaSchema },
    (ctx, _p, _b, q) => service.mapaTerritorio(ctx, q),
  );
};
