import { msg } from '@saude/shared';
import {
  cadastroIndividualFiltersSchema,
  cadastroIndividualInputSchema,
  cadastroIndividualListItemSchema,
  cadastroIndividualSchema,
  cadastroIndividualUpdateSchema,
  saidaCadastroSchema,
} from '@saude/shared/schemas/cadastro_individual';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: msg.naoEValido }) });

// /api/v1/atencao_primaria/cadastros_individuais: individual registrations with exit from the register (issue 6).
export const cadastrosIndividuaisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'atencao_primaria/cadastros_individuais:index' },
      schema: {
        querystring: cadastroIndividualFiltersSchema,
        response: { 200: z.array(cadastroIndividualListItemSchema) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await service.listCadastros(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.post(
    '/',
    {
      config: { access: 'atencao_primaria/cadastros_individuais:create' },
      schema: { body: cadastroIndividualInputSchema, response: { 201: cadastroIndividualSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createCadastro(req.ctx, req.body)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_individuais:show' },
      schema: { params: idParams, response: { 200: cadastroIndividualSchema } },
    },
    async (req) => service.getCadastro(req.ctx, req.params.id),
  );

  app.put(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_individuais:update' },
      schema: { params: idParams, body: cadastroIndividualUpdateSchema, response: { 200: cadastroIndividualSchema } },
    },
    async (req) => service.updateCadastro(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'atencao_primaria/cadastros_individuais:destroy' },
      schema: { params: idParams },
    },
    async (req, reply) => {
      await service.deleteCadastro(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/:id/saida_cadastro',
    {
      config: { access: 'atencao_primaria/cadastros_individuais:saida_cadastro' },
      schema: { params: idParams, body: saidaCadastroSchema, response: { 200: cadastroIndividualSchema } },
    },
    async (req) => service.saidaCadastro(req.ctx, req.params.id, req.body),
  );
};
