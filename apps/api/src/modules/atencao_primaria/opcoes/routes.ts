import { opcoesFiltroSchema } from '@saude/shared/schemas/opcoes_filtro';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAction } from '../../../lib/routes';
import * as service from './service';

// /api/v1/atencao_primaria/opcoes_filtro: unit, team and professional options of the household, family and visit
// lists (issue 7). Any signed-in user: it names only units, teams and colleagues of the user's own units, and each
// list screen that uses it has its own permission (docs/decisions.md "Households and families").
export const opcoesFiltroRoutes: FastifyPluginAsyncZod = async (app) => {
  recordAction(app, 'GET', '/', 'authenticated', { response: opcoesFiltroSchema }, (ctx) => service.opcoesFiltro(ctx));
};
