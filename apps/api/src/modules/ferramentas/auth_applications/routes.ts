import { authApplicationQuerySchema, authApplicationSchema } from '@saude/shared/schemas/senha_simples';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { porUri } from './service';

// GET /api/v1/ferramentas/auth_applications?uri=: the popup checks who is asking before it offers a token.
export const authApplicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'authenticated' },
      schema: { querystring: authApplicationQuerySchema, response: { 200: authApplicationSchema } },
    },
    async (req) => porUri(req.ctx.db, req.query.uri),
  );
};
