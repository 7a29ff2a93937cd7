import {
  exportacaoEsusInputSchema,
  exportacaoEsusSchema,
  unidadeExportavelSchema,
} from '@saude/shared/schemas/exportacao_esus';
import { todayIso } from '@saude/shared/validation/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emAndamento } from '../../../lib/metrics';
import type { Config } from '../../../config';
import { recordAction } from '../../../lib/routes';
import * as service from './service';

// /api/v1/atencao_primaria/exportacao_esus (issue 26): the history and a new export (a .zip of .esus.xml files).
export const exportacaoEsusRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const index = `${service.RESOURCE}:index` as const;
    recordAction(app, 'GET', '/', index, { response: z.array(exportacaoEsusSchema) }, (ctx) => service.list(ctx));
    recordAction(app, 'GET', '/unidades', index, { response: z.array(unidadeExportavelSchema) }, (ctx) =>
      service.unidadesDaExportacao(ctx),
    );
    // The answer is the .zip itself, not JSON: a raw route.
    app.post(
      '/',
      { config: { access: `${service.RESOURCE}:create` }, schema: { body: exportacaoEsusInputSchema } },
      async (req, reply) => {
        const { id, zip } = await emAndamento('exportacao_esus', () => service.exportar(req.ctx, config, req.body));
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="esus-aps-${todayIso()}.zip"`)
          .header('X-Exportacao-Id', id)
          .send(zip);
      },
    );
  };
