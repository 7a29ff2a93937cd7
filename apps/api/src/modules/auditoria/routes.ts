import { auditoriaFiltersSchema, registroAcessoSchema } from '@saude/shared/schemas/auditoria';
import { acessoMunicipeSchema, acessosMunicipeFiltersSchema } from '@saude/shared/schemas/municipe_acessos';
import { todayIso } from '@saude/shared/validation/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyIdParams, listRoute } from '../../lib/routes';
import * as acessos from './acessos_municipe';
import { acessosPdf } from './acessos_pdf';
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

// /api/v1/municipes/:id/acessos (issue 46): "Quem acessou" one citizen, for the manager and the data-protection officer.
export const acessosMunicipeRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/:id/acessos', 'municipes/lgpd:show', {
    params: anyIdParams,
    query: acessosMunicipeFiltersSchema,
    item: acessoMunicipeSchema,
    run: (ctx, query, params) => acessos.listar(ctx, params.id, query),
  });
  app.get(
    '/:id/acessos/csv',
    {
      config: { access: 'municipes/lgpd:show' },
      schema: { params: anyIdParams, querystring: acessosMunicipeFiltersSchema, response: { 200: z.string() } },
    },
    async (req, reply) => {
      const csv = await acessos.csv(req.ctx, req.params.id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="quem-acessou-${todayIso()}.csv"`)
        .send(csv);
    },
  );
  app.get(
    '/:id/acessos/pdf',
    {
      config: { access: 'municipes/lgpd:show' },
      schema: { params: anyIdParams, querystring: acessosMunicipeFiltersSchema },
    },
    async (req, reply) => {
      const pdf = await acessosPdf(req.ctx, req.params.id, req.query);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="quem-acessou-${todayIso()}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};
