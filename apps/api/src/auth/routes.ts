import {
  msg,
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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx, SessionUser } from '../access/context';
import { audit } from '../access/audit';
import { AppError, codeForStatus, errorBody } from '../lib/errors';
import { bearerToken, type SessionPolicy } from './sessions';
import * as service from './service';
import { LogoutTokenRecusado, SSO_COOKIE, SSO_COOKIE_PATH, type Sso } from './sso';

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

    // OpenID Connect Back-Channel Logout 1.0 (issue 43): the provider's server, not a browser, POSTs a form with
    // `logout_token` (the address to register there: README, "Acesso único"). The spec's answers: 200 when the
    // sessions it names ended (or none was left), 400 with an OAuth error otherwise — a malformed body too, never 422
    // or 500. The form is read here as it came (URLSearchParams), so the input guard has no field to answer 422 for.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, body, done) => {
        const form = /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');
        done(null, form ? new URLSearchParams(String(body)) : null);
      });
      scope.post(
        '/oauth/backchannel_logout',
        {
          config: { access: 'public' },
          // Any failure before the handler (a body too large, a broken encoding) is the spec's 400 too.
          errorHandler: (_err, _req, reply) => refuseLogout(reply, 'invalid_request', msg.ssoLogoutInvalido),
        },
        async (req, reply) => {
          reply.header('cache-control', 'no-store');
          const body = req.body instanceof URLSearchParams ? req.body : null;
          const tokens = body?.getAll('logout_token') ?? [];
          try {
            await sso.backchannelLogout(req.ctx, tokens.length === 1 ? tokens[0]! : null);
            return reply.code(200).send({});
          } catch (err) {
            if (!(err instanceof LogoutTokenRecusado)) {
              req.log.error({ err }, 'backchannel logout');
              return refuseLogout(reply, 'temporarily_unavailable', msg.ssoLogoutFalhou);
            }
            await audit(req.ctx.db, req.ctx, {
              action: 'logout_sso_recusado',
              resource: 'auth',
              profissional_id: null,
              unidade_saude_id: null,
              details: { motivo: err.motivo },
            });
            return refuseLogout(reply, 'invalid_request', msg.ssoLogoutInvalido);
          }
        },
      );
    });

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

/**
 * The back-channel logout's refusal (§2.8: 400 with an OAuth 2.0 error, `error` and `error_description`), never
 * cached; with the API's own error fields too, so every refusal of ours still reads the same way.
 */
function refuseLogout(reply: FastifyReply, error: string, description: string) {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .send(errorBody(codeForStatus(400), description, {}, { error, error_description: description }));
}
