import {
  cadsusBuscaNomeSchema,
  cadsusCandidatosSchema,
  cadsusConsultaSchema,
  cadsusEstadoSchema,
  cadsusMunicipeSchema,
} from '@saude/shared/schemas/municipe_cadsus';
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
    recordAction(app, 'GET', '/', 'municipes:cadsus', s, (ctx, _p, _b, { cpf, cns, candidato }) =>
      service.consultar(ctx, config, cpf ? { cpf } : cns ? { cns } : { candidato: candidato! }),
    );
    // Issue 43: by name, birth date and mother, for who does not know their CPF or CNS. The query string never reaches
    // a log (logging.ts keeps the path only).
    const b = { query: cadsusBuscaNomeSchema, response: cadsusCandidatosSchema };
    recordAction(app, 'GET', '/candidatos', 'municipes:cadsus', b, (ctx, _p, _b, q) =>
      service.buscarCandidatos(ctx, config, q),
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
