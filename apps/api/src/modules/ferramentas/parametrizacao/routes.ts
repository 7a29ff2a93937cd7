import { parametrizacaoSchema } from '@saude/shared';
import { tempoChamadasSchema } from '@saude/shared/schemas/fila';
import {
  parametrizacaoSistemaSchema,
  parametrizacaoSistemaUpdateSchema,
} from '@saude/shared/schemas/parametrizacao_sistema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Sso } from '../../../auth/sso';
import type { Config } from '../../../config';
import { recordAction } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// GET /api/ferramentas/parametrizacao: read by the web app at start, before sign-in (the login page shows the crest).
export const parametrizacaoRoutes =
  (config: Config, sso: Sso): FastifyPluginAsyncZod =>
  async (app) => {
    recordAction(app, 'GET', '/', 'public', { response: parametrizacaoSchema }, (ctx) =>
      service.publica(ctx, config, sso),
    );

    // GET /api/ferramentas/parametrizacao/tempo_chamadas (spec §7): the current unit's seconds between repeated calls
    // of a ticket or a patient. Any signed-in staff member reads it (the reception's call, the desk).
    recordAction(app, 'GET', '/tempo_chamadas', 'authenticated', { response: tempoChamadasSchema }, (ctx) =>
      service.tempoChamadas(ctx),
    );
  };

// GET/PUT /api/v1/ferramentas/parametrizacao (issue 21): the managers' edit of the single parameters row.
export const parametrizacaoSistemaRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = parametrizacaoSistemaSchema;
  recordAction(app, 'GET', '/', `${RESOURCE}:show`, { response }, (ctx) => service.show(ctx));
  recordAction(
    app,
    'PUT',
    '/',
    `${RESOURCE}:update`,
    { body: parametrizacaoSistemaUpdateSchema, response },
    (ctx, _p, body) => service.update(ctx, body),
  );
};
