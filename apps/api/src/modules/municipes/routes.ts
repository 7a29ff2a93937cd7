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
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoute, recordAction, recordRoutes } from '../../lib/routes';
import * as service from './service';

// /api/v1/municipes: the citizen registry (issue 5).
export const municipesRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, 'municipes', {
    record: municipeSchema,
    list: { query: municipeFiltersSchema, item: municipeListItemSchema, run: service.listMunicipes },
    create: { body: municipeCreateSchema, run: service.createMunicipe },
    show: service.getMunicipe,
    update: { body: municipeUpdateSchema, run: service.updateMunicipe },
    destroy: service.deleteMunicipe,
  });
  listRoute(app, '/busca_avancada', 'municipes:index', {
    query: municipeBuscaAvancadaBaseSchema,
    item: municipeListItemSchema,
    run: service.buscaAvancada,
  });
  blocoRoutes(app, 'sociodemografica', 'sociodemograficas', sociodemograficaInputSchema, sociodemograficaSchema);
  blocoRoutes(app, 'condicao_saude', 'condicoes_saude', condicaoSaudeInputSchema, condicaoSaudeSchema);
};

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
  recordAction(app, 'GET', url, `${resource}:show`, { response: answer }, (ctx, p) =>
    service.getBloco(ctx, bloco, p.id),
  );
  recordAction(app, 'PUT', url, `${resource}:update`, { body: input, response: answer }, (ctx, p, body) =>
    service.saveBloco(ctx, bloco, p.id, body as service.BlocoInput<B>, 'upsert'),
  );
  const creates = { body: input, response: answer, creates: true };
  recordAction(app, 'POST', url, `${resource}:create`, creates, (ctx, p, body) =>
    service.saveBloco(ctx, bloco, p.id, body as service.BlocoInput<B>, 'create'),
  );
}

// /api/municipes/{id}/permissao_cadastro (spec §7, outside /v1): what this user may do with the citizen's two blocks.
export const municipesPermissaoRoutes: FastifyPluginAsyncZod = async (app) => {
  recordAction(
    app,
    'GET',
    '/:id/permissao_cadastro',
    'municipes:show',
    { response: permissaoCadastroSchema },
    (ctx, p) => service.permissaoCadastro(ctx, p.id),
  );
};
