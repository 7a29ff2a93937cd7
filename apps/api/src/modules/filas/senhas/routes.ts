import * as schemas from '@saude/shared/schemas/senha';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { listRoute, recordAction } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/filas/senhas (issue 17): issue, list, read and move tickets of the current unit's queues. Each step is a
// POST under its own permission (spec §4: call, attend, conclude, forward, absent), answering the ticket.

export const senhasRoutes: FastifyPluginAsyncZod = async (app) => {
  // Static segments before /:id.
  recordAction(app, 'GET', '/contexto', `${RESOURCE}:index`, { response: schemas.senhaContextoSchema }, (ctx) =>
    service.contexto(ctx),
  );
  listRoute(app, '/', `${RESOURCE}:index`, {
    query: schemas.senhaFiltersSchema,
    item: schemas.senhaListItemSchema,
    run: service.list,
  });
  recordAction(
    app,
    'POST',
    '/',
    `${RESOURCE}:create`,
    { body: schemas.emitirSenhaSchema, response: schemas.senhaListItemSchema, creates: true },
    (ctx, _p, body) => service.emitir(ctx, body),
  );
  recordAction(
    app,
    'POST',
    '/chamar_proxima',
    `${RESOURCE}:chamar`,
    { body: schemas.chamarProximaSchema, response: schemas.senhaListItemSchema },
    (ctx, _p, body) => service.chamarProxima(ctx, body),
  );
  recordAction(app, 'GET', '/:id', `${RESOURCE}:show`, { response: schemas.senhaSchema }, (ctx, p) =>
    service.show(ctx, p.id),
  );
  const passo = <B extends z.ZodType>(
    action: string,
    access: 'chamar' | 'atender' | 'concluir' | 'encaminhar' | 'ausente',
    body: B,
    run: (ctx: Parameters<typeof service.show>[0], id: string, body: z.output<B>) => Promise<schemas.SenhaListItem>,
  ) =>
    recordAction(
      app,
      'POST',
      `/:id/${action}`,
      `${RESOURCE}:${access}`,
      { body, response: schemas.senhaListItemSchema },
      (ctx, p, b) => run(ctx, p.id, b),
    );
  passo('chamar', 'chamar', schemas.chamarSenhaSchema, service.chamar);
  passo('rechamar', 'chamar', schemas.passoSenhaSchema, service.rechamar);
  passo('iniciar', 'atender', schemas.passoSenhaSchema, service.iniciar);
  passo('concluir', 'concluir', schemas.passoSenhaSchema, service.concluir);
  passo('encaminhar', 'encaminhar', schemas.encaminharSenhaSchema, service.encaminhar);
  passo('ausente', 'ausente', schemas.passoSenhaSchema, service.ausente);
};
