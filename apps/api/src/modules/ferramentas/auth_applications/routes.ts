import * as schemas from '@saude/shared/schemas/auth_applications';
import { authApplicationQuerySchema, authApplicationSchema } from '@saude/shared/schemas/senha_simples';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyIdParams, recordModuleRoutes } from '../../../lib/routes';
import { RESOURCE } from './queries';
import * as service from './service';
import { porUri } from './service';

/**
 * GET / with `uri` in the query goes to the popup's lookup, without it to the managers' list: the router tells them
 * apart, so each keeps its own declared access (any signed-in user / `ferramentas/auth_applications:index`).
 */
const PELA_URI = 'authApplicationPelaUri';
const temUri = (url: string) => /[?&]uri(=|&|$)/.test(url.slice(url.indexOf('?')));

// /api/v1/ferramentas/auth_applications (spec §7, issue 39).
export const authApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasConstraintStrategy(PELA_URI)) {
    app.addConstraintStrategy({
      name: PELA_URI,
      storage: () => {
        const rotas = new Map<string, unknown>();
        return { get: (v) => (rotas.get(v as string) ?? null) as never, set: (v, r) => void rotas.set(v as string, r) };
      },
      deriveConstraint: (req) => (req.url?.includes('?') && temUri(req.url) ? 'sim' : undefined) as never,
    });
  }
  // The managers' record routes (issue 39): list, show, create, update, and DELETE, which deactivates.
  recordModuleRoutes(
    app,
    RESOURCE,
    {
      record: schemas.authApplicationRecordSchema,
      params: anyIdParams,
      filters: schemas.authApplicationFiltersSchema,
      item: schemas.authApplicationListItemSchema,
      input: schemas.authApplicationInputSchema,
      update: schemas.authApplicationUpdateSchema,
    },
    service,
  );
  // GET ?uri=: the popup checks who is asking before it offers a token (registered last: the OpenAPI document keeps
  // the spec's call for this path).
  app.get(
    '/',
    {
      constraints: { [PELA_URI]: 'sim' },
      config: { access: 'authenticated' },
      schema: { querystring: authApplicationQuerySchema, response: { 200: authApplicationSchema } },
    },
    async (req) => porUri(req.ctx.db, req.query.uri),
  );
};
