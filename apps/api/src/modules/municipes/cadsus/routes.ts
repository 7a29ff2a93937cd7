import { cadsusConsultaSchema, cadsusEstadoSchema, cadsusMunicipeSchema } from '@saude/shared/schemas/municipe_cadsus';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { recordAction } from '../../../lib/routes';
import * as service from './service';

// Issue 24. Both routes need municipes:cadsus: whoever may register or correct a citizen (docs/decisions.md "CADSUS").

/** GET /api/v1/municipes/cadsus?cpf=|cns=: the registry's data as the citizen form's fields. */
export const municipesCadsusRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const s = { query: cadsusConsultaSchema, response: cadsusMunicipeSchema };
    recordAction(app, 'GET', '/', 'municipes:cadsus', s, (ctx, _p, _b, { cpf, cns }) =>
      service.consultar(ctx, config, cpf ? { cpf } : { cns: cns! }),
    );
  };

/** GET /api/v1/ferramentas/parametrizacao/cadsus (spec §7): whether the lookup is configured and its credentials work. */
export const parametrizacaoCadsusRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    recordAction(app, 'GET', '/', 'municipes:cadsus', { response: cadsusEstadoSchema }, async () =>
      service.estado(config),
    );
  };
