import {
  loginInputSchema,
  loginResponseSchema,
  logoutResponseSchema,
  ssoCallbackInputSchema,
  ssoCallbackResponseSchema,
  lotacaoOpcaoSchema,
  selecionarUnidadeInputSchema,
  trocarSenhaInputSchema,
  usuarioSchema,
} from '@saude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, SessionUser } from '../access/context';
import { AppError } from '../lib/errors';
import { bearerToken, type SessionPolicy } from './sessions';
import * as service from './service';
import { SSO_COOKIE, SSO_COOKIE_PATH, type Sso } from './sso';

const signedIn = (req: { ctx: Ctx; usuario: SessionUser | null }) => ({ ...req.ctx, usuario: req.usuario! });

// The login service of spec §7 (base path /api/v2/auth).
/** The browser-binding cookie of a single sign-on: HttpOnly, same-site, only for the callback, gone in 10 minutes. */
function ssoCookie(value: string, secure: boolean, maxAge: number) {
  return [
    `${SSO_COOKIE}=${value}`,
    `Path=${SSO_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=') || null;
  }
  return null;
}

export const authRoutes =
  (policy: SessionPolicy, sso: Sso): FastifyPluginAsyncZod =>
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

    // Single sign-on (issue 23, spec §7). A navigation, not a fetch: the browser goes on to the provider; a failure
    // comes back to the sign-in page with its reason, never as a bare JSON page.
    app.get(
      '/oauth/authorize',
      {
        config: { access: 'public' },
        schema: { querystring: z.object({ retorno: z.string().max(4000).optional() }) },
      },
      async (req, reply) => {
        try {
          const { url, state } = await sso.authorize(req.ctx.db, req.query.retorno ?? null);
          reply.header('set-cookie', ssoCookie(state, req.protocol === 'https', 600));
          reply.header('cache-control', 'no-store');
          return reply.redirect(url, 302);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const motivo = err.statusCode === 404 ? 'nao_configurado' : 'indisponivel';
          return reply.redirect(`/login?sso_erro=${motivo}`, 302);
        }
      },
    );

    // The code the provider gave the browser, exchanged here (never in the browser); the answer is a session as the
    // password's, plus the path the user was going to.
    app.post(
      '/oauth/callback',
      {
        config: { access: 'public' },
        schema: { body: ssoCallbackInputSchema, response: { 200: ssoCallbackResponseSchema } },
      },
      async (req, reply) => {
        // Used once, whatever happens.
        reply.header('set-cookie', ssoCookie('', req.protocol === 'https', 0));
        return service.loginSso(
          req.ctx,
          sso,
          req.body,
          readCookie(req.headers.cookie, SSO_COOKIE),
          policy,
          req.headers['user-agent'] ?? null,
        );
      },
    );

    // 204; a single sign-on session answers 200 with the provider's logout address, where the browser goes next.
    app.post(
      '/logout',
      { config: oneTime, schema: { response: { 200: logoutResponseSchema, 204: z.null() } } },
      async (req, reply) => {
        const url = await service.logout(signedIn(req), sso);
        if (url) return { sso_logout_url: url };
        return reply.code(204).send(null);
      },
    );

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
