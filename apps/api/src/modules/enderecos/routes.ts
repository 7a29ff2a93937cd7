import { msg } from '@saude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enderecoCepSchema } from '@saude/shared/schemas/endereco_cep';
import { z } from 'zod';
import type { Config } from '../../config';
import * as service from './service';

// /api/v1/enderecos: the address block of every form (issue 4).
export const enderecosRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cep/:cep',
      {
        config: { access: 'enderecos:show' },
        schema: {
          params: z.object({
            cep: z
              .string()
              .transform((v) => v.replace(/\D/g, ''))
              .pipe(z.string().length(8, { error: msg.naoEValido })),
          }),
          response: { 200: enderecoCepSchema },
        },
      },
      async (req) => service.findCep(req.ctx, req.params.cep, config.CEP_SERVICE_URL),
    );

    app.get(
      '/ufs',
      {
        config: { access: 'enderecos:show' },
        schema: { response: { 200: z.array(z.object({ sigla: z.string(), nome: z.string() })) } },
      },
      async (req) => service.listUfs(req.ctx),
    );

    app.get(
      '/municipios',
      {
        config: { access: 'enderecos:show' },
        schema: {
          querystring: z.object({
            uf: z.string().length(2).toUpperCase().optional(),
            q: z.string().trim().max(60).optional(),
            limit: z.coerce.number().int().min(1).max(1000).default(30),
          }),
          response: { 200: z.array(z.object({ codigo_ibge: z.string(), nome: z.string(), uf: z.string() })) },
        },
      },
      async (req) => service.listMunicipios(req.ctx, req.query),
    );
  };
