import * as schemas from '@saude/shared/schemas/fila';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAction, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';

// /api/v1/filas/parametrizacoes: the current unit's queues, their locations and categories, and the unit's time
// between repeated calls (issue 17, spec §5).
export const parametrizacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const semParams = z.object({});
  // Before /:id.
  recordAction(
    app,
    'GET',
    '/categorias',
    `${RESOURCE}:index`,
    { params: semParams, response: z.array(schemas.categoriaDisponivelSchema) },
    (ctx) => service.categoriasDisponiveis(ctx),
  );
  recordAction(
    app,
    'GET',
    '/unidade',
    `${RESOURCE}:index`,
    { params: semParams, response: schemas.filaUnidadeSchema },
    (ctx) => service.unidade(ctx),
  );
  recordAction(
    app,
    'PUT',
    '/unidade',
    `${RESOURCE}:update`,
    { params: semParams, body: schemas.filaUnidadeUpdateSchema, response: schemas.filaUnidadeSchema },
    (ctx, _p, body) => service.atualizarUnidade(ctx, body),
  );
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.filaSchema,
      filters: schemas.filaFiltersSchema,
      item: schemas.filaListItemSchema,
      input: schemas.filaInputSchema,
      update: schemas.filaUpdateSchema,
    },
    service,
  );
};
