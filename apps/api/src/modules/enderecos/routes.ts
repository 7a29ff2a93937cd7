import { msg } from '@saude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enderecoCepSchema } from '@saude/shared/schemas/endereco_cep';
import { z } from 'zod';
import type { Config } from '../../config';
import { recordAction } from '../../lib/routes';
import * as service from './service';

// /api/v1/enderecos: the address block of every form (issue 4).
export const enderecosRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const cepParams = z.object({
      cep: z
        .string()
        .transform((v) => v.replace(/\D/g, ''))
        .pipe(z.string().length(8, { error: msg.naoEValido })),
    });
    recordAction(
      app,
      'GET',
      '/cep/:cep',
      'enderecos:show',
      { params: cepParams, response: enderecoCepSchema },
      (ctx, p) => service.buscarCep(ctx, p.cep, config.CEP_SERVICE_URL),
    );

    const ufs = { response: z.array(z.object({ sigla: z.string(), nome: z.string() })) };
    recordAction(app, 'GET', '/ufs', 'enderecos:show', ufs, (ctx) => service.listarUfs(ctx));

    const municipios = {
      query: z.object({
        uf: z.string().length(2).toUpperCase().optional(),
        q: z.string().trim().max(60).optional(),
        limit: z.coerce.number().int().min(1).max(1000).default(30),
      }),
      response: z.array(z.object({ codigo_ibge: z.string(), nome: z.string(), uf: z.string() })),
    };
    recordAction(app, 'GET', '/municipios', 'enderecos:show', municipios, (ctx, _p, _b, query) =>
      service.listarMunicipios(ctx, query),
    );
  };
