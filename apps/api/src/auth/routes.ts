import {
  loginInputSchema,
  loginResponseSchema,
  lotacaoOpcaoSchema,
  selecionarUnidadeInputSchema,
  trocarSenhaInputSchema,
  usuarioSchema,
} from '@saude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, SessionUser } from '../access/context';
import { bearerToken, type SessionPolicy } from './sessions';
import * as service from './service';

const signedIn = (req: { ctx: Ctx; usuario: SessionUser | null }) => ({ ...req.ctx, usuario: req.usuario! });

// The login service of spec §7 (base path /api/v2/auth).
export const authRoutes =
  (policy: SessionPolicy): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/login',
      {
        config: { access: 'public' },
        schema: { body: loginInputSchema, response: { 200: loginResponseSchema } },
      },
      async (req) => service.login(req.ctx, req.body, policy, req.headers['user-agent'] ?? null),
    );

    // A one-time password opens these three only: read who I am, choose a new password, leave (issue 14).
    // Each also answers while the terms of use wait for acceptance (issue 21), as do the unit's choice and its list.
    const oneTime = { access: 'authenticated', allowsOneTimePassword: true, allowsPendingTerms: true } as const;
    const pendingTerms = { access: 'authenticated', allowsPendingTerms: true } as const;

    app.post('/logout', { config: oneTime }, async (req, reply) => {
      await service.logout(signedIn(req));
      return reply.code(204).send();
    });

    app.get('/me', { config: oneTime, schema: { response: { 200: usuarioSchema } } }, async (req) =>
      service.toUsuario(req.usuario!),
    );

    app.get(
      '/lotacoes',
      { config: pendingTerms, schema: { response: { 200: z.array(lotacaoOpcaoSchema) } } },
      async (req) => service.listLotacoes(signedIn(req)),
    );

    app.put(
      '/unidade_atual',
      {
        config: pendingTerms,
        schema: { body: selecionarUnidadeInputSchema, response: { 200: usuarioSchema } },
      },
      async (req) =>
        service.selecionarUnidade(
          signedIn(req),
          req.body.unidade_saude_id,
          policy,
          bearerToken(req.headers.authorization)!,
        ),
    );

    app.put('/senha', { config: oneTime, schema: { body: trocarSenhaInputSchema } }, async (req, reply) => {
      await service.trocarSenha(signedIn(req), req.body);
      return reply.code(204).send();
    });
  };
