import { msg } from '@saude/shared';
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as familias from './familias';
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: msg.naoEValido }) });
const familiaParams = z.object({ familiaId: z.uuid({ error: msg.naoEValido }) });

// /api/v1/atencao_primaria/visitas_domiciliares: home visits by the agents (issue 8).
export const visitasDomiciliaresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/familias',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:index' },
      schema: { querystring: familiasParaVisitaFiltersSchema, response: { 200: z.array(familiaParaVisitaSchema) } },
    },
    async (req, reply) => {
      const { rows, total } = await familias.listFamilias(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.get(
    '/familias/:familiaId',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:show' },
      schema: { params: familiaParams, response: { 200: familiaVisitaDetalheSchema } },
    },
    async (req) => familias.getFamilia(req.ctx, req.params.familiaId),
  );

  app.get(
    '/contexto',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:show' },
      schema: { querystring: visitaContextoFiltersSchema, response: { 200: visitaContextoSchema } },
    },
    async (req) => familias.getContexto(req.ctx, req.query),
  );

  app.get(
    '/',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:index' },
      schema: { querystring: visitaDomiciliarFiltersSchema, response: { 200: z.array(visitaDomiciliarSchema) } },
    },
    async (req, reply) => {
      const { rows, total } = await service.listVisitas(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  // The body is checked field by field here; the cross-field rules of the shared schema (visitaDomiciliarIssues) run in
  // the service once the micro-area, property type and record number have their defaults from the family's home.
  app.post(
    '/',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:create' },
      schema: {
        body: visitaDomiciliarFieldsSchema,
        response: { 200: visitaDomiciliarSchema, 201: visitaDomiciliarSchema },
      },
    },
    async (req, reply) => {
      const { visita, created } = await service.createVisita(req.ctx, req.body);
      // A retried save (same client id) answers the stored visit with 200.
      return reply.code(created ? 201 : 200).send(visita);
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:show' },
      schema: { params: idParams, response: { 200: visitaDomiciliarSchema } },
    },
    async (req) => service.getVisita(req.ctx, req.params.id),
  );

  app.post(
    '/:id/cancelar',
    {
      config: { access: 'atencao_primaria/visitas_domiciliares:cancelar' },
      schema: { params: idParams, body: cancelarVisitaSchema, response: { 200: visitaDomiciliarSchema } },
    },
    async (req) => service.cancelarVisita(req.ctx, req.params.id, req.body),
  );
};
