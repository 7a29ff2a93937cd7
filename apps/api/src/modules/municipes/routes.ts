import { msg } from '@saude/shared';
import {
  condicaoSaudeInputSchema,
  condicaoSaudeSchema,
  municipeBuscaAvancadaBaseSchema,
  municipeCreateSchema,
  municipeFiltersSchema,
  municipeListItemSchema,
  municipeSchema,
  municipeUpdateSchema,
  permissaoCadastroSchema,
  sociodemograficaInputSchema,
  sociodemograficaSchema,
} from '@saude/shared/schemas/municipe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: msg.naoEValido }) });

// /api/v1/municipes: the citizen registry (issue 5).
export const municipesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'municipes:index' },
      schema: { querystring: municipeFiltersSchema, response: { 200: z.array(municipeListItemSchema) } },
    },
    async (req, reply) => {
      const { rows, total } = await service.listMunicipes(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.get(
    '/busca_avancada',
    {
      config: { access: 'municipes:index' },
      schema: { querystring: municipeBuscaAvancadaBaseSchema, response: { 200: z.array(municipeListItemSchema) } },
    },
    async (req, reply) => {
      const { rows, total } = await service.buscaAvancada(req.ctx, req.query);
      return reply.header('X-Total-Count', total).send(rows);
    },
  );

  app.post(
    '/',
    {
      config: { access: 'municipes:create' },
      schema: { body: municipeCreateSchema, response: { 201: municipeSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createMunicipe(req.ctx, req.body)),
  );

  app.get(
    '/:id',
    {
      config: { access: 'municipes:show' },
      schema: { params: idParams, response: { 200: municipeSchema } },
    },
    async (req) => service.getMunicipe(req.ctx, req.params.id),
  );

  app.put(
    '/:id',
    {
      config: { access: 'municipes:update' },
      schema: { params: idParams, body: municipeUpdateSchema, response: { 200: municipeSchema } },
    },
    async (req) => service.updateMunicipe(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'municipes:destroy' },
      schema: { params: idParams },
    },
    async (req, reply) => {
      await service.deleteMunicipe(req.ctx, req.params.id);
      return reply.code(204).send();
    },
  );

  // The two blocks with their own permissions (spec §6). GET audits the reading; PUT updates, or creates when the
  // block does not exist yet (lock_version null, create permission needed); POST only creates.
  app.get(
    '/:id/sociodemografica',
    {
      config: { access: 'municipes/sociodemograficas:show' },
      schema: { params: idParams, response: { 200: sociodemograficaSchema } },
    },
    async (req) => service.getBloco(req.ctx, 'sociodemograficas', req.params.id),
  );

  app.post(
    '/:id/sociodemografica',
    {
      config: { access: 'municipes/sociodemograficas:create' },
      schema: { params: idParams, body: sociodemograficaInputSchema, response: { 201: sociodemograficaSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await service.saveBloco(req.ctx, 'sociodemograficas', req.params.id, req.body, 'create')),
  );

  app.put(
    '/:id/sociodemografica',
    {
      config: { access: 'municipes/sociodemograficas:update' },
      schema: { params: idParams, body: sociodemograficaInputSchema, response: { 200: sociodemograficaSchema } },
    },
    async (req) => service.saveBloco(req.ctx, 'sociodemograficas', req.params.id, req.body, 'upsert'),
  );

  app.get(
    '/:id/condicao_saude',
    {
      config: { access: 'municipes/condicoes_saude:show' },
      schema: { params: idParams, response: { 200: condicaoSaudeSchema } },
    },
    async (req) => service.getBloco(req.ctx, 'condicoes_saude', req.params.id),
  );

  app.post(
    '/:id/condicao_saude',
    {
      config: { access: 'municipes/condicoes_saude:create' },
      schema: { params: idParams, body: condicaoSaudeInputSchema, response: { 201: condicaoSaudeSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await service.saveBloco(req.ctx, 'condicoes_saude', req.params.id, req.body, 'create')),
  );

  app.put(
    '/:id/condicao_saude',
    {
      config: { access: 'municipes/condicoes_saude:update' },
      schema: { params: idParams, body: condicaoSaudeInputSchema, response: { 200: condicaoSaudeSchema } },
    },
    async (req) => service.saveBloco(req.ctx, 'condicoes_saude', req.params.id, req.body, 'upsert'),
  );
};

// /api/municipes/{id}/permissao_cadastro (spec §7, outside /v1): what this user may do with the citizen's two blocks.
export const municipesPermissaoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/permissao_cadastro',
    {
      config: { access: 'municipes:show' },
      schema: { params: idParams, response: { 200: permissaoCadastroSchema } },
    },
    async (req) => service.permissaoCadastro(req.ctx, req.params.id),
  );
};
