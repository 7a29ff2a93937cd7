import { senhaSimplesTokenInputSchema, senhaSimplesTokenSchema } from '@saude/shared/schemas/senha_simples';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionPolicy } from '../../../auth/sessions';
import { emitirToken } from './service';

// POST /api/v1/filas/senha_simples/token: the popup's "Autorizar" (issue 17, spec §4). Whoever may read the unit's
// tickets may hand the ticket service a token limited to them. A raw route: it reads the User-Agent, not in ctx.
export const senhaSimplesRoutes =
  (policy: SessionPolicy): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/token',
      {
        config: { access: 'filas/senhas:index' },
        schema: { body: senhaSimplesTokenInputSchema, response: { 200: senhaSimplesTokenSchema } },
      },
      async (req) => emitirToken(req.ctx, req.body, policy, req.headers['user-agent'] ?? null),
    );
  };
