import {
  condicaoSaudeInputSchema,
  condicaoSaudeSchema,
  municipeBuscaAvancadaBaseSchema,
  municipeCreateSchema,
  municipeFiltersSchema,
  municipeListItemSchema,
  municipeSchema,
  municipeUpdateSchema,
  permissaoCadastroSchema,
  sociodemograficaInputSchema,
  sociodemograficaSchema,
} from '@saude/shared/schemas/municipe';
import {
  biometriaInputSchema,
  biometriaParamsSchema,
  biometriasSchema,
} from '@saude/shared/schemas/municipe_biometria';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../access/context';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { anyIdParams, isUuid, listRoute, recordAction, recordModuleRoutes } from '../../lib/routes';
import * as service from './service';

/** A citizen id that is not a uuid is no citizen: 404 'Cadastro não encontrado', as an unknown one (issue 12). */
const porId =
  <A extends unknown[], T>(run: (ctx: Ctx, id: string, ...rest: A) => Promise<T>) =>
  async (ctx: Ctx, id: string, ...rest: A): Promise<T> => {
    if (!isUuid(id)) throw notFound();
    return run(ctx, id, ...rest);
  };

// /api/v1/municipes: the citizen registry (issue 5).
export const municipesRoutes: FastifyPluginAsyncZod = async (app) => {
  recordModuleRoutes(
    app,
    service.RESOURCE,
    {
      record: municipeSchema,
      params: anyIdParams,
      filters: municipeFiltersSchema,
      item: municipeListItemSchema,
      input: municipeCreateSchema,
      update: municipeUpdateSchema,
    },
    {
      list: service.list,
      create: service.create,
      show: porId(service.show),
      update: porId(service.update),
      destroy: porId(service.destroy),
    },
  );
  listRoute(app, '/busca_avancada', `${service.RESOURCE}:index`, {
    query: municipeBuscaAvancadaBaseSchema,
    item: municipeListItemSchema,
    run: service.buscaAvancada,
  });
  blocoRoutes(app, 'sociodemografica', 'sociodemograficas', sociodemograficaInputSchema, sociodemograficaSchema);
  blocoRoutes(app, 'condicao_saude', 'condicoes_saude', condicaoSaudeInputSchema, condicaoSaudeSchema);
  biometriaRoutes(app);
};

/** The citizen's fingerprints (issue 39): list, capture or replace a finger (PUT), remove one; each answers the list. */
function biometriaRoutes(app: FastifyInstance) {
  const url = '/:id/biometrias';
  const params = anyIdParams;
  const response = biometriasSchema;
  const list = porId(service.lerBiometrias);
  const save = porId(service.salvarBiometria);
  const remove = porId(service.excluirBiometria);
  recordAction(app, 'GET', url, 'municipes/biometrias:show', { params, response }, (ctx, p) => list(ctx, p.id));
  recordAction(
    app,
    'PUT',
    url,
    'municipes/biometrias:update',
    { params, body: biometriaInputSchema, response },
    (ctx, p, b) => save(ctx, p.id, b as { dedo: number; template_base64: string; qualidade: number }),
  );
  const dedoParams = biometriaParamsSchema;
  recordAction(
    app,
    'DELETE',
    `${url}/:dedo`,
    'municipes/biometrias:destroy',
    { params: dedoParams, response },
    (ctx, p) => remove(ctx, p.id, p.dedo),
  );
}

/**
 * A block with its own permissions (spec §6). GET audits the reading; PUT updates, or creates when the block does not
 * exist yet (lock_version null, create permission needed); POST only creates.
 */
function blocoRoutes<B extends service.Bloco>(
  app: FastifyInstance,
  path: string,
  bloco: B,
  input: typeof sociodemograficaInputSchema | typeof condicaoSaudeInputSchema,
  answer: typeof sociodemograficaSchema | typeof condicaoSaudeSchema,
) {
  const resource = `municipes/${bloco}` as const;
  const url = `/:id/${path}`;
  const params = anyIdParams;
  const get = porId((ctx, id) => service.lerBloco(ctx, bloco, id));
  const save = porId((ctx, id, body: unknown, mode: 'create' | 'upsert') =>
    service.salvarBloco(ctx, bloco, id, body as service.BlocoInput<B>, mode),
  );
  recordAction(app, 'GET', url, `${resource}:show`, { params, response: answer }, (ctx, p) => get(ctx, p.id));
  recordAction(app, 'PUT', url, `${resource}:update`, { params, body: input, response: answer }, (ctx, p, body) =>
    save(ctx, p.id, body, 'upsert'),
  );
  const creates = { params, body: input, response: answer, creates: true };
  recordAction(app, 'POST', url, `${resource}:create`, creates, (ctx, p, body) => save(ctx, p.id, body, 'create'));
}

// /api/municipes/{id}/permissao_cadastro (spec §7, outside /v1): what this user may do with the citizen's two blocks.
const permissao = porId(service.permissaoCadastro);
export const municipesPermissaoRoutes: FastifyPluginAsyncZod = async (app) => {
  recordAction(
    app,
    'GET',
    '/:id/permissao_cadastro',
    'municipes:show',
    { params: anyIdParams, response: permissaoCadastroSchema },
    (ctx, p) => permissao(ctx, p.id),
  );
};
