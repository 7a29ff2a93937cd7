import { auditoriaFiltersSchema, registroAcessoSchema } from '@saude/shared/schemas/auditoria';
import { todayIso } from '@saude/shared/validation/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from '../../lib/routes';
import * as service from './service';

// /api/v1/auditoria: the audit trail for managers (issue 14) — a citizen's access history and its CSV export.
export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/', 'auditoria:index', {
    query: auditoriaFiltersSchema,
    item: registroAcessoSchema,
    run: service.list,
  });
  app.get(
    '/csv',
    {
      config: { access: 'auditoria:index' },
      schema: { querystring: auditoriaFiltersSchema, response: { 200: z.string() } },
    },
    async (req, reply) => {
      const csv = await service.exportar(req.ctx, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="acessos-${todayIso()}.csv"`)
        .send(csv);
    },
  );
};
