import { msg } from '@saude/shared';
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
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: msg.naoEValido }) });
const membroParams = idParams.extend({ municipeId: z.uuid({ error: msg.naoEValido }) });

// /api/v1/atencao_primaria/familias: families and their members (issue 7).
export const familiasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'atencao_primaria/familias:index' },
      schema: { querystring: familiaFiltersSchema, response: { 200: z.array(familiaListItemSchema) } },
    },
    async (req, reply) => {
      const { rows, total } = await service.listFamilias(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.post(
    '/',
    {
      config: { access: 'atencao_primaria/familias:create' },
      schema: { body: familiaInputSchema, response: { 201: familiaSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createFamilia(req.ctx, req.body)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'atencao_primaria/familias:show' },
      schema: { params: idParams, response: { 200: familiaSchema } },
    },
    async (req) => service.getFamilia(req.ctx, req.params.id),
  );

  app.put(
    '/:id',
    {
      config: { access: 'atencao_primaria/familias:update' },
      schema: { params: idParams, body: familiaUpdateSchema, response: { 200: familiaSchema } },
    },
    async (req) => service.updateFamilia(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'atencao_primaria/familias:destroy' },
      schema: { params: idParams },
    },
    async (req, reply) => {
      await service.deleteFamilia(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/membros',
    {
      config: { access: 'atencao_primaria/familias:update' },
      schema: { params: idParams, body: adicionarMembroSchema, response: { 200: familiaSchema } },
    },
    async (req) => service.adicionarMembro(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id/membros/:municipeId',
    {
      config: { access: 'atencao_primaria/familias:update' },
      schema: { params: membroParams, response: { 200: familiaSchema } },
    },
    async (req) => service.removerMembro(req.ctx, req.params.id, req.params.municipeId),
  );
};

// Spec §7: GET /atencao_primaria/familias/{familiaId} (reads mudou), under /api.
export const familiaSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:familiaId',
    {
      config: { access: 'atencao_primaria/familias:show' },
      schema: { params: z.object({ familiaId: z.uuid({ error: msg.naoEValido }) }), response: { 200: familiaSchema } },
    },
    async (req) => service.getFamilia(req.ctx, req.params.familiaId),
  );
};
