import {
  exportacaoEsusInputSchema,
  exportacaoEsusSchema,
  unidadeExportavelSchema,
} from '@saude/shared/schemas/exportacao_esus';
import { todayIso } from '@saude/shared/validation/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config';
import * as service from './service';

// /api/v1/atencao_primaria/exportacao_esus (issue 26): the history and a new export (a .zip of .esus.xml files).
export const exportacaoEsusRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: `${service.RESOURCE}:index` },
        schema: { response: { 200: z.array(exportacaoEsusSchema) } },
      },
      async (req) => service.listar(req.ctx),
    );
    app.get(
      '/unidades',
      {
        config: { access: `${service.RESOURCE}:index` },
        schema: { response: { 200: z.array(unidadeExportavelSchema) } },
      },
      async (req) => service.unidadesDaExportacao(req.ctx),
    );
    app.post(
      '/',
      { config: { access: `${service.RESOURCE}:create` }, schema: { body: exportacaoEsusInputSchema } },
      async (req, reply) => {
        const { id, zip } = await service.exportar(req.ctx, config, req.body);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="esus-aps-${todayIso()}.zip"`)
          .header('X-Exportacao-Id', id)
          .send(zip);
      },
    );
  };
