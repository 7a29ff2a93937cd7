import { msg } from '@saude/shared';
import {
  cadastroDomiciliarFiltersSchema,
  cadastroDomiciliarInputSchema,
  cadastroDomiciliarListItemSchema,
  cadastroDomiciliarSchema,
  cadastroDomiciliarUpdateSchema,
  vincularFamiliaSchema,
} from '@saude/shared/schemas/cadastro_domiciliar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: msg.naoEValido }) });
const familiaParams = idParams.extend({ familiaId: z.uuid({ error: msg.naoEValido }) });

// /api/v1/atencao_primaria/cadastros_domiciliares: household registrations and their families (issue 7).
export const cadastrosDomiciliaresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:index' },
      schema: {
        querystring: cadastroDomiciliarFiltersSchema,
        response: { 200: z.array(cadastroDomiciliarListItemSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await service.listDomicilios(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.post(
    '/',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:create' },
      schema: { body: cadastroDomiciliarInputSchema, response: { 201: cadastroDomiciliarSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createDomicilio(req.ctx, req.body)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:show' },
      schema: { params: idParams, response: { 200: cadastroDomiciliarSchema } },
    },
    async (req) => service.getDomicilio(req.ctx, req.params.id),
  );

  app.put(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:update' },
      schema: { params: idParams, body: cadastroDomiciliarUpdateSchema, response: { 200: cadastroDomiciliarSchema } },
    },
    async (req) => service.updateDomicilio(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:destroy' },
      schema: { params: idParams },
    },
    async (req, reply) => {
      await service.deleteDomicilio(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/familias',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:update' },
      schema: { params: idParams, body: vincularFamiliaSchema, response: { 200: cadastroDomiciliarSchema } },
    },
    async (req) => service.vincularFamilia(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id/familias/:familiaId',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:update' },
      schema: { params: familiaParams, response: { 200: cadastroDomiciliarSchema } },
    },
    async (req) => service.desvincularFamilia(req.ctx, req.params.id, req.params.familiaId),
  );
};

// Spec §7: GET /atencao_primaria/cadastros_domiciliares/{id} (the household kept for the form), under /api.
export const cadastroDomiciliarSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_domiciliares:show' },
      schema: { params: idParams, response: { 200: cadastroDomiciliarSchema } },
    },
    async (req) => service.getDomicilio(req.ctx, req.params.id),
  );
};
