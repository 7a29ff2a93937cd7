import * as schemas from '@saude/shared/schemas/notificacao_compulsoria';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../access/context';
import type { Config } from '../../config';
import { notFound } from '../../lib/errors';
import { isUuid, listRoute, recordAction } from '../../lib/routes';
import { exportacaoCsv } from './csv';
import { fichaPdf } from './pdf';
import { notificacaoNaoEncontrada, RESOURCE } from './queries';
import * as service from './service';

// /api/v1/municipes_notificacao (issue 18, spec §2): the citizens with notifications, the map of cases, a citizen's
// notifications, one notification (create, edit, change of status), its SINAN form (PDF) and the CSV extract. The
// form's municipality of notification is the installation's (config ESUS_MUNICIPIO_IBGE).
// Ids in the path are checked by the handlers: a malformed one answers 404 like an unknown one.

const can = (action: 'index' | 'show' | 'create' | 'update' | 'situacao') => `${RESOURCE}:${action}` as const;

const municipeParams = z.object({ municipeId: z.string() });
const notificacaoParams = z.object({ municipeId: z.string(), notificacaoId: z.string() });

/** Both ids well formed, or 404 (the citizen's when the citizen id is malformed). */
function ids(p: { municipeId: string; notificacaoId?: string }) {
  if (!isUuid(p.municipeId)) throw notFound();
  if (p.notificacaoId !== undefined && !isUuid(p.notificacaoId)) throw notificacaoNaoEncontrada();
  return { municipeId: p.municipeId, notificacaoId: p.notificacaoId ?? '' };
}

export const notificacoesRoutes =
  (config: Pick<Config, 'ESUS_MUNICIPIO_IBGE'>): FastifyPluginAsyncZod =>
  async (app) => {
    listRoute(app, '/', can('index'), {
      query: schemas.notificacaoFiltersSchema,
      item: schemas.notificacaoListItemSchema,
      run: service.list,
    });

    const mapa = { query: schemas.notificacaoFiltersSchema, response: schemas.notificacaoMapaSchema };
    recordAction(app, 'GET', '/mapa', can('index'), mapa, (ctx, _p, _b, query) => service.mapa(ctx, query));

    app.get(
      '/exportacao.csv',
      {
        config: { access: can('index') },
        schema: { querystring: schemas.notificacaoExportacaoSchema, response: { 200: z.string() } },
      },
      async (req, reply) => {
        const { nome, csv } = await exportacaoCsv(req.ctx, req.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${nome}"`)
          .send(csv);
      },
    );

    recordAction(
      app,
      'GET',
      '/:municipeId',
      can('show'),
      { params: municipeParams, response: schemas.notificacaoDetalhesSchema },
      (ctx: Ctx, p) => service.detalhes(ctx, ids(p).municipeId),
    );

    recordAction(
      app,
      'POST',
      '/:municipeId/notificacoes',
      can('create'),
      {
        params: municipeParams,
        body: schemas.notificacaoInputSchema,
        response: schemas.notificacaoSchema,
        creates: true,
      },
      (ctx, p, body) => service.create(ctx, ids(p).municipeId, body),
    );

    recordAction(
      app,
      'GET',
      '/:municipeId/notificacoes/:notificacaoId',
      can('show'),
      { params: notificacaoParams, response: schemas.notificacaoSchema },
      (ctx, p) => {
        const { municipeId, notificacaoId } = ids(p);
        return service.show(ctx, municipeId, notificacaoId);
      },
    );

    recordAction(
      app,
      'PUT',
      '/:municipeId/notificacoes/:notificacaoId',
      can('update'),
      { params: notificacaoParams, body: schemas.notificacaoUpdateSchema, response: schemas.notificacaoSchema },
      (ctx, p, body) => {
        const { municipeId, notificacaoId } = ids(p);
        return service.update(ctx, municipeId, notificacaoId, body);
      },
    );

    recordAction(
      app,
      'POST',
      '/:municipeId/notificacoes/:notificacaoId/situacao',
      can('situacao'),
      { params: notificacaoParams, body: schemas.notificacaoSituacaoSchema, response: schemas.notificacaoSchema },
      (ctx, p, body) => {
        const { municipeId, notificacaoId } = ids(p);
        return service.mudarSituacao(ctx, municipeId, notificacaoId, body);
      },
    );

    app.get(
      '/:municipeId/notificacoes/:notificacaoId/ficha.pdf',
      { config: { access: can('show') }, schema: { params: notificacaoParams } },
      async (req, reply) => {
        const { municipeId, notificacaoId } = ids(req.params);
        const pdf = await fichaPdf(req.ctx, municipeId, notificacaoId, config.ESUS_MUNICIPIO_IBGE);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `inline; filename="ficha-notificacao-${notificacaoId}.pdf"`)
          .header('Cache-Control', 'no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
