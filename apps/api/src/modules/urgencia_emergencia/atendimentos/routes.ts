import * as schemas from '@saude/shared/schemas/atendimento';
import type { Permission } from '@saude/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAction, recordModuleRoutes, stepRoute } from '../../../lib/routes';
import { TIPOS, type Tipo } from './queries';
import * as service from './service';

// /api/v1/urgencia_emergencia/atendimentos and /atendimentos_retroativos (issue 16): the same record and service,
// each kind under its own resource (permission), list and audit trail. No DELETE: a visit is cancelled, never removed.

function rotas(
  app: FastifyInstance,
  tipo: Tipo,
  input: typeof schemas.atendimentoInputSchema,
  update: typeof schemas.atendimentoUpdateSchema,
) {
  const { resource } = tipo;
  // Before /:id: a static segment wins over the parameter in Fastify's router.
  recordAction(
    app,
    'GET',
    '/contexto',
    `${resource}:index` as Permission,
    { query: schemas.atendimentoContextoFiltersSchema, response: schemas.atendimentoContextoSchema },
    (ctx, _p, _b, query) => service.contexto(ctx, tipo, query),
  );
  recordModuleRoutes(
    app,
    resource,
    {
      record: schemas.atendimentoSchema,
      filters: schemas.atendimentoFiltersSchema,
      item: schemas.atendimentoListItemSchema,
      input,
      update,
    },
    {
      list: (ctx, q) => service.list(ctx, tipo, q),
      create: (ctx, body) => service.create(ctx, tipo, body),
      show: (ctx, id) => service.show(ctx, tipo, id),
      update: (ctx, id, body) => service.update(ctx, tipo, id, body),
    },
  );
  recordAction(
    app,
    'POST',
    '/:id/chamar',
    `${resource}:chamar` as Permission,
    { response: schemas.atendimentoSchema },
    (ctx, p) => service.chamar(ctx, tipo, p.id),
  );
  // Starting and ending the care change the visit: the edit permission (issue 39).
  for (const passo of ['iniciar', 'concluir'] as const)
    recordAction(
      app,
      'POST',
      `/:id/${passo}`,
      `${resource}:update` as Permission,
      { response: schemas.atendimentoSchema },
      (ctx, p) => service[passo](ctx, tipo, p.id),
    );
  stepRoute(app, resource, 'cancelar', {
    body: schemas.cancelarAtendimentoSchema,
    response: schemas.atendimentoSchema,
    run: (ctx, id, body) => service.cancelar(ctx, tipo, id, body),
  });
}

export const atendimentosRoutes: FastifyPluginAsyncZod = async (app) =>
  rotas(app, TIPOS.atendimento, schemas.atendimentoInputSchema, schemas.atendimentoUpdateSchema);

export const atendimentosRetroativosRoutes: FastifyPluginAsyncZod = async (app) =>
  rotas(app, TIPOS.retroativo, schemas.atendimentoRetroativoInputSchema, schemas.atendimentoRetroativoUpdateSchema);
